import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { DataCipher } from '../lib/cipher.ts';
import { ManualClock } from '../lib/clock.ts';
import { DocumentReuseService, REUSE_WINDOW_MS } from './document-reuse.service.ts';

const NOW = new Date('2026-08-01T09:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const tx = {} as Db;

interface Fingerprint {
  sessionId: string;
  accountId: string;
  numberHmac: string;
  createdAt: Date;
}

/** The repository's contract in memory: one key per account (first insert wins), rows counted as the SQL does. */
function fakeFingerprints() {
  const keys = new Map<string, string>();
  const rows: Fingerprint[] = [];
  const sinceAsked: Date[] = [];
  let keyInserts = 0;
  const fingerprints = {
    findKey: async (accountId: string) => keys.get(accountId),
    insertKey: async (accountId: string, keySealed: string) => {
      keyInserts++;
      if (!keys.has(accountId)) keys.set(accountId, keySealed);
    },
    countSince: async (accountId: string, numberHmac: string, since: Date, exceptSessionId: string) => {
      sinceAsked.push(since);
      return rows.filter((r) => r.accountId === accountId && r.numberHmac === numberHmac && r.createdAt > since && r.sessionId !== exceptSessionId).length;
    },
    insert: async (row: Fingerprint) => void rows.push(row),
  };
  return { fingerprints, keys, rows, sinceAsked, keyInserts: () => keyInserts };
}

function setup() {
  const store = fakeFingerprints();
  const cipher = DataCipher.fromSpecs([DataCipher.generateSpec('k1')]);
  const clock = new ManualClock(NOW);
  const service = new DocumentReuseService({ fingerprints: store.fingerprints, cipher, clock });
  return { ...store, cipher, clock, service };
}

const doc = (sessionId: string, documentNumber = 'X1234567', over: { accountId?: string; issuingCountry?: string } = {}) => ({
  accountId: 'acc_1',
  sessionId,
  documentNumber,
  issuingCountry: 'DEU',
  ...over,
});

describe('DocumentReuseService', () => {
  it("counts the account's other sessions with the same document and records each session once", async () => {
    const t = setup();
    expect(await t.service.countAndRecord(tx, doc('ses_1'))).toBe(0);
    expect(await t.service.countAndRecord(tx, doc('ses_2'))).toBe(1);
    expect(await t.service.countAndRecord(tx, doc('ses_3'))).toBe(2);
    expect(t.rows.map((r) => r.sessionId)).toEqual(['ses_1', 'ses_2', 'ses_3']);
    expect(t.rows.every((r) => r.createdAt.getTime() === NOW.getTime())).toBe(true);
    // A session read twice does not count against itself.
    expect(await t.service.countAndRecord(tx, doc('ses_3'))).toBe(2);
  });

  it('keeps only a keyed HMAC, never the number, and treats formatting differences as one number', async () => {
    const t = setup();
    await t.service.countAndRecord(tx, doc('ses_1', 'x12-345 67'));
    expect(await t.service.countAndRecord(tx, doc('ses_2', 'X1234567'))).toBe(1);
    expect(t.rows[0].numberHmac).toMatch(/^[0-9a-f]{64}$/);
    expect(t.rows[0].numberHmac).toBe(t.rows[1].numberHmac);
    expect(JSON.stringify(t.rows)).not.toContain('1234567');
    // The tenant key is stored sealed: only the cipher opens it.
    const sealed = t.keys.get('acc_1') ?? '';
    expect(Buffer.from(t.cipher.decrypt(sealed, 'acc_1:document-hmac'), 'base64')).toHaveLength(32);
  });

  it('tells the same number of two issuing countries apart, and a different number apart', async () => {
    const t = setup();
    await t.service.countAndRecord(tx, doc('ses_1', 'X1234567', { issuingCountry: 'DEU' }));
    expect(await t.service.countAndRecord(tx, doc('ses_2', 'X1234567', { issuingCountry: 'FRA' }))).toBe(0);
    expect(await t.service.countAndRecord(tx, doc('ses_3', 'X7654321', { issuingCountry: 'DEU' }))).toBe(0);
  });

  it('counts only sessions inside the reuse window', async () => {
    const t = setup();
    await t.service.countAndRecord(tx, doc('ses_old'));
    t.clock.advance(REUSE_WINDOW_MS + DAY);
    await t.service.countAndRecord(tx, doc('ses_recent'));
    t.clock.advance(DAY);
    expect(await t.service.countAndRecord(tx, doc('ses_now'))).toBe(1);
    expect(t.sinceAsked.at(-1)?.getTime()).toBe(t.clock.now().getTime() - REUSE_WINDOW_MS);
  });

  it("never links a person across tenants: each account's key gives its own HMAC and count", async () => {
    const t = setup();
    await t.service.countAndRecord(tx, doc('ses_1', 'X1234567', { accountId: 'acc_1' }));
    expect(await t.service.countAndRecord(tx, doc('ses_2', 'X1234567', { accountId: 'acc_2' }))).toBe(0);
    expect(t.rows[0].numberHmac).not.toBe(t.rows[1].numberHmac);
    expect([...t.keys.keys()]).toEqual(['acc_1', 'acc_2']);
  });

  it('creates a tenant key once, and a second replica uses the stored key so counts agree', async () => {
    const t = setup();
    await t.service.countAndRecord(tx, doc('ses_1'));
    await t.service.countAndRecord(tx, doc('ses_2'));
    expect(t.keyInserts()).toBe(1);
    const replica = new DocumentReuseService({ fingerprints: t.fingerprints, cipher: t.cipher, clock: t.clock });
    expect(await replica.countAndRecord(tx, doc('ses_3'))).toBe(2);
    expect(t.keyInserts()).toBe(1);
  });

  it('ignores a number that normalises to nothing: no count, no row, no key', async () => {
    const t = setup();
    expect(await t.service.countAndRecord(tx, doc('ses_1', ' - / '))).toBe(0);
    expect(t.rows).toEqual([]);
    expect(t.keys.size).toBe(0);
  });
});
