import { appError } from '@idgate/protos';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { API_SCOPES, PUBLIC_KEY_SCOPES, type ApiScope, type KeyKind } from './scopes.ts';
import type { ApiKeyRow, ProjectRow, TenancyRepository } from './tenancy.repository.ts';
import type { CreatedProject, TenancyService } from './tenancy.service.ts';

/** The longest overlap a rolled key may keep working: a week, Stripe's longest too. */
export const MAX_ROLL_OVERLAP_HOURS = 168;

export type KeyState = 'active' | 'expiring' | 'expired' | 'revoked';

/** A key as the dashboard shows it: never the key or its digest, only the hint. */
export interface KeyView {
  readonly id: string;
  readonly kind: KeyKind;
  readonly scopes: readonly string[];
  readonly hint: string | null;
  readonly state: KeyState;
  readonly createdAt: Date;
  readonly revokedAt: Date | null;
  readonly expiresAt: Date | null;
}

export interface ProjectView {
  readonly id: string;
  readonly name: string;
  readonly apiVersion: string;
  readonly createdAt: Date;
  readonly keys: readonly KeyView[];
}

interface Deps {
  readonly database: Database;
  readonly repository: TenancyRepository;
  readonly tenancy: TenancyService;
  readonly clock: Clock;
}

/**
 * A tenant's projects and API keys as the dashboard manages them: every call names the account, and a
 * project or key of another account reads as unknown. Secret and public keys are rolled (a new key at
 * once, the old one working for the overlap chosen), restricted keys are created and revoked.
 */
export class ProjectKeysService {
  private readonly d: Deps;

  constructor(d: Deps) {
    this.d = d;
  }

  async list(accountId: string): Promise<ProjectView[]> {
    const projects = await this.d.repository.listProjects(accountId);
    const keys = await this.d.repository.listKeys(projects.map((p) => p.id));
    const now = this.d.clock.now();
    return projects.map((p) =>
      view(
        p,
        keys.filter((k) => k.projectId === p.id).map((k) => keyView(k, now)),
      ),
    );
  }

  createProject(accountId: string, name: string): Promise<CreatedProject> {
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > 100) throw appError('REQUEST_INVALID', { message: 'name must be 1 to 100 characters.' });
    return this.d.tenancy.createProject(accountId, trimmed);
  }

  async createRestrictedKey(accountId: string, projectId: string, scopes: string[]): Promise<{ keyId: string; key: string; scopes: ApiScope[] }> {
    await this.project(accountId, projectId);
    return this.d.tenancy.createRestrictedKey(projectId, scopes);
  }

  /**
   * A new secret (or public) key for the project, returned once; the live keys of that kind stop working
   * after `overlapHours` (0: at once), long enough to deploy the new one.
   */
  async roll(accountId: string, projectId: string, kind: string, overlapHours: number): Promise<{ keyId: string; key: string; previousExpireAt: Date }> {
    if (kind !== 'secret' && kind !== 'public')
      throw appError('REQUEST_INVALID', { message: 'Only secret and public keys are rolled; revoke a restricted key.' });
    if (!Number.isInteger(overlapHours) || overlapHours < 0 || overlapHours > MAX_ROLL_OVERLAP_HOURS)
      throw appError('REQUEST_INVALID', { message: `overlap_hours must be a whole number from 0 to ${MAX_ROLL_OVERLAP_HOURS}.` });
    await this.project(accountId, projectId);
    const now = this.d.clock.now();
    const previousExpireAt = new Date(now.getTime() + overlapHours * 3600_000);
    const result = await this.d.database.db.transaction(async (tx) => {
      await this.d.repository.lockProject(projectId, tx);
      const live = (await this.d.repository.listKeys([projectId], tx)).filter((k) => k.kind === kind && keyView(k, now).state === 'active');
      for (const k of live) await this.d.repository.updateKey(k.id, overlapHours === 0 ? { revokedAt: now } : { expiresAt: previousExpireAt }, tx);
      return this.d.tenancy.insertKey(tx, projectId, kind, kind === 'secret' ? [...API_SCOPES] : [...PUBLIC_KEY_SCOPES]);
    });
    this.d.tenancy.forgetKeys();
    return { keyId: result.id, key: result.key, previousExpireAt };
  }

  /** Revokes a restricted key at once (within 30 s in other processes). */
  async revoke(accountId: string, keyId: string): Promise<KeyView> {
    const key = await this.d.repository.findKeyWithAccount(keyId);
    if (!key || key.accountId !== accountId) throw appError('KEY_NOT_FOUND');
    if (key.kind !== 'restricted')
      throw appError('REQUEST_INVALID', { message: 'Secret and public keys are rolled, not revoked: a project always keeps one.' });
    const now = this.d.clock.now();
    if (!key.revokedAt) await this.d.repository.updateKey(keyId, { revokedAt: now });
    this.d.tenancy.forgetKeys();
    return keyView({ ...key, revokedAt: key.revokedAt ?? now }, now);
  }

  private async project(accountId: string, projectId: string): Promise<ProjectRow> {
    const project = await this.d.repository.findProject(projectId);
    if (!project || project.accountId !== accountId) throw appError('PROJECT_NOT_FOUND');
    return project;
  }
}

function view(p: ProjectRow, keys: KeyView[]): ProjectView {
  return { id: p.id, name: p.name, apiVersion: p.apiVersion, createdAt: p.createdAt, keys };
}

export function keyView(k: ApiKeyRow, now: Date): KeyView {
  const state: KeyState = k.revokedAt ? 'revoked' : k.expiresAt ? (k.expiresAt > now ? 'expiring' : 'expired') : 'active';
  return {
    id: k.id,
    kind: k.kind as KeyKind,
    scopes: k.scopes,
    hint: k.hint,
    state,
    createdAt: k.createdAt,
    revokedAt: k.revokedAt,
    expiresAt: k.expiresAt,
  };
}
