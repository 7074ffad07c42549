import { appError } from '@idgate/protos';
import type { SqlHandle } from '../db/sql.ts';
import { rows } from '../db/sql.ts';
import { newSecret, sha256Hex } from '../crypto/secrets.ts';
import { SCOPES } from '../settings.ts';
import { isAllowedRedirectUri } from './redirect-uri.ts';

export interface ClientRecord {
  clientId: string;
  tenantId: string;
  name: string;
  logoUri: string | null;
  redirectUris: string[];
  allowedScopes: string[];
  secretHash: string;
  createdAt: Date;
}

export interface NewClient {
  tenantId: string;
  name: string;
  redirectUris: string[];
  logoUri?: string;
  scopes?: string[];
}

interface Row {
  client_id: string;
  tenant_id: string;
  name: string;
  logo_uri: string | null;
  redirect_uris: string[];
  allowed_scopes: string[];
  secret_hash: string;
  created_at: Date;
}

/**
 * OAuth clients of tenants (docs/oauth.md, "Admin API and pages"). The secret (`xocs_`) is returned once and
 * stored as SHA-256 only (DESIGN "Identifiers and secrets"); it has 192 random bits, so a
 * fast digest is enough (no dictionary to attack).
 */
export class ClientRegistry {
  private readonly sql: SqlHandle;
  private readonly production: boolean;

  constructor(sql: SqlHandle, opts: { production: boolean }) {
    this.sql = sql;
    this.production = opts.production;
  }

  async create(c: NewClient): Promise<{ clientId: string; clientSecret: string }> {
    this.validate(c);
    const clientId = newSecret('xoc_', 16);
    const clientSecret = newSecret('xocs_', 24);
    const scopes = c.scopes?.length ? [...new Set(c.scopes)] : [...SCOPES];
    await this.sql.query(
      'INSERT INTO oauth_clients (client_id, tenant_id, name, logo_uri, redirect_uris, allowed_scopes, secret_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [clientId, c.tenantId, c.name, c.logoUri ?? null, c.redirectUris, scopes, sha256Hex(clientSecret), new Date()],
    );
    return { clientId, clientSecret };
  }

  async find(clientId: string): Promise<ClientRecord | undefined> {
    const [row] = await rows<Row>(this.sql, 'SELECT * FROM oauth_clients WHERE client_id = $1', [clientId]);
    return row ? toRecord(row) : undefined;
  }

  async findMany(clientIds: string[]): Promise<ClientRecord[]> {
    if (clientIds.length === 0) return [];
    return (await rows<Row>(this.sql, 'SELECT * FROM oauth_clients WHERE client_id = ANY($1)', [clientIds])).map(toRecord);
  }

  async listForTenant(tenantId: string): Promise<ClientRecord[]> {
    return (await rows<Row>(this.sql, 'SELECT * FROM oauth_clients WHERE tenant_id = $1 ORDER BY created_at', [tenantId])).map(toRecord);
  }

  private validate(c: NewClient): void {
    if (c.redirectUris.length === 0 || !c.redirectUris.every((u) => isAllowedRedirectUri(u, { production: this.production })))
      throw appError('OAUTH_REDIRECT_URI_INVALID');
    if (c.logoUri !== undefined && !/^https:\/\//.test(c.logoUri) && !(!this.production && /^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(c.logoUri)))
      throw appError('OAUTH_REDIRECT_URI_INVALID', { message: 'logo_uri must be an https URL.' });
    const scopes = c.scopes ?? [];
    if (scopes.length && (!scopes.includes('openid') || !scopes.every((s) => (SCOPES as readonly string[]).includes(s)))) throw appError('OAUTH_SCOPE_UNKNOWN');
  }
}

function toRecord(r: Row): ClientRecord {
  return {
    clientId: r.client_id,
    tenantId: r.tenant_id,
    name: r.name,
    logoUri: r.logo_uri,
    redirectUris: r.redirect_uris,
    allowedScopes: r.allowed_scopes,
    secretHash: r.secret_hash,
    createdAt: r.created_at,
  };
}

/** oidc-provider client metadata of a record: confidential, code flow only, secret as its digest. */
export function clientMetadata(r: ClientRecord): Record<string, unknown> {
  return {
    client_id: r.clientId,
    client_secret: r.secretHash,
    client_name: r.name,
    ...(r.logoUri ? { logo_uri: r.logoUri } : {}),
    redirect_uris: r.redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
    scope: r.allowedScopes.join(' '),
    require_auth_time: true, // auth_time in every ID token (spec §2.6 lists it)
  };
}
