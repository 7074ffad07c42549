import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionRepository, rawStatements, type NewSession } from '@idgate/core';
import { BACKENDS, startTestService, type TestService } from '../src/index.ts';

/**
 * The session insert and the result-token consumption are hand-written SQL (core/src/db/
 * raw-statements.ts: a batch of inserts as one JSON parameter, consumptions as arrays through
 * unnest). What a drizzle select reads back must be exactly what went in, however awkward the
 * text (JSON and array-literal syntax, quotes, backslashes, unicode), and a batch must keep its
 * per-row answers.
 */
const AWKWARD = ['plain', 'a "quoted" value', 'back\\slash \\" mixed', '{braces,comma}', 'NULL', '', 'ünïcødé 日本語 🎉', "it's", 'line\nbreak\ttab'];

function newSession(projectId: string, i: number, now: Date): NewSession {
  const text = AWKWARD[i % AWKWARD.length];
  const id = `ses_${randomBytes(9).toString('base64url')}`;
  return {
    id,
    projectId,
    status: 'pending',
    step: 'start',
    purpose: 'age_verification',
    verificationMode: 'auto',
    minAge: i % 2 ? 18 : null,
    mismatchPolicy: 'flag',
    callbackUrl: `https://shop.example/cb?q=${encodeURIComponent(text)}`,
    externalUserId: i % 3 ? text : null,
    theme: i % 2 ? 'dark' : null,
    locale: 'pt-BR',
    initTokenHash: randomBytes(32).toString('hex'),
    initTokenExpiresAt: new Date(now.getTime() + 600_000),
    resultTokenHash: randomBytes(32).toString('hex'),
    resultTokenSealed: `sealed:${text}`,
    resultExpiresAt: new Date(now.getTime() + 86_400_000),
    checks: { liveness: 'pending', note: text, nested: { list: [text, 1, null, true] } },
    expiresAt: new Date(now.getTime() + 1_800_000),
    createdAt: now,
    updatedAt: now,
  };
}

describe.each(BACKENDS)('session hot statements ($name)', (backend) => {
  let svc: TestService;
  let repo: SessionRepository;
  let projectId: string;
  const now = new Date('2026-06-15T12:00:00.123Z');

  beforeAll(async () => {
    svc = await startTestService(backend);
    projectId = (await svc.createTenant()).project_id;
    repo = new SessionRepository(svc.database.db, rawStatements(svc.database));
  });
  afterAll(() => svc.close());

  it('a group-committed batch stores every row exactly as given, awkward text and JSON included', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => newSession(projectId, i, now));
    await Promise.all(rows.map((r) => repo.insert(r)));
    for (const row of rows) {
      const stored = await repo.findById(row.id);
      expect(stored).toMatchObject(row);
      expect(stored!.initTokenUsedAt).toBeNull();
    }
  });

  it('a row that cannot be stored fails its own insert only', async () => {
    const good = Array.from({ length: 5 }, (_, i) => newSession(projectId, i, now));
    const clash = { ...newSession(projectId, 9, now), id: good[0].id };
    const attempted = [...good, clash];
    const results = await Promise.allSettled(attempted.map((r) => repo.insert(r)));
    // After the batch fails, its rows are retried one by one and concurrently, so which of the
    // two inserts with the same id wins is up to the database: exactly one of them fails, and
    // every insert that succeeded is stored as given.
    const rejected = attempted.filter((_, i) => results[i].status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect([good[0], clash]).toContain(rejected[0]);
    const stored = attempted.filter((_, i) => results[i].status === 'fulfilled');
    for (const row of stored) expect(await repo.findById(row.id)).toMatchObject(row);
  });

  it('consumption in a batch: one winner per token, rows read back as drizzle reads them, wrong project and unfinished sessions untouched', async () => {
    const rows = Array.from({ length: 6 }, (_, i) => newSession(projectId, i, now));
    await Promise.all(rows.map((r) => repo.insert(r)));
    for (const r of rows.slice(0, 4)) await repo.update(r.id, { status: 'success', completedAt: now });
    const later = new Date(now.getTime() + 1000);
    const attempts = rows.flatMap((r) => [r, r, r].map((x) => repo.consumeFinalResultToken(x.resultTokenHash, later, projectId, ['success', 'failed'])));
    attempts.push(repo.consumeFinalResultToken(rows[0].resultTokenHash, later, 'prj_someone_else', ['success', 'failed']));
    const answers = await Promise.all(attempts);
    const winners = answers.filter(Boolean);
    expect(winners.map((w) => w!.id).sort()).toEqual(
      rows
        .slice(0, 4)
        .map((r) => r.id)
        .sort(),
    );
    // The result read returns the columns a result record is made of, valued as drizzle reads them.
    for (const w of winners) {
      expect(Object.keys(w!).sort()).toEqual([
        'checks',
        'completedAt',
        'createdAt',
        'externalUserId',
        'id',
        'ipCountry',
        'path',
        'projectId',
        'reason',
        'resultExpiresAt',
        'resultTokenConsumedAt',
        'resultTokenHash',
        'resultTokenSealed',
        'status',
        'verificationType',
      ]);
      expect(await repo.findById(w!.id)).toMatchObject(w!);
    }
    expect(winners[0]!.resultTokenConsumedAt).toEqual(later);
    for (const r of rows.slice(4)) expect((await repo.findById(r.id))!.resultTokenConsumedAt).toBeNull();
  });
});
