import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox } from '@idgate/oauth';
import { BACKENDS } from '../src/backends.ts';
import { freePort } from '../oauth/browser.ts';
import { startTestService, type TestService } from '../src/harness.ts';
import { sql } from '../src/document-flows.ts';
import { DashboardClient, invitationLinkIn as linkIn } from '../src/dashboard-client.ts';

const PASSWORD = 'correct horse battery';

/**
 * The dashboard's team through HTTP (docs/dashboard.md): the operator invites an owner, who joins and
 * invites a developer and a reviewer by mail; roles are enforced by core whatever a page shows; forged
 * posts (no CSRF token, another origin) and another tenant's ids change nothing.
 */
describe.each(BACKENDS)('dashboard team on $name', (backend) => {
  let svc: TestService;
  let base: string;
  let tenant: { tenant_id: string };
  let other: { tenant_id: string };
  let owner: DashboardClient;
  const stamp = `${backend.name.replace(/\W/g, '').toLowerCase()}${Date.now()}`;
  const ownerEmail = `owner-${stamp}@shop.example`;

  /** Accepts the invitation mailed to `email` in a fresh client; answers the client, signed in. */
  async function join(email: string): Promise<DashboardClient> {
    const link = linkIn(devMailbox.lastTo(email)?.text);
    expect(link, `an invitation mailed to ${email}`).toBeDefined();
    const client = new DashboardClient(base);
    const path = new URL(link!).pathname;
    expect((await client.get(path)).status).toBe(200);
    const accepted = await client.post(path, { password: PASSWORD });
    expect(accepted).toMatchObject({ status: 303, location: '/dashboard/team?notice=joined' });
    return client;
  }

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    svc = await startTestService(backend, { PORT: String(port), BASE_URL: base });
    tenant = await svc.createTenant();
    other = await svc.createTenant();
    const invited = await svc.admin('POST', `/admin/v1/tenants/${tenant.tenant_id}/team/owners`, { email: ownerEmail });
    expect(invited).toMatchObject({ email: ownerEmail, role: 'owner', status: 'invited', mailed: true });
    owner = await join(ownerEmail);
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
  });

  it('the owner sees the team and invites a developer and a reviewer by mail', async () => {
    const team = await owner.get('/dashboard/team');
    expect(team.status).toBe(200);
    expect(team.html).toContain(ownerEmail);
    const csrf = await owner.csrf();
    for (const [email, role] of [
      [`dev-${stamp}@shop.example`, 'developer'],
      [`rev-${stamp}@shop.example`, 'reviewer'],
    ]) {
      const res = await owner.post('/dashboard/team/invite', { csrf, email, role });
      expect(res).toMatchObject({ status: 303, location: '/dashboard/team?notice=invited' });
      expect(devMailbox.lastTo(email)?.text).toContain(`as ${role === 'developer' ? 'Developer' : 'Reviewer'}`);
    }
    const dev = await join(`dev-${stamp}@shop.example`);
    expect((await dev.get('/dashboard/team')).html).toContain(`rev-${stamp}@shop.example`);
  });

  it('a reviewer cannot invite and a developer cannot change roles: core refuses the post, not only the page', async () => {
    const reviewer = await join(`rev-${stamp}@shop.example`);
    const page = await reviewer.get('/dashboard/team');
    expect(page.html).not.toContain('Send invitation');
    const csrf = await reviewer.csrf();
    const before = await sql(svc, 'select count(*)::int as n from team_members');
    const refused = await reviewer.post('/dashboard/team/invite', { csrf, email: `x-${stamp}@shop.example`, role: 'owner' });
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('Your role in this team does not allow this action');
    expect(await sql(svc, 'select count(*)::int as n from team_members')).toEqual(before);

    const dev = new DashboardClient(base);
    const signIn = await dev.post('/dashboard/sign-in', { email: `dev-${stamp}@shop.example`, password: PASSWORD });
    expect(signIn).toMatchObject({ status: 303, location: '/dashboard/team' });
    const [rev] = (await sql(svc, 'select id from team_members where email = $1', [`rev-${stamp}@shop.example`])) as { id: string }[];
    const promote = await dev.post(`/dashboard/team/${rev!.id}/role`, { csrf: await dev.csrf(), role: 'owner' });
    expect(promote.status).toBe(403);
    expect(await sql(svc, 'select role from team_members where id = $1', [rev!.id])).toEqual([{ role: 'reviewer' }]);
  });

  it("another tenant's member id answers 404 and changes nothing", async () => {
    const otherOwner = `boss-${stamp}@other.example`;
    const invited = await svc.admin('POST', `/admin/v1/tenants/${other.tenant_id}/team/owners`, { email: otherOwner });
    const csrf = await owner.csrf();
    for (const action of ['role', 'remove']) {
      const res = await owner.post(`/dashboard/team/${invited.member_id}/${action}`, { csrf, role: 'reviewer' });
      expect(res.status).toBe(404);
    }
    expect(await sql(svc, 'select role, status from team_members where id = $1', [invited.member_id])).toEqual([{ role: 'owner', status: 'invited' }]);
    expect((await owner.get('/dashboard/team')).html).not.toContain(otherOwner);
  });

  it('refuses a post without the CSRF token, from another origin, or without any origin', async () => {
    const count = async () => sql(svc, 'select count(*)::int as n from team_members');
    const before = await count();
    const csrf = await owner.csrf();
    expect((await owner.post('/dashboard/team/invite', { email: `a-${stamp}@shop.example`, role: 'owner' })).status).toBe(403);
    expect((await owner.post('/dashboard/team/invite', { csrf: csrf.slice(1) + 'x', email: `b-${stamp}@shop.example`, role: 'owner' })).status).toBe(403);
    expect(
      (await owner.post('/dashboard/team/invite', { csrf, email: `c-${stamp}@shop.example`, role: 'owner' }, { origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect((await owner.post('/dashboard/team/invite', { csrf, email: `d-${stamp}@shop.example`, role: 'owner' }, { origin: null })).status).toBe(403);
    expect(await count()).toEqual(before);
  });

  it('pages send a strict CSP (the passkey pages: one same-origin script), no framing, and an HttpOnly SameSite=Strict cookie', async () => {
    const plain = await fetch(`${base}/dashboard/invitations/xdi_${'a'.repeat(30)}`);
    expect(plain.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(plain.headers.get('content-security-policy')).not.toMatch(/script-src/);
    expect(await plain.text()).not.toMatch(/<script/i);
    const res = await fetch(`${base}/dashboard/sign-in`);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
    expect(res.headers.get('content-security-policy')).not.toMatch(/unsafe-inline'[^;]*script|script-src[^;]*unsafe/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    // The passkey script only, by its same-origin address: no inline code.
    expect((await res.text()).match(/<script[^>]*>/gi)).toEqual(['<script src="/dashboard/passkeys.js" defer>']);
    const signIn = await fetch(`${base}/dashboard/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ email: ownerEmail, password: PASSWORD }).toString(),
    });
    expect(signIn.headers.get('set-cookie')).toMatch(/^idgate_dashboard=xds_[\w-]+; Path=\/dashboard; HttpOnly; SameSite=Strict; Max-Age=28800$/);
  });

  it('throttles failed sign-ins: the sixth attempt is refused even with the right password', async () => {
    const client = new DashboardClient(base);
    const email = `dev-${stamp}@shop.example`;
    for (let i = 0; i < 5; i++) expect((await client.post('/dashboard/sign-in', { email, password: 'wrong password!!' })).status).toBe(401);
    const throttled = await client.post('/dashboard/sign-in', { email, password: PASSWORD });
    expect(throttled.status).toBe(429);
    expect(throttled.html).toContain('Too many failed sign-ins');
  });

  it('signing out ends the session in core, not only the cookie', async () => {
    const client = new DashboardClient(base);
    await client.post('/dashboard/sign-in', { email: ownerEmail, password: PASSWORD });
    const csrf = await client.csrf();
    // A copy of the cookie as an attacker who stole it would keep it.
    const stolen = new DashboardClient(base, { cookies: client.cookies });
    expect((await stolen.get('/dashboard/team')).status).toBe(200);
    const out = await client.post('/dashboard/sign-out', { csrf });
    expect(out).toMatchObject({ status: 303, location: '/dashboard/sign-in?signed_out=1' });
    expect((await client.get('/dashboard/team')).location).toBe('/dashboard/sign-in');
    expect((await stolen.get('/dashboard/team')).location).toBe('/dashboard/sign-in');
  });

  it('the audit log records every change with who and when, and never a password or a token', async () => {
    const audit = await owner.get('/dashboard/audit');
    expect(audit.status).toBe(200);
    for (const action of ['member.invited', 'member.joined']) expect(audit.html).toContain(action);
    expect(audit.html).toContain('operator');
    const rows = JSON.stringify(await sql(svc, 'select * from team_audit_log'));
    expect(rows).not.toMatch(/xdi_|xds_|correct horse|scrypt\$/);
    const members = JSON.stringify(await sql(svc, 'select password_hash from team_members'));
    expect(members).not.toContain(PASSWORD);
  });
});
