// The team tables on both databases: the lock that keeps a last owner, and invitations that are single
// use when two browsers accept the same link at once.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryKeyValueStore } from '@idgate/platform/kv';
import { openDatabase, type Database } from '../db/client.ts';
import { accounts } from '../db/schema/index.ts';
import { systemClock } from '../lib/clock.ts';
import { reachable, TEST_DATABASE_URL } from '../testing/index.ts';
import { TeamRepository } from './team.repository.ts';
import { TeamService } from './team.service.ts';

const pgReachable = await reachable(TEST_DATABASE_URL);
const schemaName = `team_${process.pid}_${Date.now()}`;
const BACKENDS = [
  { name: 'PGlite', open: () => openDatabase({}) },
  ...(pgReachable || process.env.CI === 'true' ? [{ name: 'Postgres', open: () => openDatabase({ url: TEST_DATABASE_URL, schemaName, poolSize: 4 }) }] : []),
];

afterAll(async () => {
  if (!pgReachable) return;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop schema if exists "${schemaName}" cascade`);
  await admin.end();
});

const PASSWORD = 'correct horse battery';
// Fast stand-in hashes: these specs are about storage, password-hash.spec.ts covers scrypt.
const passwords = { hash: async (p: string) => `h:${p}`, verify: async (p: string, h: string) => h === `h:${p}` };

describe.each(BACKENDS)('team tables on $name', ({ open }) => {
  let database: Database;
  let team: TeamService;

  beforeAll(async () => {
    database = await open();
    await database.migrate();
    await database.db.insert(accounts).values([
      { id: 'acc_a', name: 'A', plan: 'starter', createdAt: new Date() },
      { id: 'acc_b', name: 'B', plan: 'starter', createdAt: new Date() },
    ]);
    team = new TeamService({ store: new TeamRepository(database.db), kv: new MemoryKeyValueStore(), clock: systemClock, passwords });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('stores members, invitations and the audit log, and pages the log newest first', async () => {
    const { invitationToken } = await team.inviteFirstOwner('acc_a', 'owner@a.example');
    const owner = await team.acceptInvitation(invitationToken, PASSWORD);
    const dev = await team.invite(owner, 'dev@a.example', 'developer');
    expect((await team.listMembers(owner)).map((m) => [m.email, m.role, m.status])).toEqual([
      ['owner@a.example', 'owner', 'active'],
      ['dev@a.example', 'developer', 'invited'],
    ]);
    const log = await team.auditLog(owner, { limit: 2 });
    expect(log.map((e) => e.action)).toEqual(['member.invited', 'member.joined']);
    expect(log[0]).toMatchObject({ actorLabel: 'owner@a.example', targetId: dev.member.id, details: { email: 'dev@a.example', role: 'developer' } });
    const older = await team.auditLog(owner, { before: log[1]!.seq, limit: 10 });
    expect(older.map((e) => e.action)).toEqual(['member.invited']);
    expect(older[0]!.actor).toBe('operator');
  });

  it('an invitation accepted twice at once makes one member, once', async () => {
    const owner = await team.signIn('owner@a.example', PASSWORD, '127.0.0.1');
    const { invitationToken } = await team.invite(owner, 'race@a.example', 'reviewer');
    const results = await Promise.allSettled([team.acceptInvitation(invitationToken, PASSWORD), team.acceptInvitation(invitationToken, PASSWORD)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'TEAM_INVITATION_INVALID' } });
  });

  it('two owners demoting each other at once leave one owner', async () => {
    const { invitationToken } = await team.inviteFirstOwner('acc_b', 'one@b.example');
    const one = await team.acceptInvitation(invitationToken, PASSWORD);
    const two = await team.acceptInvitation((await team.invite(one, 'two@b.example', 'owner')).invitationToken, PASSWORD);
    const results = await Promise.allSettled([team.changeRole(one, two.memberId, 'developer'), team.changeRole(two, one.memberId, 'developer')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'TEAM_LAST_OWNER' } });
    expect((await team.listMembers(one)).filter((m) => m.role === 'owner')).toHaveLength(1);
  });

  it('one email, one dashboard login across tenants', async () => {
    await expect(team.inviteFirstOwner('acc_b', 'owner@a.example')).rejects.toMatchObject({ code: 'TEAM_EMAIL_TAKEN' });
  });
});
