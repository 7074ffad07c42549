import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '@idgate/platform';
import { AppError } from '@idgate/protos';
import { openDatabase, type Database } from '../../db/client.ts';
import { walletTrustLists } from '../../db/schema/index.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '@idgate/platform';
import { boundedFetcher } from './fetch-list.ts';
import { WorkerListVerifier, type ListVerifier } from './list-verifier.ts';
import { trustedListsFromConfig } from './index.ts';
import { MemoryListArchive, TrustListArchiveRepository } from './list-archive.repository.ts';
import { SVC_PID_ISSUANCE } from './service-types.ts';
import { TrustedLists, type ListArchive } from './trusted-lists.ts';
import { buildSignedTestLists, lotlXml, nationalListXml, signedLote, signXml, type SignedTestLists } from './testing/build-lists.ts';
import { serveTestLists, type TestListServer } from './testing/serve-lists.ts';
import { testSigner, type TestSigner } from './testing/test-pki.ts';

const silent: Logger = new Proxy({} as Logger, { get: (_t, k) => (k === 'child' ? () => silent : () => undefined) });
const DAY = 24 * 3600_000;
const fetchList = boundedFetcher({ timeoutMs: 5000, maxBytes: 1 << 20 });

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.code : `not an AppError: ${String(err)}`;
  }
  return undefined;
}

describe('wallet trusted lists (ETSI TS 119 612 LOTL and national lists, TS 119 602)', () => {
  let server: TestListServer;
  let iaca: TestSigner;
  let rogue: TestSigner;
  let lists: SignedTestLists;
  const nextUpdate = new Date(Date.now() + 7 * DAY);
  const now = new Date(Date.now());

  const lotlTrust = (archive: ListArchive = new MemoryListArchive(), at: () => Date = () => now, verifier?: ListVerifier) =>
    new TrustedLists({
      lotl: { url: `${server.origin}/lotl.xml`, signers: [lists.lotlSigner.certificateDer] },
      fetchList,
      archive,
      log: silent,
      now: at,
      verifier,
    });

  /** Puts the good, signed lists back (each test starts from them). */
  const publishGood = () => {
    server.files.clear();
    server.failing.clear();
    for (const [path, body] of Object.entries(lists.files)) server.files.set(path, body);
  };

  beforeAll(async () => {
    server = await serveTestLists();
    [iaca, rogue] = await Promise.all([testSigner('Test IACA XT'), testSigner('Rogue signer')]);
    lists = await buildSignedTestLists({ iacaCertificates: [iaca.certificateDer], nextUpdate, baseUrl: server.origin });
  });
  afterAll(() => server?.close());

  it('a good LOTL leads to its national list and to the IACA anchors of its PID providers', async () => {
    publishGood();
    const trust = lotlTrust();
    expect(codeOf(() => trust.current(now))).toBe('WALLET_TRUST_LIST_UNAVAILABLE');
    const report = await trust.refresh();
    expect(report.ok).toBe(true);
    const snap = trust.current(now);
    expect(snap.anchors).toHaveLength(1);
    expect(Buffer.from(snap.anchors[0]!.certificateDer).equals(Buffer.from(iaca.certificateDer))).toBe(true);
    expect(snap.anchors[0]).toMatchObject({ source: 'lotl:XT', serviceType: SVC_PID_ISSUANCE, status: 'granted', scope: 'pid' });
    expect(snap.nextUpdate?.getTime()).toBe(new Date(nextUpdate.toISOString()).getTime());
    expect(Object.isFrozen(snap) && Object.isFrozen(snap.anchors)).toBe(true);
    // The LOTL's PDF pointer to the same list is not fetched.
    expect(server.hits.get('/tl-xt.pdf')).toBeUndefined();
  });

  it('a LOTL whose signature is not by a configured LOTL signer is refused', async () => {
    publishGood();
    server.files.set(
      '/lotl.xml',
      await signXml(
        lotlXml({ nextUpdate, pointers: [{ territory: 'XT', location: `${server.origin}/tl-xt.xml`, signers: [lists.nationalSigner.certificateDer] }] }),
        rogue,
      ),
    );
    const trust = lotlTrust();
    const report = await trust.refresh();
    expect(report.ok).toBe(false);
    expect(report.lists[0]).toMatchObject({ source: 'lotl', result: 'failed' });
    expect(report.lists[0]!.error).toMatch(/^signature/);
    expect(codeOf(() => trust.current(now))).toBe('WALLET_TRUST_LIST_UNAVAILABLE');
  });

  it('a LOTL altered after signing is refused', async () => {
    publishGood();
    server.files.set('/lotl.xml', lists.files['/lotl.xml']!.replace('<SchemeTerritory>XT</SchemeTerritory>', '<SchemeTerritory>XU</SchemeTerritory>'));
    const trust = lotlTrust();
    expect((await trust.refresh()).lists[0]).toMatchObject({ result: 'failed' });
    expect(codeOf(() => trust.current(now))).toBe('WALLET_TRUST_LIST_UNAVAILABLE');
  });

  it('a national list signed by a certificate the LOTL does not name for it is never used', async () => {
    publishGood();
    server.files.set(
      '/tl-xt.xml',
      await signXml(nationalListXml({ territory: 'XT', nextUpdate, services: [{ certificates: [rogue.certificateDer] }] }), rogue),
    );
    const trust = lotlTrust();
    const report = await trust.refresh();
    expect(report.lists.find((l) => l.source === 'lotl:XT')).toMatchObject({ result: 'failed' });
    expect(trust.current(now).anchors).toHaveLength(0);
  });

  it('a withdrawn service stays in the snapshot with status withdrawn', async () => {
    publishGood();
    const withdrawn = await buildSignedTestLists({
      iacaCertificates: [iaca.certificateDer],
      nextUpdate,
      baseUrl: server.origin,
      withdrawn: true,
      signers: lists,
    });
    for (const [path, body] of Object.entries(withdrawn.files)) server.files.set(path, body);
    const trust = lotlTrust();
    await trust.refresh();
    expect(trust.current(now).anchors.map((a) => a.status)).toEqual(['withdrawn']);
  });

  it('C-VP-2 a list past its NextUpdate makes current() throw WALLET_TRUST_LIST_STALE', async () => {
    publishGood();
    const past = new Date(now.getTime() - DAY);
    const stale = await buildSignedTestLists({ iacaCertificates: [iaca.certificateDer], nextUpdate: past, baseUrl: server.origin, signers: lists });
    for (const [path, body] of Object.entries(stale.files)) server.files.set(path, body);
    const trust = lotlTrust();
    await trust.refresh();
    expect(codeOf(() => trust.current(now))).toBe('WALLET_TRUST_LIST_STALE');
    expect(trust.state(now)).toMatchObject({ loaded: true, stale: true });
  });

  it('C-VP-2 a failed refresh keeps the last good copy until its NextUpdate, then answers stale', async () => {
    publishGood();
    const trust = lotlTrust();
    await trust.refresh();
    server.failing.add('/lotl.xml');
    server.failing.add('/tl-xt.xml');
    const failed = await trust.refresh();
    expect(failed.ok).toBe(false);
    expect(failed.lists.map((l) => l.result)).toEqual(['kept', 'kept']);
    expect(trust.current(now).anchors).toHaveLength(1);
    expect(codeOf(() => trust.current(new Date(nextUpdate.getTime() + 1000)))).toBe('WALLET_TRUST_LIST_STALE');
    // The publisher is back: the next refresh swaps in a fresh copy.
    server.failing.clear();
    expect((await trust.refresh()).ok).toBe(true);
  });

  it('a new national list whose signature fails is not used: the last good copy is kept', async () => {
    publishGood();
    const trust = lotlTrust();
    await trust.refresh();
    server.files.set('/tl-xt.xml', lists.files['/tl-xt.xml']!.replace('Svcstatus/granted', 'Svcstatus/withdrawn'));
    const report = await trust.refresh();
    expect(report.lists.find((l) => l.source === 'lotl:XT')).toMatchObject({ result: 'kept' });
    expect(report.lists.find((l) => l.source === 'lotl:XT')!.error).toMatch(/^signature/);
    expect(trust.current(now).anchors.map((a) => a.status)).toEqual(['granted']);
  });

  it('a refresh never blocks current(): it answers from the old snapshot while the new one is built', async () => {
    publishGood();
    const trust = lotlTrust();
    await trust.refresh();
    const before = trust.current(now);
    const pending = trust.refresh();
    expect(trust.current(now)).toBe(before);
    expect(trust.refresh()).toBe(pending); // concurrent refreshes share one run
    await pending;
    expect(trust.current(now)).not.toBe(before);
  });

  it('an unchanged certificate keeps its byte array across refreshes (the mdoc verifier does not parse it again)', async () => {
    publishGood();
    const trust = lotlTrust();
    await trust.refresh();
    const before = trust.current(now);
    await trust.refresh();
    const after = trust.current(now);
    expect(after).not.toBe(before);
    expect(after.anchors[0]!.certificateDer).toBe(before.anchors[0]!.certificateDer);
    // A new certificate is a new array.
    const other = await testSigner('Another IACA');
    server.files.set(
      '/tl-xt.xml',
      await signXml(nationalListXml({ territory: 'XT', nextUpdate, services: [{ certificates: [other.certificateDer] }] }), lists.nationalSigner),
    );
    await trust.refresh();
    expect(Buffer.from(trust.current(now).anchors[0]!.certificateDer).equals(Buffer.from(other.certificateDer))).toBe(true);
    await trust.close();
  });

  describe('C-VP-2 TSLSequenceNumber rollback', () => {
    /** Publishes the LOTL and national list, validly signed by the configured signers, at one sequence number. */
    const publish = async (sequenceNumber: number, o: { withdrawn?: boolean; lotlSequence?: number } = {}) => {
      const v = await buildSignedTestLists({
        iacaCertificates: [iaca.certificateDer],
        nextUpdate,
        baseUrl: server.origin,
        sequenceNumber,
        withdrawn: o.withdrawn,
        signers: lists,
      });
      server.files.set('/tl-xt.xml', v.files['/tl-xt.xml']!);
      if (o.lotlSequence === undefined) server.files.set('/lotl.xml', v.files['/lotl.xml']!);
      else {
        const lotl = await buildSignedTestLists({ iacaCertificates: [], nextUpdate, baseUrl: server.origin, sequenceNumber: o.lotlSequence, signers: lists });
        server.files.set('/lotl.xml', lotl.files['/lotl.xml']!);
      }
    };

    it('C-VP-2 a national list with a lower TSLSequenceNumber than the last good copy is refused and the last good copy kept', async () => {
      publishGood();
      await publish(5);
      const trust = lotlTrust();
      const first = await trust.refresh();
      expect(first.lists.find((l) => l.source === 'lotl:XT')).toMatchObject({ result: 'fetched', sequenceNumber: 5 });
      // An older publication, validly signed by the national signer, that withdrew the issuer: replayed.
      await publish(4, { withdrawn: true, lotlSequence: 5 });
      const replayed = await trust.refresh();
      expect(replayed.ok).toBe(false);
      const national = replayed.lists.find((l) => l.source === 'lotl:XT')!;
      expect(national).toMatchObject({ result: 'kept', sequenceNumber: 5 });
      expect(national.error).toMatch(/^rollback: TSLSequenceNumber 4 is lower than the last good copy's 5/);
      expect(trust.current(now).anchors.map((a) => a.status)).toEqual(['granted']);
      // The same number again is a re-fetch, not a replay; a higher one is the next publication.
      await publish(5, { lotlSequence: 5 });
      expect((await trust.refresh()).ok).toBe(true);
      await publish(6, { withdrawn: true, lotlSequence: 5 });
      expect((await trust.refresh()).ok).toBe(true);
      expect(trust.current(now).anchors.map((a) => a.status)).toEqual(['withdrawn']);
    });

    it('C-VP-2 a LOTL with a lower TSLSequenceNumber than the last good copy is refused and the last good copy kept', async () => {
      publishGood();
      await publish(7);
      const archive = new MemoryListArchive();
      await lotlTrust(archive).refresh();
      // A restart: the floor comes from the persisted copy, verified again, not from memory.
      const restarted = lotlTrust(archive);
      await restarted.loadPersisted();
      await publish(7, { lotlSequence: 6 });
      const report = await restarted.refresh();
      expect(report.lists[0]).toMatchObject({ source: 'lotl', result: 'kept', sequenceNumber: 7 });
      expect(report.lists[0]!.error).toMatch(/^rollback: TSLSequenceNumber 6 is lower than the last good copy's 7/);
      expect(archive.lists.get(`${server.origin}/lotl.xml`)!.body).toContain('<TSLSequenceNumber>7</TSLSequenceNumber>');
      // Without loadPersisted first, the persisted copy is verified to learn the floor.
      const cold = lotlTrust(archive);
      for (const l of await archive.loadAll()) (cold as unknown as { lastGood: Map<string, unknown> }).lastGood.set(l.url, l);
      expect((await cold.refresh()).lists[0]).toMatchObject({ result: 'kept' });
    });

    it('C-VP-2 a TS 119 602 list with a lower LoTESequenceNumber than the last good copy is refused', async () => {
      publishGood();
      const trust = new TrustedLists({
        lote: { urls: [`${server.origin}/lote.jws`], signers: [lists.loteSigner.certificateDer] },
        fetchList,
        archive: new MemoryListArchive(),
        log: silent,
        now: () => now,
      });
      server.files.set('/lote.jws', await signedLote({ nextUpdate, sequenceNumber: 3, services: [{ certificates: [iaca.certificateDer] }] }, lists.loteSigner));
      expect((await trust.refresh()).ok).toBe(true);
      server.files.set(
        '/lote.jws',
        await signedLote({ nextUpdate, sequenceNumber: 2, services: [{ certificates: [iaca.certificateDer], status: 'withdrawn' }] }, lists.loteSigner),
      );
      const report = await trust.refresh();
      expect(report.lists[0]).toMatchObject({ result: 'kept', sequenceNumber: 3 });
      expect(report.lists[0]!.error).toMatch(/^rollback: LoTESequenceNumber 2/);
      expect(trust.current(now).anchors.map((a) => a.status)).toEqual(['granted']);
    });

    it('a sequence number that is not a positive integer makes the list malformed', async () => {
      publishGood();
      server.files.set(
        '/tl-xt.xml',
        await signXml(
          nationalListXml({ territory: 'XT', nextUpdate, services: [{ certificates: [iaca.certificateDer] }] }).replace(
            '<TSLSequenceNumber>1</TSLSequenceNumber>',
            '<TSLSequenceNumber>-3</TSLSequenceNumber>',
          ),
          lists.nationalSigner,
        ),
      );
      const report = await lotlTrust().refresh();
      expect(report.lists.find((l) => l.source === 'lotl:XT')!.error).toMatch(/^malformed: bad TSLSequenceNumber -3/);
    });
  });

  describe('the verification thread', () => {
    const hanging = (code: string) => {
      const dir = mkdtempSync(join(tmpdir(), 'trust-worker-'));
      writeFileSync(join(dir, 'worker.mjs'), code);
      return pathToFileURL(join(dir, 'worker.mjs'));
    };

    it('verifies off the event loop in one thread, started on the first list and ended by close()', async () => {
      publishGood();
      const verifier = new WorkerListVerifier();
      const trust = new TrustedLists({
        lotl: { url: `${server.origin}/lotl.xml`, signers: [lists.lotlSigner.certificateDer] },
        fetchList,
        archive: new MemoryListArchive(),
        log: silent,
        now: () => now,
        verifier,
      });
      expect(verifier.running).toBe(false);
      expect((await trust.refresh()).ok).toBe(true);
      expect(verifier.running).toBe(true);
      await trust.close();
      expect(verifier.running).toBe(false);
      expect(trust.current(now).anchors).toHaveLength(1); // the snapshot outlives the thread
    });

    it('an idle thread ends on its own; the next refresh starts a new one', async () => {
      publishGood();
      const verifier = new WorkerListVerifier({ idleMs: 100 });
      const trust = lotlTrust(new MemoryListArchive(), () => now, verifier);
      expect((await trust.refresh()).ok).toBe(true);
      expect(verifier.running).toBe(true);
      await new Promise((r) => setTimeout(r, 400));
      expect(verifier.running).toBe(false);
      expect((await trust.refresh()).ok).toBe(true);
      await trust.close();
    });

    it('a thread that dies or hangs fails its list as `worker`; the next list gets a fresh thread', async () => {
      publishGood();
      const real = new URL('./list-verifier.worker.ts', import.meta.url).href;
      const marker = join(mkdtempSync(join(tmpdir(), 'trust-worker-')), 'died-once');
      // The first thread dies on its first list; the ones after it are the real verification thread.
      const dieOnce = new WorkerListVerifier({
        workerFile: hanging(`import { existsSync, writeFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
if (existsSync(${JSON.stringify(marker)})) await import(${JSON.stringify(real)});
else { writeFileSync(${JSON.stringify(marker)}, ''); parentPort.on('message', () => process.exit(3)); }`),
      });
      const trust = lotlTrust(new MemoryListArchive(), () => now, dieOnce);
      const died = await trust.refresh();
      expect(died.lists[0]).toMatchObject({ source: 'lotl', result: 'failed' });
      expect(died.lists[0]!.error).toMatch(/^worker: the list verification thread exited \(code 3\)/);
      expect(dieOnce.running).toBe(false);
      expect((await trust.refresh()).ok).toBe(true);
      await trust.close();

      const stuck = new WorkerListVerifier({
        timeoutMs: 300,
        workerFile: hanging("import { parentPort } from 'node:worker_threads'; parentPort.on('message', () => { for (;;); });"),
      });
      const report = await lotlTrust(new MemoryListArchive(), () => now, stuck).refresh();
      expect(report.lists[0]!.error).toMatch(/^worker: list verification took longer than 300 ms/);
      expect(stuck.running).toBe(false);
      await stuck.close();
    });
  });

  describe('persisted copies (PGlite)', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase({});
      await database.migrate();
    }, 60_000);
    afterAll(() => database?.close());

    it('a restart serves the persisted, re-verified copies while the publisher is down', async () => {
      publishGood();
      const archive = new TrustListArchiveRepository(database.db);
      const first = await lotlTrust(archive).refresh();
      expect(first, JSON.stringify(first)).toMatchObject({ ok: true });
      expect((await database.db.select().from(walletTrustLists)).map((r) => r.url).sort()).toEqual([`${server.origin}/lotl.xml`, `${server.origin}/tl-xt.xml`]);

      server.failing.add('/lotl.xml');
      server.failing.add('/tl-xt.xml');
      const restarted = lotlTrust(new TrustListArchiveRepository(database.db));
      const hitsBefore = server.hits.get('/lotl.xml');
      const report = await restarted.loadPersisted();
      expect(server.hits.get('/lotl.xml')).toBe(hitsBefore); // offline: no fetch
      expect(report.lists.map((l) => l.result)).toEqual(['kept', 'kept']);
      expect(restarted.current(now).anchors).toHaveLength(1);
    });

    it('a persisted copy altered in the database is refused on load', async () => {
      const url = `${server.origin}/tl-xt.xml`;
      const [row] = await database.db
        .select()
        .from(walletTrustLists)
        .where((await import('drizzle-orm')).eq(walletTrustLists.url, url));
      await new TrustListArchiveRepository(database.db).save({
        url,
        kind: 'tsl',
        body: row!.body.replace('Svcstatus/granted', 'Svcstatus/withdrawn'),
        fetchedAt: row!.fetchedAt,
        nextUpdate: row!.nextUpdate ?? undefined,
      });
      const restarted = lotlTrust(new TrustListArchiveRepository(database.db));
      const report = await restarted.loadPersisted();
      expect(report.lists.find((l) => l.source === 'lotl:XT')).toMatchObject({ result: 'failed' });
      expect(restarted.current(now).anchors).toHaveLength(0);
    });
  });

  describe('ETSI TS 119 602 lists of trusted entities (JWS)', () => {
    const loteTrust = (signer: TestSigner) =>
      new TrustedLists({
        lote: { urls: [`${server.origin}/lote.jws`], signers: [signer.certificateDer] },
        fetchList,
        archive: new MemoryListArchive(),
        log: silent,
        now: () => now,
      });

    it('a list signed by the configured signer gives its providers as anchors', async () => {
      publishGood();
      const trust = loteTrust(lists.loteSigner);
      expect((await trust.refresh()).ok).toBe(true);
      expect(trust.current(now).anchors).toHaveLength(1);
      expect(trust.current(now).anchors[0]).toMatchObject({ source: `119602:${server.origin}/lote.jws`, status: 'granted', scope: 'age_verification' });
      expect(trust.current(now).nextUpdate?.toISOString()).toBe(nextUpdate.toISOString());
    });

    it('a list signed by anyone else is refused, whatever its x5c header says', async () => {
      publishGood();
      server.files.set('/lote.jws', await signedLote({ nextUpdate, services: [{ certificates: [iaca.certificateDer] }] }, rogue));
      const trust = loteTrust(lists.loteSigner);
      const report = await trust.refresh();
      expect(report.lists[0]).toMatchObject({ result: 'failed' });
      expect(codeOf(() => trust.current(now))).toBe('WALLET_TRUST_LIST_UNAVAILABLE');
    });

    it('a withdrawn provider is withdrawn in the snapshot', async () => {
      publishGood();
      server.files.set(
        '/lote.jws',
        await signedLote({ nextUpdate, services: [{ certificates: [iaca.certificateDer], status: 'withdrawn' }] }, lists.loteSigner),
      );
      const trust = loteTrust(lists.loteSigner);
      await trust.refresh();
      expect(trust.current(now).anchors.map((a) => a.status)).toEqual(['withdrawn']);
    });
  });

  it('anchors from configuration alone are usable at once and never stale', () => {
    const trust = new TrustedLists({
      anchors: { file: 'anchors.pem', certificates: [iaca.certificateDer] },
      fetchList,
      archive: new MemoryListArchive(),
      log: silent,
    });
    const snap = trust.current(new Date('2100-01-01T00:00:00Z'));
    expect(snap.anchors).toEqual([expect.objectContaining({ source: 'config:anchors.pem', serviceType: 'config', scope: 'any', status: 'granted' })]);
    expect(trust.hasLists).toBe(false);
  });

  it('a download over the size limit is abandoned', async () => {
    server.files.set('/big.xml', 'x'.repeat(70_000));
    await expect(boundedFetcher({ timeoutMs: 5000, maxBytes: 65_536 })(`${server.origin}/big.xml`)).rejects.toThrow(/larger than/);
    await expect(fetchList(`${server.origin}/missing.xml`)).rejects.toThrow(/HTTP 404/);
  });

  describe('configuration (WALLET_TRUST_*)', () => {
    const base = {
      walletTrustLotlUrl: undefined,
      walletTrustLotlSigners: undefined,
      walletTrustLists119602: undefined,
      walletTrust119602Signers: undefined,
      walletTrustAnchors: undefined,
      walletTrustFetchTimeoutMs: 5000,
      walletTrustMaxListBytes: 1 << 20,
    };
    const deps = () => ({ archive: new MemoryListArchive(), log: silent, now: () => now });

    it('no trust source configured gives no IssuerTrust (the wallet path answers WALLET_NOT_CONFIGURED)', () => {
      expect(trustedListsFromConfig(base, deps())).toBeUndefined();
    });

    it('a LOTL URL without its signers file is a configuration error, never a list trusted unverified', () => {
      expect(() => trustedListsFromConfig({ ...base, walletTrustLotlUrl: `${server.origin}/lotl.xml` }, deps())).toThrow(ConfigError);
    });

    it('the configured LOTL, signers and anchors files are read and used', async () => {
      publishGood();
      const dir = mkdtempSync(join(tmpdir(), 'wallet-trust-'));
      writeFileSync(join(dir, 'lotl-signers.pem'), lists.lotlSigner.pem);
      writeFileSync(join(dir, 'anchors.pem'), rogue.pem);
      writeFileSync(join(dir, 'empty.pem'), 'no certificate here');
      const trust = trustedListsFromConfig(
        {
          ...base,
          walletTrustLotlUrl: `${server.origin}/lotl.xml`,
          walletTrustLotlSigners: join(dir, 'lotl-signers.pem'),
          walletTrustAnchors: join(dir, 'anchors.pem'),
        },
        deps(),
      )!;
      expect(codeOf(() => trust.current(now))).toBe('WALLET_TRUST_LIST_UNAVAILABLE');
      await trust.refresh();
      expect(trust.current(now).anchors.map((a) => a.source)).toEqual(['config:anchors.pem', 'lotl:XT']);
      expect(() => trustedListsFromConfig({ ...base, walletTrustAnchors: join(dir, 'empty.pem') }, deps())).toThrow(/no certificate/);
    });
  });
});
