import type Provider from 'oidc-provider';
import type { SqlHandle } from '../db/sql.ts';
import { rows } from '../db/sql.ts';
import type { ClientRegistry } from '../clients/client-registry.ts';
import type { UsersRepository } from './users.repository.ts';
import { revokeGrant } from '../provider/revoke-grant.ts';
import { SCOPES } from '../settings.ts';

/** One app the user granted: every grant of the account for that client, as one entry. */
export interface GrantView {
  clientId: string;
  clientName: string;
  clientLogo: string | null;
  /** The scopes granted, over all of the client's grants, in the order of spec §2.6. */
  scopes: string[];
}

interface GrantRow {
  id: string;
  client_id: string;
  payload: { openid?: { scope?: string } } | string;
}

/**
 * The account's newest unexpired grant for a client: the one a later authorization reuses
 * (build-provider.ts loadExistingGrant), so an account holds one grant per client.
 */
export async function latestGrantId(sql: SqlHandle, accountId: string, clientId: string): Promise<string | undefined> {
  const [row] = await rows<{ id: string }>(
    sql,
    "SELECT id FROM oidc_payloads WHERE kind = 'Grant' AND account_id = $1 AND client_id = $2 AND (expires_at IS NULL OR expires_at > $3) ORDER BY expires_at DESC NULLS LAST LIMIT 1",
    [accountId, clientId, new Date()],
  );
  return row?.id;
}

type SessionModel = { adapter: { destroyByAccount?(id: string): Promise<void> } };

/**
 * What the user portal shows and does (spec §1 "User control"): OAuth consent grants only —
 * never verification history — their revocation, and deletion of the whole service ID.
 */
export class GrantsService {
  private readonly sql: SqlHandle;
  private readonly clients: ClientRegistry;
  private readonly users: UsersRepository;
  private readonly provider: () => Provider;

  constructor(d: { sql: SqlHandle; clients: ClientRegistry; users: UsersRepository; provider: () => Provider }) {
    this.sql = d.sql;
    this.clients = d.clients;
    this.users = d.users;
    this.provider = d.provider;
  }

  /**
   * The apps the account granted, one entry per client (C-CON-1): grants made before grants were
   * reused (one per browser sign-in) show as one entry too, and are revoked together.
   */
  async list(accountId: string): Promise<GrantView[]> {
    const grants = await this.grantRows(accountId);
    const clients = new Map((await this.clients.findMany([...new Set(grants.map((g) => g.client_id))])).map((c) => [c.clientId, c]));
    const byClient = new Map<string, GrantView>();
    for (const g of grants) {
      const c = clients.get(g.client_id);
      const view = byClient.get(g.client_id) ?? { clientId: g.client_id, clientName: c?.name ?? g.client_id, clientLogo: c?.logoUri ?? null, scopes: [] };
      const payload = typeof g.payload === 'string' ? JSON.parse(g.payload) : g.payload;
      view.scopes = orderedScopes([...view.scopes, ...String(payload.openid?.scope ?? '').split(' ')]);
      byClient.set(g.client_id, view);
    }
    return [...byClient.values()];
  }

  /**
   * Revokes the account's access for one client: every grant of the account for it, so every
   * access and refresh token the client holds for the account stops at once (C-CON-1).
   */
  async revoke(accountId: string, clientId: string): Promise<boolean> {
    const owned = await rows<{ id: string }>(this.sql, "SELECT id FROM oidc_payloads WHERE kind = 'Grant' AND account_id = $1 AND client_id = $2", [
      accountId,
      clientId,
    ]);
    for (const g of owned) await this.revokeGrant(g.id);
    return owned.length > 0;
  }

  /** Deletes the service ID: every grant and token, every session, then the account (C-CON-2). */
  async deleteAccount(accountId: string): Promise<void> {
    for (const g of await this.grantRows(accountId)) await this.revokeGrant(g.id);
    const p = this.provider();
    await (p.Session as unknown as SessionModel).adapter.destroyByAccount?.(accountId);
    await this.users.deleteWithArtefacts(accountId);
  }

  private grantRows(accountId: string): Promise<GrantRow[]> {
    return rows<GrantRow>(this.sql, "SELECT id, client_id, payload FROM oidc_payloads WHERE kind = 'Grant' AND account_id = $1 ORDER BY id", [accountId]);
  }

  private async revokeGrant(grantId: string): Promise<void> {
    await revokeGrant(this.provider(), grantId);
  }
}

function orderedScopes(scopes: string[]): string[] {
  const given = new Set(scopes);
  return SCOPES.filter((s) => given.has(s));
}
