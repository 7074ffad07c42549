import { createHash } from 'node:crypto';
import { appError } from '@idgate/protos';
import type { KeyValueStore } from '@idgate/platform/kv';
import type { Clock } from '../lib/clock.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { can, isRole, type Permission, type Role } from './roles.ts';
import type { AuditRow, MemberRow, NewAuditRow, TeamStore } from './team.repository.ts';

/** Who acts: a signed-in member, or the operator through the admin CLI. */
export type Actor =
  | { readonly kind: 'member'; readonly memberId: string; readonly accountId: string; readonly role: Role; readonly email: string }
  | { readonly kind: 'operator'; readonly accountId: string };

/** A member as the dashboard shows it: never the password hash. */
export interface TeamMember {
  readonly id: string;
  readonly email: string;
  readonly role: Role;
  readonly status: 'invited' | 'active';
  readonly createdAt: Date;
  readonly lastSignInAt: Date | null;
}

/** An audit entry as the dashboard shows it. */
export interface AuditEntry {
  readonly id: string;
  /** Position in the team's log: pass it as `before` to read the entries older than this one. */
  readonly seq: number;
  readonly actor: string;
  readonly actorLabel: string;
  readonly action: string;
  readonly targetType: string;
  readonly targetId: string;
  readonly details: Readonly<Record<string, AuditValue>>;
  readonly at: Date;
}

/** Audit details are flat, non-secret values: the names and new values of what changed. */
export type AuditValue = string | number | boolean | null;

export interface TeamSettings {
  /** How long an invitation link works. */
  readonly invitationTtlMs: number;
  /** Failed sign-ins allowed per email, and per client address, in one window. */
  readonly signInFailuresPerEmail: number;
  readonly signInFailuresPerIp: number;
  readonly signInWindowMs: number;
}

export const DEFAULT_TEAM_SETTINGS: TeamSettings = {
  invitationTtlMs: 7 * 24 * 3600_000,
  signInFailuresPerEmail: 5,
  signInFailuresPerIp: 30,
  signInWindowMs: 15 * 60_000,
};

interface Deps {
  readonly store: TeamStore;
  readonly kv: KeyValueStore;
  readonly clock: Clock;
  readonly settings?: TeamSettings;
  /** Injected for the unit specs (scrypt is deliberately slow). */
  readonly passwords?: { hash(password: string): Promise<string>; verify(password: string, hash: string): Promise<boolean> };
}

const EMAIL_RE = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,63}$/;
/** Keys that name a secret never enter the audit log, whatever a caller passes. */
const SECRET_KEY_RE = /secret|password|token|private|api_?key|^key$/i;

/**
 * The tenant's dashboard team (docs/decisions/dashboard-team.md): invitations, sign-in, roles and the
 * audit log. Every dashboard action is authorised here against roles.ts, so the rule holds whatever the
 * page shows; members of one tenant can neither see nor change another tenant's members (an id from
 * another team reads as unknown).
 */
export class TeamService {
  private readonly store: TeamStore;
  private readonly kv: KeyValueStore;
  private readonly clock: Clock;
  private readonly settings: TeamSettings;
  private readonly passwords: NonNullable<Deps['passwords']>;
  /** Compared against when the email is unknown, so an unknown address takes as long as a wrong password. */
  private decoyHash: Promise<string> | undefined;

  constructor(deps: Deps) {
    this.store = deps.store;
    this.kv = deps.kv;
    this.clock = deps.clock;
    this.settings = deps.settings ?? DEFAULT_TEAM_SETTINGS;
    this.passwords = deps.passwords ?? { hash: (p) => hashPassword(p), verify: (p, h) => verifyPassword(p, h) };
  }

  /** The operator's way in (admin CLI): an owner invited to a tenant, with the invitation token to send. */
  async inviteFirstOwner(accountId: string, email: string): Promise<{ member: TeamMember; invitationToken: string; expiresAt: Date }> {
    return this.invite({ kind: 'operator', accountId }, email, 'owner');
  }

  /** Invites someone by email with a role; answers the single-use invitation token (sent by mail, never stored). */
  async invite(actor: Actor, email: string, role: string): Promise<{ member: TeamMember; invitationToken: string; expiresAt: Date }> {
    this.require(actor, 'team.manage');
    if (!isRole(role)) throw appError('REQUEST_INVALID', { message: 'role must be owner, developer or reviewer.' });
    const address = normaliseEmail(email);
    const now = this.clock.now();
    return this.store.inTeamLock(actor.accountId, async (store) => {
      const existing = await store.findMemberByEmail(address);
      if (existing && existing.accountId !== actor.accountId) throw appError('TEAM_EMAIL_TAKEN');
      if (existing?.status === 'active') throw appError('TEAM_EMAIL_TAKEN');
      let member: MemberRow;
      if (existing) {
        // Invited again: a new link replaces the old one, with the role given now.
        member = { ...existing, role };
        await store.updateMember(existing.id, { role });
        await store.dropInvitations(existing.id, now);
      } else {
        member = {
          id: newToken('tm_', 12),
          accountId: actor.accountId,
          email: address,
          role,
          status: 'invited',
          passwordHash: null,
          invitedBy: actor.kind === 'member' ? actor.memberId : 'operator',
          createdAt: now,
          activatedAt: null,
          lastSignInAt: null,
        };
        await store.insertMember(member);
      }
      const invitationToken = newToken('xdi_');
      const expiresAt = new Date(now.getTime() + this.settings.invitationTtlMs);
      await store.insertInvitation({ tokenHash: hashToken(invitationToken), memberId: member.id, expiresAt });
      await this.audit(store, actor, 'member.invited', 'member', member.id, { email: address, role });
      return { member: view(member), invitationToken, expiresAt };
    });
  }

  /** Accepts an invitation with a password: the member becomes active and is signed in. */
  async acceptInvitation(token: string, password: string): Promise<Actor & { kind: 'member' }> {
    checkPassword(password);
    if (!/^xdi_[A-Za-z0-9_-]{20,100}$/.test(token)) throw appError('TEAM_INVITATION_INVALID');
    const now = this.clock.now();
    // Hashed before the invitation is taken: a slow hash never holds the team's lock.
    const passwordHash = await this.passwords.hash(password);
    const memberId = await this.store.takeInvitation(hashToken(token), now);
    const member = memberId ? await this.store.findMember(memberId) : undefined;
    if (!member || member.status !== 'invited') throw appError('TEAM_INVITATION_INVALID');
    const actor = asActor({ ...member, status: 'active' });
    await this.store.inTeamLock(member.accountId, async (store) => {
      await store.updateMember(member.id, { status: 'active', passwordHash, activatedAt: now, lastSignInAt: now });
      await this.audit(store, actor, 'member.joined', 'member', member.id, { role: member.role });
    });
    return actor;
  }

  /**
   * Email and password. Failures are counted per email and per client address in a window; past either
   * limit every attempt is refused, right or wrong, until the window ends (TEAM_SIGN_IN_THROTTLED).
   */
  async signIn(email: string, password: string, clientIp: string | undefined): Promise<Actor & { kind: 'member' }> {
    const address = normaliseEmail(email, { lenient: true });
    const keys = [`team:signin:email:${digest(address)}`, `team:signin:ip:${clientIp ?? 'unknown'}`];
    const limits = [this.settings.signInFailuresPerEmail, this.settings.signInFailuresPerIp];
    const counts = await Promise.all(keys.map((k) => this.kv.get(k)));
    if (counts.some((c, i) => Number(c ?? 0) >= limits[i]!)) throw appError('TEAM_SIGN_IN_THROTTLED');
    const member = address ? await this.store.findMemberByEmail(address) : undefined;
    const usable = member?.status === 'active' && member.passwordHash ? member.passwordHash : await this.decoy();
    const ok = (await this.passwords.verify(password, usable)) && member?.status === 'active';
    if (!ok || !member) {
      await Promise.all(keys.map((k) => this.kv.incrWindow(k, this.settings.signInWindowMs)));
      throw appError('TEAM_SIGN_IN_FAILED');
    }
    const now = this.clock.now();
    await this.store.updateMember(member.id, { lastSignInAt: now });
    return asActor(member);
  }

  /** A member whose passkey team-passkeys.ts verified: active again checked, sign-in time recorded. */
  async passkeySignedIn(memberId: string): Promise<Actor & { kind: 'member' }> {
    const member = await this.store.findMember(memberId);
    if (!member || member.status !== 'active') throw appError('PASSKEY_INVALID');
    await this.store.updateMember(member.id, { lastSignInAt: this.clock.now() });
    return asActor(member);
  }

  /**
   * The member behind a dashboard session, checked again on every action (a removed member or a
   * lowered role takes effect at once), with the permission the action needs.
   */
  async authorize(memberId: string, permission: Permission): Promise<Actor & { kind: 'member' }> {
    const member = await this.store.findMember(memberId);
    if (!member || member.status !== 'active') throw appError('TEAM_SESSION_INVALID');
    const actor = asActor(member);
    this.require(actor, permission);
    return actor;
  }

  async listMembers(actor: Actor): Promise<TeamMember[]> {
    this.require(actor, 'team.read');
    return (await this.store.listMembers(actor.accountId)).map(view);
  }

  /** Changes a member's role; the last active owner cannot stop being one. */
  async changeRole(actor: Actor, memberId: string, role: string): Promise<TeamMember> {
    this.require(actor, 'team.manage');
    if (!isRole(role)) throw appError('REQUEST_INVALID', { message: 'role must be owner, developer or reviewer.' });
    return this.store.inTeamLock(actor.accountId, async (store) => {
      const member = await this.memberOfTeam(store, actor, memberId);
      if (member.role === role) return view(member);
      if (member.role === 'owner') await assertAnotherOwner(store, member);
      await store.updateMember(member.id, { role });
      await this.audit(store, actor, 'member.role_changed', 'member', member.id, { from: member.role, to: role });
      return view({ ...member, role });
    });
  }

  /** Removes a member (or withdraws an invitation): the row stays for the audit log, without email, password or passkeys. */
  async removeMember(actor: Actor, memberId: string): Promise<void> {
    this.require(actor, 'team.manage');
    await this.store.inTeamLock(actor.accountId, async (store) => {
      const member = await this.memberOfTeam(store, actor, memberId);
      if (member.role === 'owner') await assertAnotherOwner(store, member);
      await store.dropInvitations(member.id, this.clock.now());
      await store.dropPasskeys(member.id);
      await store.updateMember(member.id, { status: 'removed', email: `removed+${member.id}@invalid`, passwordHash: null });
      await this.audit(store, actor, 'member.removed', 'member', member.id, { email: member.email, role: member.role });
    });
  }

  /** The team's audit log, newest first. */
  async auditLog(actor: Actor, page: { before?: number; limit?: number } = {}): Promise<AuditEntry[]> {
    this.require(actor, 'team.read');
    const limit = Math.min(Math.max(page.limit ?? 50, 1), 200);
    return (await this.store.listAudit(actor.accountId, { before: page.before, limit })).map(entry);
  }

  /**
   * Records a change another domain made for a member (a key created, a webhook edited, a budget set).
   * Details whose name suggests a secret are refused outright: a caller that passes one has a bug.
   */
  async record(actor: Actor, action: string, target: { type: string; id: string }, details: Record<string, AuditValue> = {}): Promise<void> {
    await this.audit(this.store, actor, action, target.type, target.id, details);
  }

  private async audit(
    store: TeamStore,
    actor: Actor,
    action: string,
    targetType: string,
    targetId: string,
    details: Record<string, AuditValue>,
  ): Promise<void> {
    for (const [key, value] of Object.entries(details)) {
      if (SECRET_KEY_RE.test(key)) throw new Error(`audit details must not carry secrets (${key})`);
      if (value !== null && typeof value === 'object') throw new Error(`audit details are flat values (${key})`);
    }
    const row: NewAuditRow = {
      id: newToken('aud_', 12),
      accountId: actor.accountId,
      actor: actor.kind === 'member' ? actor.memberId : 'operator',
      actorLabel: actor.kind === 'member' ? actor.email : 'operator',
      action,
      targetType,
      targetId,
      details,
      at: this.clock.now(),
    };
    await store.appendAudit(row);
  }

  private require(actor: Actor, permission: Permission): void {
    if (actor.kind === 'operator') return;
    if (!can(actor.role, permission)) throw appError('TEAM_PERMISSION_DENIED');
  }

  /** A member of the actor's own team; any other id (another tenant's included) reads as unknown. */
  private async memberOfTeam(store: TeamStore, actor: Actor, memberId: string): Promise<MemberRow> {
    const member = await store.findMember(memberId);
    if (!member || member.accountId !== actor.accountId || member.status === 'removed') throw appError('TEAM_MEMBER_NOT_FOUND');
    return member;
  }

  private decoy(): Promise<string> {
    this.decoyHash ??= this.passwords.hash(newToken('decoy_'));
    return this.decoyHash;
  }
}

async function assertAnotherOwner(store: TeamStore, leaving: MemberRow): Promise<void> {
  const owners = (await store.listMembers(leaving.accountId)).filter((m) => m.role === 'owner' && m.status === 'active' && m.id !== leaving.id);
  if (owners.length === 0) throw appError('TEAM_LAST_OWNER');
}

function checkPassword(password: string): void {
  if (typeof password !== 'string' || [...password].length < 12 || password.length > 256) throw appError('TEAM_PASSWORD_WEAK');
}

export function normaliseEmail(email: string, o: { lenient?: boolean } = {}): string {
  const address = String(email ?? '')
    .trim()
    .toLowerCase();
  if (!EMAIL_RE.test(address)) {
    if (o.lenient) return '';
    throw appError('REQUEST_INVALID', { message: 'email must be an email address.' });
  }
  return address;
}

const digest = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);

function asActor(m: MemberRow): Actor & { kind: 'member' } {
  if (!isRole(m.role)) throw new Error(`team member ${m.id} has an unknown role`);
  return { kind: 'member', memberId: m.id, accountId: m.accountId, role: m.role, email: m.email };
}

function view(m: MemberRow): TeamMember {
  return {
    id: m.id,
    email: m.email,
    role: isRole(m.role) ? m.role : 'reviewer',
    status: m.status === 'active' ? 'active' : 'invited',
    createdAt: m.createdAt,
    lastSignInAt: m.lastSignInAt,
  };
}

function entry(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    seq: r.seq,
    actor: r.actor,
    actorLabel: r.actorLabel,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    details: r.details as Record<string, AuditValue>,
    at: r.at,
  };
}
