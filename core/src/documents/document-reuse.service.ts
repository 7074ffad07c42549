import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { DataCipher } from '../lib/cipher.ts';
import { normaliseDocumentNumber } from './identity-normalise.ts';
import type { DocumentFingerprintRepository } from './document-fingerprint.repository.ts';

/** How far back a document number counts as reused (docs/decisions/risk-band.md); rows older are purged. */
export const REUSE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

// The repository is typed by the members used, so a unit spec can pass a plain fake.
interface Deps {
  fingerprints: Pick<DocumentFingerprintRepository, 'findKey' | 'insertKey' | 'countSince' | 'insert'>;
  cipher: DataCipher;
  clock: Clock;
}

/**
 * Reuse of one document number across a tenant's sessions (a risk signal), counted without
 * ever storing the number: each tenant has its own random HMAC key (sealed with the data keys),
 * and only HMAC-SHA256(key, country:number) is kept, for the reuse window. Two tenants' HMACs of
 * the same number differ, so nothing links a person across tenants (spec §1 privacy rules).
 */
export class DocumentReuseService {
  private readonly deps: Deps;
  private readonly keys = new Map<string, Buffer>();

  constructor(deps: Deps) {
    this.deps = deps;
  }

  /** Other sessions of the account with this document in the window; records this session's. */
  async countAndRecord(tx: Db, s: { accountId: string; sessionId: string; documentNumber: string; issuingCountry?: string }): Promise<number> {
    const number = normaliseDocumentNumber(s.documentNumber);
    if (!number) return 0;
    const key = await this.keyOf(s.accountId, tx);
    const numberHmac = createHmac('sha256', key)
      .update(`${s.issuingCountry ?? ''}:${number}`)
      .digest('hex');
    const now = this.deps.clock.now();
    const count = await this.deps.fingerprints.countSince(s.accountId, numberHmac, new Date(now.getTime() - REUSE_WINDOW_MS), s.sessionId, tx);
    await this.deps.fingerprints.insert({ sessionId: s.sessionId, accountId: s.accountId, numberHmac, createdAt: now }, tx);
    return count;
  }

  private async keyOf(accountId: string, tx: Db): Promise<Buffer> {
    const cached = this.keys.get(accountId);
    if (cached) return cached;
    const aad = `${accountId}:document-hmac`;
    let sealed = await this.deps.fingerprints.findKey(accountId, tx);
    if (!sealed) {
      await this.deps.fingerprints.insertKey(accountId, this.deps.cipher.encrypt(randomBytes(32).toString('base64'), aad), this.deps.clock.now(), tx);
      sealed = await this.deps.fingerprints.findKey(accountId, tx);
    }
    if (!sealed) throw new Error('tenant HMAC key missing after insert');
    const key = Buffer.from(this.deps.cipher.decrypt(sealed, aad), 'base64');
    if (this.keys.size > 10_000) this.keys.clear();
    this.keys.set(accountId, key);
    return key;
  }
}
