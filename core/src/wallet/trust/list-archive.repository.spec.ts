// The last good copies of the trusted lists on both databases: stored byte for byte, one row per URL, and a
// restart that serves them (verified again) while the publisher is down, and refuses a replayed older list.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '@idgate/platform';
import { openDatabase, type Database } from '../../db/client.ts';
import { walletTrustLists } from '../../db/schema/index.ts';
import { reachable, TEST_DATABASE_URL } from '../../testing/index.ts';
import { boundedFetcher } from './fetch-list.ts';
import { TrustListArchiveRepository } from './list-archive.repository.ts';
import { buildSignedTestLists, type SignedTestLists } from './testing/build-lists.ts';
import { serveTestLists, type TestListServer } from './testing/serve-lists.ts';
import { testSigner, type TestSigner } from './testing/test-pki.ts';
import { TrustedLists } from './trusted-lists.ts';

const pgReachable = await reachable(TEST_DATABASE_URL);
const schemaName = `wallet_trust_${process.pid}_${Date.now()}`;
const BACKENDS = [
  { name: 'PGlite', open: () => openDatabase({}) },
  ...(pgReachable || process.env.CI === 'true' ? [{ name: 'Postgres', open: () => openDatabase({ url: TEST_DATABASE_URL, schemaName, poolSize: 2 }) }] : []),
];

afterAll(async () => {
  if (!pgReachable) return;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop schema if exists "${schemaName}" cascade`);
  await admin.end();
});

const silent: Logger = new Proxy({} as Logger, { get: (_t, k) => (k === 'child' ? () => silent : () => undefined) });
const DAY = 24 * 3600_000;

describe.each(BACKENDS)('trusted-list archive on $name', ({ open }) => {
  let database: Database;
  let server: TestListServer;
  let iaca: TestSigner;
  let lists: SignedTestLists;
  const nextUpdate = new Date(Date.now() + 7 * DAY);
  const trust = () =>
    new TrustedLists({
      lotl: { url: `${server.origin}/lotl.xml`, signers: [lists.lotlSigner.certificateDer] },
      fetchList: boundedFetcher({ timeoutMs: 5000, maxBytes: 1 << 20 }),
      archive: new TrustListArchiveRepository(database.db),
      log: silent,
    });

  beforeAll(async () => {
    database = await open();
    await database.migrate();
    server = await serveTestLists();
    iaca = await testSigner('Archive test IACA');
    lists = await buildSignedTestLists({ iacaCertificates: [iaca.certificateDer], nextUpdate, baseUrl: server.origin, sequenceNumber: 9 });
    for (const [path, body] of Object.entries(lists.files)) server.files.set(path, body);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('stores a list byte for byte and keeps one row per URL', async () => {
    const archive = new TrustListArchiveRepository(database.db);
    const url = 'https://lists.example/tl-zz.xml';
    const body = '<?xml version="1.0"?>\n<List>Ελλάδα — Österreich ✓\r\n</List>';
    await archive.save({ url, kind: 'tsl', body, fetchedAt: new Date('2026-01-01T10:00:00.123Z'), nextUpdate: undefined });
    await archive.save({ url, kind: 'tsl', body: `${body} `, fetchedAt: new Date('2026-01-02T10:00:00.456Z'), nextUpdate: new Date('2026-07-01T00:00:00Z') });
    const rows = (await archive.loadAll()).filter((l) => l.url === url);
    expect(rows).toEqual([
      { url, kind: 'tsl', body: `${body} `, fetchedAt: new Date('2026-01-02T10:00:00.456Z'), nextUpdate: new Date('2026-07-01T00:00:00Z') },
    ]);
    await archive.save({ url: 'https://lists.example/lote.jws', kind: 'lote', body: 'a.b.c', fetchedAt: new Date(), nextUpdate: undefined });
    expect((await archive.loadAll()).find((l) => l.url === 'https://lists.example/lote.jws')).toMatchObject({ kind: 'lote', nextUpdate: undefined });
  });

  it('a restart serves the persisted copies, verified again, while the publisher is down', async () => {
    server.failing.clear();
    const first = trust();
    expect((await first.refresh()).ok).toBe(true);
    await first.close();
    const urls = (await database.db.select().from(walletTrustLists)).map((r) => r.url);
    expect(urls).toEqual(expect.arrayContaining([`${server.origin}/lotl.xml`, `${server.origin}/tl-xt.xml`]));

    server.failing.add('/lotl.xml');
    server.failing.add('/tl-xt.xml');
    const restarted = trust();
    const report = await restarted.loadPersisted();
    expect(report.lists.map((l) => [l.source, l.result, l.sequenceNumber])).toEqual([
      ['lotl', 'kept', 9],
      ['lotl:XT', 'kept', 9],
    ]);
    expect(restarted.current(new Date()).anchors).toHaveLength(1);
    await restarted.close();
  });

  it('C-VP-2 after a restart, a national list older than the persisted copy is refused and the persisted copy kept', async () => {
    server.failing.clear();
    const older = await buildSignedTestLists({
      iacaCertificates: [iaca.certificateDer],
      nextUpdate,
      baseUrl: server.origin,
      sequenceNumber: 8,
      withdrawn: true,
      signers: lists,
    });
    server.files.set('/tl-xt.xml', older.files['/tl-xt.xml']!);
    const restarted = trust();
    await restarted.loadPersisted();
    const report = await restarted.refresh();
    const national = report.lists.find((l) => l.source === 'lotl:XT')!;
    expect(national).toMatchObject({ result: 'kept', sequenceNumber: 9 });
    expect(national.error).toMatch(/^rollback: TSLSequenceNumber 8 is lower than the last good copy's 9/);
    expect(restarted.current(new Date()).anchors.map((a) => a.status)).toEqual(['granted']);
    const [row] = (await database.db.select().from(walletTrustLists)).filter((r) => r.url === `${server.origin}/tl-xt.xml`);
    expect(row!.body).toContain('<TSLSequenceNumber>9</TSLSequenceNumber>');
    await restarted.close();
  });
});
