import type { KeyValueStore } from '@idgate/protos';
import type { SqlHandle } from '../db/sql.ts';
import type { ClientRegistry } from '../clients/client-registry.ts';
import { SqlAdapter } from './sql-adapter.ts';
import { KvAdapter } from './kv-adapter.ts';
import { ClientAdapter } from './client-adapter.ts';
import type { OidcAdapter } from './types.ts';

/**
 * Where each artefact lives (DESIGN "Persistence"): what must survive a restart (grants,
 * access and refresh tokens, which must stay revocable) in SQL; what lives minutes or is
 * bound to a browser (sessions, interactions, authorization codes, replay markers) in the
 * key-value store.
 */
export const DURABLE_KINDS = new Set(['Grant', 'AccessToken', 'RefreshToken']);

export function adapterFactory(d: { sql: SqlHandle; kv: KeyValueStore; clients: ClientRegistry }) {
  const cache = new Map<string, OidcAdapter>();
  return (kind: string): OidcAdapter => {
    let a = cache.get(kind);
    if (!a) {
      a = kind === 'Client' ? new ClientAdapter(d.clients) : DURABLE_KINDS.has(kind) ? new SqlAdapter(kind, d.sql) : new KvAdapter(kind, d.kv);
      cache.set(kind, a);
    }
    return a;
  };
}
