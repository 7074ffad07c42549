import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore } from '@idgate/platform/kv';
import {
  ManualClock,
  TeamPasskeys,
  TeamService,
  type Actor,
  type AuditRow,
  type MemberRow,
  type NewAuditRow,
  type PasskeyRow,
  type PasskeyStore,
  type TeamStore,
} from '@idgate/core';
import { SoftAuthenticator } from '../src/soft-authenticator.ts';

class FakePasskeys implements PasskeyStore {
  readonly rows = new Map<string, PasskeyRow>();
  async insert(row: PasskeyRow) {
    if ([...this.rows.values()].some((r) => r.credentialId === row.credentialId)) return false;
    this.rows.set(row.id, row);
    return true;
  }
  async listByMember(memberId: string) {
    return [...this.rows.values()].filter((r) => r.memberId === memberId);
  }
  async byCredentialId(credentialId: string) {
    return [...this.rows.values()].find((r) => r.credentialId === credentialId);
  }
  async recordUse(id: string, counter: number, at: Date) {
    const row = this.rows.get(id);
    if (!row || (counter === 0 ? row.signCount !== 0 : row.signCount >= counter)) return false;
    this.rows.set(id, { ...row, signCount: counter, lastUsedAt: at });
    return true;
  }
  async remove(memberId: string, id: string) {
    const row = this.rows.get(id);
    if (!row || row.memberId !== memberId) return undefined;
    this.rows.delete(id);
    return row;
  }
}

/** Only what TeamPasskeys and TeamService.record/passkeySignedIn touch. */
class FakeMembers {
  readonly members = new Map<string, MemberRow>();
  readonly audit: AuditRow[] = [];
  async findMember(id: string) {
    return this.members.get(id);
  }
  async updateMember(id: string, patch: Partial<MemberRow>) {
    this.members.set(id, { ...this.members.get(id)!, ...patch });
  }
  async appendAudit(row: NewAuditRow) {
    this.audit.push({ ...row, seq: this.audit.length + 1 });
  }
}

const ORIGIN = 'https://dash.example.test';

function setup() {
  const members = new FakeMembers();
  const store = members as unknown as TeamStore;
  const clock = new ManualClock(new Date('2026-11-26T10:00:00Z'));
  const kv = new MemoryKeyValueStore();
  const team = new TeamService({ store, kv, clock });
  const passkeys = new FakePasskeys();
  const service = new TeamPasskeys({ passkeys, members: store, team, kv, clock, rp: { rpId: 'dash.example.test', rpName: 'idgate', origins: [ORIGIN] } });
  const member: MemberRow = {
    id: 'tm_alice',
    accountId: 'acc_1',
    email: 'alice@example.test',
    role: 'developer',
    status: 'active',
    passwordHash: 'x',
    invitedBy: 'operator',
    createdAt: clock.now(),
    activatedAt: clock.now(),
    lastSignInAt: null,
  };
  members.members.set(member.id, member);
  const actor: Actor & { kind: 'member' } = { kind: 'member', memberId: member.id, accountId: 'acc_1', role: 'developer', email: member.email };
  const auth = new SoftAuthenticator({ origin: ORIGIN, rpId: 'dash.example.test' });
  return { members, passkeys, service, actor, auth, clock };
}

async function added(s: ReturnType<typeof setup>) {
  const options = await s.service.registrationOptions(s.actor);
  return s.service.add(s.actor, JSON.stringify(s.auth.register(options)), 'Laptop');
}

describe('TeamPasskeys', () => {
  it('adds a passkey, signs in with it once per challenge, and audits without key material', async () => {
    const s = setup();
    const pk = await added(s);
    expect(pk.name).toBe('Laptop');
    const assertion = JSON.stringify(s.auth.assert(await s.service.signInOptions('10.0.0.1')));
    const who = await s.service.signIn(assertion);
    expect(who.memberId).toBe('tm_alice');
    // The same assertion again: its challenge is spent.
    await expect(s.service.signIn(assertion)).rejects.toMatchObject({ code: 'PASSKEY_CHALLENGE_INVALID' });
    expect(s.members.audit.map((a) => a.action)).toEqual(['passkey.added']);
    expect(JSON.stringify(s.members.audit)).not.toContain(s.passkeys.rows.get(pk.id)!.publicKey);
  });

  it('refuses a counter that does not move forward (a cloned authenticator)', async () => {
    const s = setup();
    await added(s);
    await s.service.signIn(JSON.stringify(s.auth.assert(await s.service.signInOptions('10.0.0.1'))));
    s.auth.credentials[0]!.counter = 0;
    await expect(s.service.signIn(JSON.stringify(s.auth.assert(await s.service.signInOptions('10.0.0.1'))))).rejects.toMatchObject({ code: 'PASSKEY_INVALID' });
  });

  it('refuses the passkey of a removed member and a removed passkey', async () => {
    const s = setup();
    const pk = await added(s);
    await s.members.updateMember('tm_alice', { status: 'removed' });
    await expect(s.service.signIn(JSON.stringify(s.auth.assert(await s.service.signInOptions('10.0.0.1'))))).rejects.toMatchObject({ code: 'PASSKEY_INVALID' });
    await s.members.updateMember('tm_alice', { status: 'active' });
    await s.service.remove(s.actor, pk.id);
    expect(s.members.audit.map((a) => a.action)).toEqual(['passkey.added', 'passkey.removed']);
    await expect(s.service.signIn(JSON.stringify(s.auth.assert(await s.service.signInOptions('10.0.0.1'))))).rejects.toMatchObject({ code: 'PASSKEY_INVALID' });
    await expect(s.service.remove(s.actor, pk.id)).rejects.toMatchObject({ code: 'TEAM_MEMBER_NOT_FOUND' });
  });

  it('binds challenges: a registration challenge cannot sign in, junk is REQUEST_INVALID', async () => {
    const s = setup();
    await added(s);
    const reg = await s.service.registrationOptions(s.actor);
    const asSignIn = s.auth.assert({ challenge: reg.challenge, rpId: 'dash.example.test', allowCredentials: [] });
    await expect(s.service.signIn(JSON.stringify(asSignIn))).rejects.toMatchObject({ code: 'PASSKEY_CHALLENGE_INVALID' });
    await expect(s.service.signIn('{"nope":1}')).rejects.toMatchObject({ code: 'REQUEST_INVALID' });
    await expect(s.service.signIn('not json')).rejects.toMatchObject({ code: 'REQUEST_INVALID' });
  });

  it('gives one client address at most 30 sign-in challenges a minute', async () => {
    const s = setup();
    for (let i = 0; i < 30; i++) await s.service.signInOptions('10.0.0.9');
    await expect(s.service.signInOptions('10.0.0.9')).rejects.toMatchObject({ code: 'TEAM_SIGN_IN_THROTTLED' });
    await expect(s.service.signInOptions('10.0.0.10')).resolves.toBeDefined();
  });
});
