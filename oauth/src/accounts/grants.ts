import type Provider from 'oidc-provider';
import type { SqlHandle } from '../db/sql.ts';
import { rows } from '../db/sql.ts';
import type { ClientRegistry } from '../clients/client-registry.ts';
import type { UsersRepository } from './users.repository.ts';
import { revokeGrant } from '../provider/revoke-grant.ts';

export interface GrantView {
  grantId: string;
  clientId: string;
  clientName: string;
  clientLogo: string | null;
  scopes: string[];
}

interface GrantRow {
  id: string;
  client_id: string;
  payload: { openid?: { scope?: string } } | string;
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

  async list(accountId: string): Promise<GrantView[]> {
    const grants = await rows<GrantRow>(this.sql, "SELECT id, client_id, payload FROM oidc_payloads WHERE kind = 'Grant' AND account_id = $1 ORDER BY id", [accountId]);
    const clients = new Map((await this.clients.findMany([...new Set(grants.map((g) => g.client_id))])).map((c) => [c.clientId, c]));
    return grants.map((g) => {
      const payload = typeof g.payload === 'string' ? JSON.parse(g.payload) : g.payload;
      const c = clients.get(g.client_id);
      return { grantId: g.id, clientId: g.client_id, clientName: c?.name ?? g.client_id, clientLogo: c?.logoUri ?? null, scopes: String(payload.openid?.scope ?? '').split(' ').filter(Boolean) };
    });
  }

  /** Revokes one grant of this account: its tokens stop working at once (C-CON-1). */
  async revoke(accountId: string, grantId: string): Promise<boolean> {
    const [owned] = await rows<{ id: string }>(this.sql, "SELECT id FROM oidc_payloads WHERE kind = 'Grant' AND id = $1 AND account_id = $2", [grantId, accountId]);
    if (!owned) return false;
    await this.revokeGrant(grantId);
    return true;
  }

  /** Deletes the service ID: every grant and token, every session, then the account (C-CON-2). */
  async deleteAccount(accountId: string): Promise<void> {
    for (const g of await this.list(accountId)) await this.revokeGrant(g.grantId);
    const p = this.provider();
    await (p.Session as unknown as SessionModel).adapter.destroyByAccount?.(accountId);
    await this.users.deleteWithArtefacts(accountId);
  }

  private async revokeGrant(grantId: string): Promise<void> {
    await revokeGrant(this.provider(), grantId);
  }
}
