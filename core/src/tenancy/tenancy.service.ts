import { appError } from '@idgate/protos';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { digestsEqual, hashToken, newId, newToken } from '../lib/tokens.ts';
import { isPlanName, type PlanName } from './plans.ts';
import { API_SCOPES, KEY_PREFIX, PUBLIC_KEY_SCOPES, isApiScope, type ApiScope, type KeyKind } from './scopes.ts';
import type { AccountRow, TenancyRepository } from './tenancy.repository.ts';
import { parseIsoDate } from '../sessions/age.ts';

/** Who is calling, once an API key is authenticated. */
export interface Principal {
  keyId: string;
  kind: KeyKind;
  scopes: readonly ApiScope[];
  projectId: string;
  accountId: string;
}

export interface CreatedProject {
  tenantId: string;
  projectId: string;
  secretKey: string;
  publicKey: string;
}

interface Deps {
  database: Database;
  tenancy: TenancyRepository;
  clock: Clock;
  defaultApiVersion: string;
}

const KEY_CACHE_TTL_MS = 30_000;
const KEY_CACHE_MAX = 10_000;

/** Accounts, projects and keys; authentication of API keys (spec §5). */
export class TenancyService {
  private readonly deps: Deps;
  // Authenticated keys are cached briefly so the hot path skips a query; a revoked key stays
  // usable for at most KEY_CACHE_TTL_MS (docs/verify-api.md "API keys and scopes").
  private readonly keyCache = new Map<string, { principal: Principal; until: number; expiresAt: Date | null }>();
  private readonly accountCache = new Map<string, { account: AccountRow; until: number }>();

  constructor(deps: Deps) {
    this.deps = deps;
  }

  async createTenant(name: string, plan: string): Promise<CreatedProject> {
    if (!name.trim() || name.length > 200) throw appError('REQUEST_INVALID', { message: 'name must be 1 to 200 characters.' });
    if (!isPlanName(plan)) throw appError('REQUEST_INVALID', { message: 'plan must be free, basic, starter, growth or scale.' });
    const tenantId = newId('ten_');
    const now = this.deps.clock.now();
    return this.deps.database.db.transaction(async (tx) => {
      await this.deps.tenancy.insertAccount({ id: tenantId, name: name.trim(), plan: plan as PlanName, createdAt: now }, tx);
      return this.insertProjectWithKeys(tx, tenantId, 'Default project', this.deps.defaultApiVersion);
    });
  }

  async createProject(tenantId: string, name: string, apiVersion?: string): Promise<CreatedProject> {
    await this.requireAccount(tenantId);
    if (apiVersion !== undefined && !parseIsoDate(apiVersion)) throw appError('REQUEST_INVALID', { message: 'api_version must be a date YYYY-MM-DD.' });
    return this.deps.database.db.transaction((tx) =>
      this.insertProjectWithKeys(tx, tenantId, name.trim() || 'Project', apiVersion ?? this.deps.defaultApiVersion),
    );
  }

  private async insertProjectWithKeys(tx: Database['db'], tenantId: string, name: string, apiVersion: string): Promise<CreatedProject> {
    const projectId = newId('prj_');
    const now = this.deps.clock.now();
    await this.deps.tenancy.insertProject({ id: projectId, accountId: tenantId, name, apiVersion, createdAt: now }, tx);
    const { key: secretKey } = await this.insertKey(tx, projectId, 'secret', [...API_SCOPES]);
    const { key: publicKey } = await this.insertKey(tx, projectId, 'public', [...PUBLIC_KEY_SCOPES]);
    return { tenantId, projectId, secretKey, publicKey };
  }

  async createRestrictedKey(projectId: string, scopes: string[]): Promise<{ keyId: string; key: string; scopes: ApiScope[] }> {
    if (!(await this.deps.tenancy.findProject(projectId))) throw appError('PROJECT_NOT_FOUND');
    const unknown = scopes.filter((s) => !isApiScope(s));
    if (scopes.length === 0 || unknown.length) {
      throw appError('REQUEST_INVALID', { message: `scopes must be a non-empty list of: ${API_SCOPES.join(', ')}.` });
    }
    const unique = [...new Set(scopes)] as ApiScope[];
    const keyId = newId('key_');
    const key = newToken(KEY_PREFIX.restricted);
    await this.deps.tenancy.insertKey({
      id: keyId,
      projectId,
      kind: 'restricted',
      keyHash: hashToken(key),
      hint: keyHint('restricted', key),
      scopes: unique,
      createdAt: this.deps.clock.now(),
    });
    return { keyId, key, scopes: unique };
  }

  /** A new key of a project; the key itself is returned here once and never stored. */
  async insertKey(tx: Database['db'], projectId: string, kind: KeyKind, scopes: ApiScope[]): Promise<{ id: string; key: string }> {
    const key = newToken(KEY_PREFIX[kind]);
    const id = newId('key_');
    await this.deps.tenancy.insertKey({ id, projectId, kind, keyHash: hashToken(key), hint: keyHint(kind, key), scopes, createdAt: this.deps.clock.now() }, tx);
    return { id, key };
  }

  async requireAccount(tenantId: string): Promise<AccountRow> {
    const account = await this.deps.tenancy.findAccount(tenantId);
    if (!account) throw appError('TENANT_NOT_FOUND');
    return account;
  }

  /** The account for the init hot path, reused for up to 1 s (plan, budget, suspension). */
  async accountForAdmission(tenantId: string): Promise<AccountRow> {
    const now = this.deps.clock.now().getTime();
    const hit = this.accountCache.get(tenantId);
    if (hit && hit.until > now) return hit.account;
    const account = await this.requireAccount(tenantId);
    if (this.accountCache.size > 50_000) this.accountCache.clear();
    this.accountCache.set(tenantId, { account, until: now + 1000 });
    return account;
  }

  forgetAccount(tenantId: string): void {
    this.accountCache.delete(tenantId);
  }

  /** Drops every cached key of this process: a revocation here takes effect at once (elsewhere within 30 s). */
  forgetKeys(): void {
    this.keyCache.clear();
  }

  /**
   * Authenticates an X-API-Key value. Keys are stored as SHA-256; the stored digest is compared
   * with the computed one in constant time after the indexed lookup.
   */
  async authenticate(apiKey: string | undefined): Promise<Principal> {
    if (!apiKey) throw appError('AUTH_REQUIRED');
    if (!/^(sk|pk|ak)_live_[A-Za-z0-9_-]{16,128}$/.test(apiKey)) throw appError('AUTH_INVALID_KEY');
    const digest = hashToken(apiKey);
    const now = Date.now();
    const cached = this.keyCache.get(digest);
    // A rolled key's overlap ends on time even while it is cached.
    if (cached && cached.until > now && (!cached.expiresAt || cached.expiresAt > this.deps.clock.now())) return cached.principal;
    const row = await this.deps.tenancy.findKeyByHash(digest, this.deps.clock.now());
    if (!row || !digestsEqual(row.keyHash, digest)) throw appError('AUTH_INVALID_KEY');
    const principal: Principal = {
      keyId: row.keyId,
      kind: row.kind as KeyKind,
      scopes: row.scopes as ApiScope[],
      projectId: row.projectId,
      accountId: row.accountId,
    };
    if (this.keyCache.size >= KEY_CACHE_MAX) this.keyCache.clear();
    this.keyCache.set(digest, { principal, until: now + KEY_CACHE_TTL_MS, expiresAt: row.expiresAt });
    return principal;
  }
}

/** What the dashboard may show of a key later: a public key whole (it is published in pages), else its prefix and last 4. */
export function keyHint(kind: KeyKind, key: string): string {
  return kind === 'public' ? key : `${KEY_PREFIX[kind]}…${key.slice(-4)}`;
}

/**
 * Throws unless the principal holds `scope`. A public key is told what it is refused: the spec's
 * "cannot read results" where it asked for a result, otherwise that the operation needs the secret key.
 */
export function requireScope(p: Principal, scope: ApiScope): void {
  if (p.scopes.includes(scope)) return;
  if (p.kind === 'public')
    throw appError('AUTH_SECRET_KEY_REQUIRED', {
      message:
        scope === 'verify:result'
          ? 'Reading results needs the secret key (sk_live_) or a restricted key with the verify:result scope; a public key cannot read results.'
          : `This operation needs the secret key (sk_live_) or a restricted key with the ${scope} scope; a public key cannot call it.`,
    });
  throw appError('AUTH_SCOPE_MISSING', { message: `This key lacks the ${scope} scope.` });
}
