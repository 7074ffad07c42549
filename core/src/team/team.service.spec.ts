import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore } from '@idgate/platform/kv';
import { ManualClock } from '../lib/clock.ts';
import { can, PERMISSIONS, ROLES } from './roles.ts';
import type { AuditRow, MemberRow, NewAuditRow, TeamStore } from './team.repository.ts';
import { TeamService, type Actor } from './team.service.ts';

/** The team tables as plain maps; the lock runs the callback (one caller at a time in these specs). */
class FakeTeamStore implements TeamStore {
  readonly members = new Map<string, MemberRow>();
  readonly invitations = new Map<string, { memberId: string; expiresAt: Date; usedAt: Date | null }>();
  readonly audit: AuditRow[] = [];
  inTeamLock<T>(_accountId: string, fn: (store: TeamStore) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async findMember(id: string) {
    return this.members.get(id);
  }
  async findMemberByEmail(email: string) {
    return [...this.members.values()].find((m) => m.email === email);
  }
  async listMembers(accountId: string) {
    return [...this.members.values()].filter((m) => m.accountId === accountId && m.status !== 'removed');
  }
  async insertMember(row: MemberRow) {
    this.members.set(row.id, row);
  }
  async updateMember(id: string, patch: Partial<MemberRow>) {
    this.members.set(id, { ...this.members.get(id)!, ...patch });
  }
  async insertInvitation(row: { tokenHash: string; memberId: string; expiresAt: Date }) {
    this.invitations.set(row.tokenHash, { ...row, usedAt: null });
  }
  async takeInvitation(tokenHash: string, now: Date) {
    const inv = this.invitations.get(tokenHash);
    if (!inv || inv.usedAt || inv.expiresAt <= now) return undefined;
    inv.usedAt = now;
    return inv.memberId;
  }
  async dropInvitations(memberId: string, now: Date) {
    for (const inv of this.invitations.values()) if (inv.memberId === memberId && !inv.usedAt) inv.usedAt = now;
  }
  readonly droppedPasskeys: string[] = [];
  async dropPasskeys(memberId: string) {
    this.droppedPasskeys.push(memberId);
  }
  async appendAudit(row: NewAuditRow) {
    this.audit.push({ ...row, seq: this.audit.length + 1 });
  }
  async listAudit(accountId: string, page: { before?: number; limit: number }) {
    return [...this.audit]
      .filter((r) => r.accountId === accountId && (page.before === undefined || r.seq < page.before))
      .reverse()
      .slice(0, page.limit);
  }
}

const PASSWORD = 'correct horse battery';

function setup() {
  const store = new FakeTeamStore();
  const clock = new ManualClock(new Date('2026-11-26T10:00:00Z'));
  // A reversible stand-in for scrypt keeps the specs fast; password-hash.ts has its own spec.
  const passwords = { hash: async (p: string) => `h:${p}`, verify: async (p: string, h: string) => h === `h:${p}` };
  const team = new TeamService({ store, kv: new MemoryKeyValueStore({ now: () => clock.now().getTime() }), clock, passwords });
  const operator: Actor = { kind: 'operator', accountId: 'acc_a' };
  /** An owner of acc_a, signed in. */
  const owner = async () => {
    const { invitationToken } = await team.inviteFirstOwner('acc_a', 'Owner@Shop.example');
    return team.acceptInvitation(invitationToken, PASSWORD);
  };
  const join = async (by: Actor, email: string, role: string) => {
    const { invitationToken } = await team.invite(by, email, role);
    return team.acceptInvitation(invitationToken, PASSWORD);
  };
  return { store, clock, team, operator, owner, join };
}

describe('roles', () => {
  it('owners may do everything; developers never touch billing or the team; reviewers only decide reviews and read', () => {
    expect(PERMISSIONS.every((p) => can('owner', p))).toBe(true);
    expect(can('developer', 'billing.manage')).toBe(false);
    expect(can('developer', 'team.manage')).toBe(false);
    expect(can('developer', 'keys.manage')).toBe(true);
    expect(PERMISSIONS.filter((p) => can('reviewer', p))).toEqual(['team.read', 'usage.read', 'reviews.decide']);
    expect(ROLES).toEqual(['owner', 'developer', 'reviewer']);
  });
});

describe('TeamService', () => {
  it('the operator invites the first owner, who joins with a password and signs in', async () => {
    const { team, owner, store } = setup();
    const actor = await owner();
    expect(actor).toMatchObject({ kind: 'member', accountId: 'acc_a', role: 'owner', email: 'owner@shop.example' });
    expect(await team.signIn('owner@shop.example', PASSWORD, '10.0.0.1')).toMatchObject({ memberId: actor.memberId });
    expect(store.audit.map((a) => [a.actor, a.action])).toEqual([
      ['operator', 'member.invited'],
      [actor.memberId, 'member.joined'],
    ]);
  });

  it('an invitation works once and not after it expires', async () => {
    const { team, clock } = setup();
    const first = await team.inviteFirstOwner('acc_a', 'a@shop.example');
    await team.acceptInvitation(first.invitationToken, PASSWORD);
    await expect(team.acceptInvitation(first.invitationToken, PASSWORD)).rejects.toMatchObject({ code: 'TEAM_INVITATION_INVALID' });
    const second = await team.inviteFirstOwner('acc_a', 'b@shop.example');
    clock.advance(7 * 24 * 3600_000 + 1);
    await expect(team.acceptInvitation(second.invitationToken, PASSWORD)).rejects.toMatchObject({ code: 'TEAM_INVITATION_INVALID' });
    await expect(team.acceptInvitation('xdi_not-a-real-token-at-all', PASSWORD)).rejects.toMatchObject({ code: 'TEAM_INVITATION_INVALID' });
  });

  it('inviting again replaces the earlier link and takes the new role', async () => {
    const { team, owner } = setup();
    const o = await owner();
    const first = await team.invite(o, 'dev@shop.example', 'reviewer');
    const second = await team.invite(o, 'dev@shop.example', 'developer');
    await expect(team.acceptInvitation(first.invitationToken, PASSWORD)).rejects.toMatchObject({ code: 'TEAM_INVITATION_INVALID' });
    expect(await team.acceptInvitation(second.invitationToken, PASSWORD)).toMatchObject({ role: 'developer' });
  });

  it('refuses a short password and a malformed email', async () => {
    const { team, operator } = setup();
    const { invitationToken } = await team.invite(operator, 'x@shop.example', 'owner');
    await expect(team.acceptInvitation(invitationToken, 'short')).rejects.toMatchObject({ code: 'TEAM_PASSWORD_WEAK' });
    await expect(team.invite(operator, 'not an email', 'owner')).rejects.toMatchObject({ code: 'REQUEST_INVALID' });
    await expect(team.invite(operator, 'y@shop.example', 'admin')).rejects.toMatchObject({ code: 'REQUEST_INVALID' });
  });

  it('a reviewer cannot invite, a developer cannot change roles: core refuses, whatever the page shows', async () => {
    const { team, owner, join } = setup();
    const o = await owner();
    const dev = await join(o, 'dev@shop.example', 'developer');
    const reviewer = await join(o, 'rev@shop.example', 'reviewer');
    await expect(team.invite(reviewer, 'z@shop.example', 'owner')).rejects.toMatchObject({ code: 'TEAM_PERMISSION_DENIED' });
    await expect(team.changeRole(dev, reviewer.memberId, 'owner')).rejects.toMatchObject({ code: 'TEAM_PERMISSION_DENIED' });
    await expect(team.authorize(dev.memberId, 'billing.manage')).rejects.toMatchObject({ code: 'TEAM_PERMISSION_DENIED' });
    await expect(team.authorize(reviewer.memberId, 'keys.manage')).rejects.toMatchObject({ code: 'TEAM_PERMISSION_DENIED' });
    expect(await team.authorize(reviewer.memberId, 'reviews.decide')).toMatchObject({ role: 'reviewer' });
  });

  it('a lowered role and a removal take effect on the next action', async () => {
    const { team, owner, join } = setup();
    const o = await owner();
    const dev = await join(o, 'dev@shop.example', 'developer');
    await team.changeRole(o, dev.memberId, 'reviewer');
    await expect(team.authorize(dev.memberId, 'keys.manage')).rejects.toMatchObject({ code: 'TEAM_PERMISSION_DENIED' });
    await team.removeMember(o, dev.memberId);
    await expect(team.authorize(dev.memberId, 'usage.read')).rejects.toMatchObject({ code: 'TEAM_SESSION_INVALID' });
    await expect(team.signIn('dev@shop.example', PASSWORD, '10.0.0.2')).rejects.toMatchObject({ code: 'TEAM_SIGN_IN_FAILED' });
    // The address is free again: it can be invited anew.
    expect((await team.invite(o, 'dev@shop.example', 'developer')).member.status).toBe('invited');
  });

  it('keeps at least one owner', async () => {
    const { team, owner, join } = setup();
    const o = await owner();
    await expect(team.changeRole(o, o.memberId, 'developer')).rejects.toMatchObject({ code: 'TEAM_LAST_OWNER' });
    await expect(team.removeMember(o, o.memberId)).rejects.toMatchObject({ code: 'TEAM_LAST_OWNER' });
    const second = await join(o, 'two@shop.example', 'owner');
    await team.changeRole(second, o.memberId, 'developer');
    expect((await team.listMembers(second)).map((m) => [m.email, m.role])).toEqual([
      ['owner@shop.example', 'developer'],
      ['two@shop.example', 'owner'],
    ]);
  });

  it("another tenant's member id reads as unknown and changes nothing", async () => {
    const { team, owner, store } = setup();
    const o = await owner();
    const other = await team.inviteFirstOwner('acc_b', 'boss@other.example');
    const before = structuredClone(store.members.get(other.member.id));
    await expect(team.changeRole(o, other.member.id, 'reviewer')).rejects.toMatchObject({ code: 'TEAM_MEMBER_NOT_FOUND' });
    await expect(team.removeMember(o, other.member.id)).rejects.toMatchObject({ code: 'TEAM_MEMBER_NOT_FOUND' });
    expect(store.members.get(other.member.id)).toEqual(before);
    expect((await team.listMembers(o)).map((m) => m.email)).toEqual(['owner@shop.example']);
    // One dashboard login belongs to one tenant.
    await expect(team.invite(o, 'boss@other.example', 'developer')).rejects.toMatchObject({ code: 'TEAM_EMAIL_TAKEN' });
  });

  it('throttles failed sign-ins per email, right password or not, until the window ends', async () => {
    const { team, owner, clock } = setup();
    await owner();
    for (let i = 0; i < 5; i++)
      await expect(team.signIn('owner@shop.example', 'wrong password!', `10.0.1.${i}`)).rejects.toMatchObject({ code: 'TEAM_SIGN_IN_FAILED' });
    await expect(team.signIn('owner@shop.example', PASSWORD, '10.0.2.1')).rejects.toMatchObject({ code: 'TEAM_SIGN_IN_THROTTLED' });
    clock.advance(15 * 60_000 + 1);
    expect(await team.signIn('owner@shop.example', PASSWORD, '10.0.2.1')).toMatchObject({ role: 'owner' });
  });

  it('throttles one address trying many emails', async () => {
    const { team } = setup();
    for (let i = 0; i < 30; i++)
      await expect(team.signIn(`u${i}@shop.example`, 'wrong password!', '10.9.9.9')).rejects.toMatchObject({ code: 'TEAM_SIGN_IN_FAILED' });
    await expect(team.signIn('u99@shop.example', 'wrong password!', '10.9.9.9')).rejects.toMatchObject({ code: 'TEAM_SIGN_IN_THROTTLED' });
  });

  it('the audit log says who did what, newest first, and refuses secrets', async () => {
    const { team, owner, join, clock } = setup();
    const o = await owner();
    clock.advance(1000);
    const dev = await join(o, 'dev@shop.example', 'developer');
    clock.advance(1000);
    await team.record(dev, 'webhook.created', { type: 'webhook_endpoint', id: 'we_1' }, { url: 'https://shop.example/hook', events: 'session.verified' });
    const log = await team.auditLog(o);
    expect(log.map((e) => [e.actorLabel, e.action])).toEqual([
      ['dev@shop.example', 'webhook.created'],
      ['dev@shop.example', 'member.joined'],
      ['owner@shop.example', 'member.invited'],
      ['owner@shop.example', 'member.joined'],
      ['operator', 'member.invited'],
    ]);
    await expect(team.record(dev, 'webhook.rotated', { type: 'webhook_endpoint', id: 'we_1' }, { signing_secret: 'whsec_x' })).rejects.toThrow(/secrets/);
    expect(JSON.stringify(log)).not.toMatch(/h:correct|xdi_/);
  });
});
