import { errors } from 'oidc-provider';
import type { KeyValueStore } from '@idgate/protos';
import type { OidcAdapter, Payload } from './types.ts';

/**
 * Short-lived artefacts (Session, Interaction, AuthorizationCode, ReplayDetection…) in the
 * key-value store (Redis or its in-process twin), each with the artefact's time to live.
 * Keys: `oidc:<Kind>:<id>` (payload), `…:<id>:used` (consumed marker), `oidc:<Kind>:uid:<uid>`
 * and `oidc:<Kind>:grant:<grantId>` / `oidc:<Kind>:account:<accountId>` (id lists).
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
    await this.kv.set(this.key(id), JSON.stringify(payload), { pxMs });
    if (payload.uid) await this.kv.set(this.key(`uid:${payload.uid}`), id, { pxMs });
    if (payload.grantId) await this.index(`grant:${payload.grantId}`, id, pxMs);
    if (payload.accountId && this.kind === 'Session') await this.index(`account:${payload.accountId}`, id, pxMs);
  }

  async find(id: string): Promise<Payload | undefined> {
    const raw = await this.kv.get(this.key(id));
    if (!raw) return undefined;
    const payload = JSON.parse(raw) as Payload;
    const used = await this.kv.get(this.key(`${id}:used`));
    return used ? { ...payload, consumed: Number(used) } : payload;
  }

  async findByUid(uid: string): Promise<Payload | undefined> {
    const id = await this.kv.get(this.key(`uid:${uid}`));
    return id ? this.find(id) : undefined;
  }

  async findByUserCode(): Promise<Payload | undefined> {
    return undefined; // the device flow is not offered
  }

  /** Single use (RFC 6749 §4.1.2): SET NX on the marker, so only one of two parallel redemptions wins. */
  async consume(id: string): Promise<void> {
    const ttl = await this.kv.pttl(this.key(id));
    const won = await this.kv.set(this.key(`${id}:used`), String(Math.floor(Date.now() / 1000)), { nx: true, pxMs: ttl > 0 ? ttl : 60_000 });
    if (!won) throw new errors.InvalidGrant('grant already used');
  }

  async destroy(id: string): Promise<void> {
    const raw = await this.kv.get(this.key(id));
    await this.kv.del(this.key(id));
    await this.kv.del(this.key(`${id}:used`));
    const uid = raw ? (JSON.parse(raw) as Payload).uid : undefined;
    if (uid) await this.kv.del(this.key(`uid:${uid}`));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.destroyListed(`grant:${grantId}`);
  }

  /** Ends every session of an account (account deletion, C-CON-2). */
  async destroyByAccount(accountId: string): Promise<void> {
    await this.destroyListed(`account:${accountId}`);
  }

  private async destroyListed(listKey: string): Promise<void> {
    const raw = await this.kv.get(this.key(listKey));
    for (const id of raw ? (JSON.parse(raw) as string[]) : []) await this.destroy(id);
    await this.kv.del(this.key(listKey));
  }

  /** Small id lists (a grant has one or two codes; an account a few sessions). */
  private async index(listKey: string, id: string, pxMs?: number): Promise<void> {
    const raw = await this.kv.get(this.key(listKey));
    const ids = raw ? (JSON.parse(raw) as string[]) : [];
    if (ids.includes(id)) return;
    ids.push(id);
    await this.kv.set(this.key(listKey), JSON.stringify(ids.slice(-50)), { pxMs: Math.max(pxMs ?? 0, 24 * 3600_000) });
  }
}
