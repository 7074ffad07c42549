import type { KeyValueStore } from '@idgate/platform/kv';
import type { SqlHandle } from '../db/sql.ts';
import type { ClientRegistry } from '../clients/client-registry.ts';
import { SqlAdapter } from './sql-adapter.ts';
import { KvAdapter } from './kv-adapter.ts';
import { ClientAdapter } from './client-adapter.ts';
import type { OidcAdapter } from './types.ts';
import { UnstorableGuard } from './unstorable-guard.ts';
import type { ClaimsSnapshots } from '../accounts/claims-snapshots.ts';

/**
 * Where each artefact lives (DESIGN "Persistence"): what lives for days and
 * must survive a restart (grants, refresh tokens; clients in their own table) in SQL; what
 * lives minutes to an hour or is bound to a browser (sessions, interactions, authorization
 * codes, access tokens, replay markers) in the key-value store, with its time to live. Access
 * tokens stay revocable there (indexed by grant): revoking a grant deletes them, so they stop
 * working at once, and every use of one also checks its grant. An access token lost with the
 * store (the embedded in-process store across a restart) just makes the client refresh.
 * Userinfo reads the grant and account from claims snapshots in the key-value store when it
 * can (accounts/claims-snapshots.ts); every write of a grant forgets its snapshot.
 */
export const DURABLE_KINDS = new Set(['Grant', 'RefreshToken']);

export function adapterFactory(d: { sql: SqlHandle; kv: KeyValueStore; clients: ClientRegistry; snapshots?: ClaimsSnapshots }) {
  const cache = new Map<string, OidcAdapter>();
  return (kind: string): OidcAdapter => {
    let a = cache.get(kind);
    if (!a) {
      a = new UnstorableGuard(
        kind === 'Client' ? new ClientAdapter(d.clients) : DURABLE_KINDS.has(kind) ? new SqlAdapter(kind, d.sql, d.snapshots) : new KvAdapter(kind, d.kv),
      );
      cache.set(kind, a);
    }
    return a;
  };
}
