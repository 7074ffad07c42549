import type { KeyValueStore } from '@idgate/platform/kv';
import type { Payload } from '../adapter/types.ts';
import type { AgeProofRow } from './age-proofs.ts';

/** The account fields claims are made of: no password hash ever reaches the cache. */
export interface ClaimsUserRow {
  id: string;
  email: string;
  email_verified: boolean;
  display_name: string;
  age_proofs: AgeProofRow[] | string | null;
}

/** How long a snapshot may serve without being read from SQL again. */
const SNAPSHOT_TTL_MS = 30_000;
/**
 * How long a forgotten key refuses to be filled again: longer than a SQL read that started
 * before the write takes to come back and fill it with what it read (the race the tombstone
 * closes; milliseconds in practice), short enough that a fresh account's first userinfo calls
 * soon use the cache. A read slower than this can leave an old snapshot for at most
 * SNAPSHOT_TTL_MS; revocation does not depend on it (see below).
 */
export const TOMBSTONE_MS = 2_000;
const TOMBSTONE = '-';

const userKey = (id: string) => `oidc:snap:user:${id}`;
const grantKey = (id: string) => `oidc:snap:grant:${id}`;

/**
 * What userinfo needs besides its access token, the account's claim fields and the token's
 * grant, cached in the key-value store (Redis: shared by every gateway) so a userinfo call is
 * two key-value reads and no SQL; bench/oauth found that one SQL statement was what kept
 * userinfo under 0.7 of a bare oidc-provider.
 *
 * Every write of an account or a grant forgets its snapshot by writing a short-lived tombstone
 * (after the SQL write), and a snapshot is filled only where no key exists (SET NX): a read of
 * the old row that finishes after the write cannot bring it back. Revocation never depends on
 * this cache alone: revoking a grant also deletes its access tokens (adapter/kv-adapter.ts), so
 * userinfo fails at the token lookup before any snapshot is read.
 */
export class ClaimsSnapshots {
  private readonly kv: KeyValueStore;

  constructor(kv: KeyValueStore) {
    this.kv = kv;
  }

  /** Both snapshots when both are cached and live; else undefined (read SQL, then fill). */
  async read(accountId: string, grantId: string): Promise<{ user: ClaimsUserRow; grant: Payload } | undefined> {
    const [user, grant] = await this.kv.mget([userKey(accountId), grantKey(grantId)]);
    if (!user || !grant || user === TOMBSTONE || grant === TOMBSTONE) return undefined;
    return { user: JSON.parse(user) as ClaimsUserRow, grant: JSON.parse(grant) as Payload };
  }

  /** Caches what SQL just answered, unless a key exists (a live snapshot or a tombstone). */
  async fill(user: ClaimsUserRow, grantId: string, grant: Payload): Promise<void> {
    const { id, email, email_verified, display_name, age_proofs } = user;
    await Promise.all([
      this.kv.set(userKey(id), JSON.stringify({ id, email, email_verified, display_name, age_proofs }), {
        nx: true,
        pxMs: SNAPSHOT_TTL_MS,
      }),
      this.kv.set(grantKey(grantId), JSON.stringify(grant), { nx: true, pxMs: SNAPSHOT_TTL_MS }),
    ]);
  }

  /** After any write of the account (or its deletion). */
  forgetAccount(id: string): Promise<void> {
    return this.kv.write([{ op: 'set', key: userKey(id), value: TOMBSTONE, pxMs: TOMBSTONE_MS }]);
  }

  /** After any write of the grant (or its deletion). */
  forgetGrant(id: string): Promise<void> {
    return this.kv.write([{ op: 'set', key: grantKey(id), value: TOMBSTONE, pxMs: TOMBSTONE_MS }]);
  }
}
