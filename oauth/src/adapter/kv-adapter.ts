import { errors } from 'oidc-provider';
import type { KeyValueStore, KvWrite } from '@idgate/platform/kv';
import type { OidcAdapter, Payload } from './types.ts';

/** How long an artefact stored without a lifetime stays listed in its grant's index. */
const UNTIMED_INDEX_MS = 24 * 3600_000;

/**
 * Short-lived artefacts (Session, Interaction, AuthorizationCode, AccessToken,
 * ReplayDetection…) in the key-value store (Redis or its in-process twin), each with the
 * artefact's time to live. Keys: `oidc:<Kind>:<id>` (payload), `…:<id>:used` (consumed
 * marker), `oidc:<Kind>:uid:<uid>` (id by uid), and the indexes `oidc:<Kind>:by-grant:<grantId>`
 * / `oidc:Session:by-account:<accountId>` (ids to revoke together; an index drops what has
 * expired and grows atomically, no read-then-write). Every write of an upsert
 * goes in one atomic batch, every read of a find in one MGET: one round trip each.
 */
export class KvAdapter implements OidcAdapter {
  private readonly kind: string;
  private readonly kv: KeyValueStore;

  constructor(kind: string, kv: KeyValueStore) {
    this.kind = kind;
    this.kv = kv;
  }

  private key(id: string): string {
    return `oidc:${this.kind}:${id}`;
  }

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    const pxMs = expiresIn ? expiresIn * 1000 : undefined;
    const untilMs = Date.now() + (pxMs ?? UNTIMED_INDEX_MS);
    const ops: KvWrite[] = [{ op: 'set', key: this.key(id), value: JSON.stringify(payload), pxMs }];
    if (payload.uid) ops.push({ op: 'set', key: this.key(`uid:${payload.uid}`), value: id, pxMs });
    if (payload.grantId) ops.push({ op: 'index', key: this.key(`by-grant:${payload.grantId}`), member: id, untilMs });
    if (payload.accountId && this.kind === 'Session') ops.push({ op: 'index', key: this.key(`by-account:${payload.accountId}`), member: id, untilMs });
    await this.kv.write(ops);
  }

  async find(id: string): Promise<Payload | undefined> {
    const [raw, used] = await this.kv.mget([this.key(id), this.key(`${id}:used`)]);
    if (!raw) return undefined;
    const payload = JSON.parse(raw) as Payload;
    return used ? { ...payload, consumed: Number(used) } : payload;
  }

  async findByUid(uid: string): Promise<Payload | undefined> {
    const id = await this.kv.get(this.key(`uid:${uid}`));
    return id ? this.find(id) : undefined;
  }

  async findByUserCode(): Promise<Payload | undefined> {
    return undefined; // the device flow is not offered
  }

  /**
   * Single use (RFC 6749 §4.1.2): the marker is claimed atomically (SET NX, expiring with the
   * artefact), so of two parallel redemptions only one wins; the other gets invalid_grant.
   */
  async consume(id: string): Promise<void> {
    const won = await this.kv.claim(this.key(`${id}:used`), String(Math.floor(Date.now() / 1000)), this.key(id));
    if (!won) throw new errors.InvalidGrant('grant already used');
  }

  async destroy(id: string): Promise<void> {
    await this.destroyMany([id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.destroyListed(`by-grant:${grantId}`);
  }

  /** Ends every session of an account (account deletion, C-CON-2). */
  async destroyByAccount(accountId: string): Promise<void> {
    await this.destroyListed(`by-account:${accountId}`);
  }

  private async destroyListed(indexKey: string): Promise<void> {
    await this.destroyMany(await this.kv.indexed(this.key(indexKey)), [{ op: 'del', key: this.key(indexKey) }]);
  }

  /** Deletes the artefacts, their markers and uid keys (read from the payloads) in one batch. */
  private async destroyMany(ids: string[], extra: KvWrite[] = []): Promise<void> {
    const raws = ids.length ? await this.kv.mget(ids.map((id) => this.key(id))) : [];
    const ops: KvWrite[] = [...extra];
    ids.forEach((id, i) => {
      ops.push({ op: 'del', key: this.key(id) }, { op: 'del', key: this.key(`${id}:used`) });
      const uid = raws[i] ? (JSON.parse(raws[i]!) as Payload).uid : undefined;
      if (uid) ops.push({ op: 'del', key: this.key(`uid:${uid}`) });
    });
    await this.kv.write(ops);
  }
}
