// Wallet transactions live only in the key-value store, with a time to live: their nonces and ephemeral
// response-decryption keys disappear by themselves after a few minutes (RELIABILITY C-VP-3), and a claim
// marker written atomically makes every transaction single-use even when two responses race.
import { randomBytes } from 'node:crypto';
import { appError, type AgeGate } from '@idgate/protos';
import type { KeyValueStore } from '@idgate/platform/kv';
import type { JWK } from 'jose';
import type { AnnexCKeys } from './annex-c/annex-c.ts';

/** How the wallet answers: the browser's Digital Credentials API (same device) or a POST to our response_uri. */
export type WalletChannel = 'dc_api' | 'direct_post';

export interface WalletTransaction {
  readonly id: string;
  readonly tenantId: string;
  readonly sessionId: string;
  readonly channel: WalletChannel;
  readonly gate: AgeGate;
  readonly nonce: string;
  /** The origin the DC API request is made for (its `expected_origins`); unused on the QR channel. */
  readonly origin: string | undefined;
  /** Private JWK of the ephemeral P-256 key the response is encrypted to. */
  readonly responseKey: JWK;
  /** DC API only: the HPKE key and EncryptionInfo of the ISO/IEC 18013-7 Annex C request offered beside OpenID4VP. */
  readonly annexC?: AnnexCKeys;
  readonly expiresAtMs: number;
}

/** What the widget may learn about a transaction: never its nonce or key. */
export type WalletTransactionStatus =
  { state: 'pending'; expiresAtMs: number } | { state: 'passed' } | { state: 'failed'; code: string } | { state: 'expired' };

const txKey = (id: string) => `wallet:tx:${id}`;
const claimKey = (id: string) => `wallet:tx:${id}:claimed`;
const outcomeKey = (id: string) => `wallet:tx:${id}:outcome`;
/** Outlives the transaction without any secret in it, so a late answer reads "expired" and not "unknown". */
const knownKey = (id: string) => `wallet:tx:${id}:known`;

const OUTCOME_TTL_MS = 15 * 60_000;

export class WalletTransactionStore {
  private readonly kv: KeyValueStore;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(kv: KeyValueStore, ttlMs: number, now: () => number = Date.now) {
    this.kv = kv;
    this.ttlMs = ttlMs;
    this.now = now;
  }

  async create(input: Omit<WalletTransaction, 'id' | 'nonce' | 'expiresAtMs'>): Promise<WalletTransaction> {
    const tx: WalletTransaction = {
      ...input,
      id: randomBytes(18).toString('base64url'),
      nonce: randomBytes(24).toString('base64url'),
      expiresAtMs: this.now() + this.ttlMs,
    };
    const known = JSON.stringify({ tenantId: tx.tenantId, sessionId: tx.sessionId });
    await this.kv.write([
      { op: 'set', key: txKey(tx.id), value: JSON.stringify(tx), pxMs: this.ttlMs },
      { op: 'set', key: knownKey(tx.id), value: known, pxMs: OUTCOME_TTL_MS },
    ]);
    return tx;
  }

  /** The live transaction, or the reason there is none (WALLET_TRANSACTION_*). */
  async load(id: string): Promise<WalletTransaction> {
    const raw = await this.kv.get(txKey(id));
    const tx = raw ? (JSON.parse(raw) as WalletTransaction) : undefined;
    // The key-value TTL is the purge; the service clock decides expiry (it may run ahead of the store's timer).
    if (tx && tx.expiresAtMs > this.now()) return tx;
    if (await this.kv.get(outcomeKey(id))) throw appError('WALLET_TRANSACTION_ANSWERED');
    if (await this.kv.get(knownKey(id))) throw appError('WALLET_TRANSACTION_EXPIRED');
    throw appError('WALLET_TRANSACTION_NOT_FOUND');
  }

  /** The transaction if it belongs to this tenant's session; another tenant's id reads as unknown. */
  async loadFor(id: string, tenantId: string, sessionId: string): Promise<WalletTransaction> {
    await this.assertOwner(id, tenantId, sessionId);
    return this.load(id);
  }

  /**
   * Takes the transaction for one answer. Atomic: of two parallel answers exactly one wins; the other
   * gets WALLET_TRANSACTION_ANSWERED. Checked before the (slow) verification so a replay costs nothing.
   */
  async claim(tx: WalletTransaction): Promise<void> {
    if (!(await this.kv.claim(claimKey(tx.id), '1', txKey(tx.id)))) {
      if (this.now() >= tx.expiresAtMs) throw appError('WALLET_TRANSACTION_EXPIRED');
      throw appError('WALLET_TRANSACTION_ANSWERED');
    }
  }

  /** Records the outcome and deletes the nonce and the decryption key at once: only the verdict remains. */
  async finish(tx: WalletTransaction, outcome: { passed: true } | { passed: false; code: string }): Promise<void> {
    await this.kv.write([
      { op: 'set', key: outcomeKey(tx.id), value: JSON.stringify(outcome), pxMs: OUTCOME_TTL_MS },
      { op: 'del', key: txKey(tx.id) },
    ]);
  }

  async status(id: string, tenantId: string, sessionId: string): Promise<WalletTransactionStatus> {
    await this.assertOwner(id, tenantId, sessionId);
    const outcome = await this.kv.get(outcomeKey(id));
    if (outcome) {
      const o = JSON.parse(outcome) as { passed: boolean; code?: string };
      return o.passed ? { state: 'passed' } : { state: 'failed', code: o.code ?? 'WALLET_RESPONSE_INVALID' };
    }
    const raw = await this.kv.get(txKey(id));
    const expiresAtMs = raw ? (JSON.parse(raw) as WalletTransaction).expiresAtMs : 0;
    if (expiresAtMs <= this.now()) return { state: 'expired' };
    return { state: 'pending', expiresAtMs };
  }

  private async assertOwner(id: string, tenantId: string, sessionId: string): Promise<void> {
    const known = await this.kv.get(knownKey(id));
    const owner = known ? (JSON.parse(known) as { tenantId: string; sessionId: string }) : null;
    if (!owner || owner.tenantId !== tenantId || owner.sessionId !== sessionId) throw appError('WALLET_TRANSACTION_NOT_FOUND');
  }
}
