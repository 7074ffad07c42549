import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox } from '@idgate/oauth';
import { BACKENDS } from '../src/backends.ts';
import { freePort } from '../oauth/browser.ts';
import { startTestService, type TestService } from '../src/harness.ts';
import { sql } from '../src/document-flows.ts';
import { DashboardClient, invitationLinkIn } from '../src/dashboard-client.ts';
import { init } from '../src/flows.ts';

const PASSWORD = 'correct horse battery';

/**
 * Projects and API keys in the dashboard (docs/dashboard.md "Projects and keys") through HTTP: a key is
 * shown once; a restricted key works with its scopes and stops when revoked; a rolled secret key keeps
 * working for the chosen overlap and then stops; reviewers are refused by core; another tenant's project
 * and key read as unknown and change nothing; the audit log names every change and never a key.
 */
describe.each(BACKENDS)('dashboard keys on $name', (backend) => {
  let svc: TestService;
  let base: string;
  let tenant: { tenant_id: string; project_id: string; secret_key: string };
  let other: { tenant_id: string; project_id: string };
  let developer: DashboardClient;
  let reviewer: DashboardClient;
  const stamp = `${backend.name.replace(/\W/g, '').toLowerCase()}${Date.now()}`;

  const initWith = (key: string) => init(svc, key);
  const keyOn = (html: string) => /<code>((?:sk|pk|ak)_live_[\w-]{16,})<\/code>/.exec(html)?.[1];
  const REVEAL = /^\/dashboard\/keys\/reveal\/[\w-]{32}$/;
  const keyCount = async () => Number(((await sql(svc, 'select count(*)::int as n from api_keys')) as { n: number }[])[0]!.n);

  /** A post that makes a key: 303 to its reveal page, which shows it once. */
  async function revealed(res: { status: number; html: string; location: string | null }) {
    expect(res.status).toBe(303);
    expect(res.html).not.toMatch(/(sk|pk|ak)_live_/);
    expect(res.location).toMatch(REVEAL);
    const shown = await developer.follow(res);
    expect(shown.status).toBe(200);
    return shown;
  }

  async function join(email: string): Promise<DashboardClient> {
    const client = new DashboardClient(base);
    const path = new URL(invitationLinkIn(devMailbox.lastTo(email)?.text)!).pathname;
    expect((await client.post(path, { password: PASSWORD })).status).toBe(303);
    return client;
  }

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    svc = await startTestService(backend, { PORT: String(port), BASE_URL: base });
    tenant = await svc.createTenant();
    other = await svc.createTenant();
    const ownerEmail = `owner-${stamp}@shop.example`;
    await svc.admin('POST', `/admin/v1/tenants/${tenant.tenant_id}/team/owners`, { email: ownerEmail });
    const owner = await join(ownerEmail);
    const csrf = await owner.csrf();
    await owner.post('/dashboard/team/invite', { csrf, email: `dev-${stamp}@shop.example`, role: 'developer' });
    await owner.post('/dashboard/team/invite', { csrf, email: `rev-${stamp}@shop.example`, role: 'reviewer' });
    developer = await join(`dev-${stamp}@shop.example`);
    reviewer = await join(`rev-${stamp}@shop.example`);
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
  });

  it('a restricted key is shown once, works within its scopes and stops when revoked', async () => {
    const csrf = await developer.csrf('/dashboard/keys');
    const created = await revealed(await developer.post(`/dashboard/keys/projects/${tenant.project_id}/restricted`, { csrf, 'scope:verify:init': '1' }));
    const key = keyOn(created.html)!;
    expect(key).toMatch(/^ak_live_/);
    const list = await developer.get('/dashboard/keys');
    expect(list.html).not.toContain(key);
    expect(list.html).toContain(`ak_live_…${key.slice(-4)}`);
    expect((await initWith(key)).status).toBe(200);
    const [row] = (await sql(svc, 'select id from api_keys where hint = $1', [`ak_live_…${key.slice(-4)}`])) as { id: string }[];
    const revoked = await developer.post(`/dashboard/keys/${row!.id}/revoke`, { csrf });
    expect(revoked).toMatchObject({ status: 303, location: '/dashboard/keys?notice=revoked' });
    const refused = await initWith(key);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: { code: 'AUTH_INVALID_KEY' } });
  });

  it('a rolled secret key keeps working for the overlap chosen, then stops', async () => {
    const csrf = await developer.csrf('/dashboard/keys');
    const rolled = await revealed(await developer.post(`/dashboard/keys/projects/${tenant.project_id}/roll`, { csrf, kind: 'secret', overlap_hours: '24' }));
    expect(rolled.html).toContain('The old key keeps working until');
    const fresh = keyOn(rolled.html)!;
    expect(fresh).toMatch(/^sk_live_/);
    expect((await initWith(tenant.secret_key)).status).toBe(200);
    expect((await initWith(fresh)).status).toBe(200);
    svc.clock.advance(24 * 3600_000 + 1000);
    expect((await initWith(tenant.secret_key)).status).toBe(401);
    expect((await initWith(fresh)).status).toBe(200);
    // Rolled again with no overlap: the key of a minute ago stops at once.
    const again = await revealed(await developer.post(`/dashboard/keys/projects/${tenant.project_id}/roll`, { csrf, kind: 'secret', overlap_hours: '0' }));
    expect((await initWith(fresh)).status).toBe(401);
    expect((await initWith(keyOn(again.html)!)).status).toBe(200);
  });

  it('a new project comes with its own key pair, shown once', async () => {
    const csrf = await developer.csrf('/dashboard/keys');
    const created = await revealed(await developer.post('/dashboard/keys/projects', { csrf, name: 'Staging' }));
    const secret = /<code>(sk_live_[\w-]+)<\/code>/.exec(created.html)?.[1];
    expect((await initWith(secret!)).status).toBe(200);
    const list = await developer.get('/dashboard/keys');
    expect(list.html).toContain('Staging');
    expect(list.html).not.toContain(secret);
  });

  it('a key is shown once on a GET page: a reload makes nothing and says it was shown; no other session reads it', async () => {
    const csrf = await developer.csrf('/dashboard/keys');
    const before = await keyCount();
    const posted = await developer.post(`/dashboard/keys/projects/${tenant.project_id}/restricted`, { csrf, 'scope:verify:init': '1' });
    expect(posted.status).toBe(303);
    expect(await keyCount()).toBe(before + 1);
    const id = posted.location!.split('/').at(-1)!;
    // Short-lived, in the gateway's store only until read.
    const ttl = await svc.kv.pttl(`dashboard:reveal:${id}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);
    // Another member's session (and a signed-out browser) cannot read it, and does not use it up.
    expect((await reviewer.get(posted.location!)).status).toBe(404);
    expect(await new DashboardClient(base).get(posted.location!)).toMatchObject({ status: 303, location: '/dashboard/sign-in' });
    // The same id on the webhooks' reveal path is unknown too.
    expect((await developer.get(`/dashboard/webhooks/reveal/${id}`)).status).toBe(404);

    const shown = await developer.get(posted.location!);
    expect(shown.status).toBe(200);
    const key = keyOn(shown.html)!;
    expect(key).toMatch(/^ak_live_/);
    expect(await svc.kv.get(`dashboard:reveal:${id}`)).toBeNull();
    for (let i = 0; i < 2; i++) {
      const reload = await developer.get(posted.location!);
      expect(reload.status).toBe(410);
      expect(reload.html).toContain('This key was already shown');
      expect(reload.html).toContain('roll the key');
      expect(reload.html).not.toContain(key);
    }
    expect(await keyCount()).toBe(before + 1);
    expect((await reviewer.get(posted.location!)).status).toBe(404);
    expect((await developer.get('/dashboard/keys/reveal/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await developer.get('/dashboard/keys/reveal/not-an-id')).status).toBe(404);
  });

  it('two parallel GETs of one reveal page: exactly one sees the key', async () => {
    const csrf = await developer.csrf('/dashboard/keys');
    for (let round = 0; round < 5; round++) {
      const posted = await developer.post(`/dashboard/keys/projects/${tenant.project_id}/restricted`, { csrf, 'scope:verify:init': '1' });
      const pages = await Promise.all([developer.get(posted.location!), developer.get(posted.location!), developer.get(posted.location!)]);
      expect(pages.filter((p) => keyOn(p.html)).length).toBe(1);
      expect(pages.map((p) => p.status).sort()).toEqual([200, 410, 410]);
    }
  });

  it('a reviewer is refused by core: no keys page, no roll, nothing changed', async () => {
    const before = await sql(svc, 'select id, revoked_at, expires_at from api_keys order by id');
    const page = await reviewer.get('/dashboard/keys');
    expect(page.status).toBe(403);
    expect((await reviewer.get('/dashboard/team')).html).not.toContain('/dashboard/keys');
    const csrf = await reviewer.csrf();
    const roll = await reviewer.post(`/dashboard/keys/projects/${tenant.project_id}/roll`, { csrf, kind: 'secret', overlap_hours: '0' });
    expect(roll.status).toBe(403);
    expect(await sql(svc, 'select id, revoked_at, expires_at from api_keys order by id')).toEqual(before);
  });

  it("another tenant's project and key read as unknown and change nothing", async () => {
    const before = await sql(svc, 'select id, revoked_at, expires_at from api_keys order by id');
    const csrf = await developer.csrf('/dashboard/keys');
    const [otherKey] = (await sql(svc, "select id from api_keys where project_id = $1 and kind = 'secret'", [other.project_id])) as { id: string }[];
    expect((await developer.post(`/dashboard/keys/projects/${other.project_id}/roll`, { csrf, kind: 'secret', overlap_hours: '0' })).status).toBe(404);
    expect((await developer.post(`/dashboard/keys/projects/${other.project_id}/restricted`, { csrf, 'scope:review': '1' })).status).toBe(404);
    expect((await developer.post(`/dashboard/keys/${otherKey!.id}/revoke`, { csrf })).status).toBe(404);
    expect(await sql(svc, 'select id, revoked_at, expires_at from api_keys order by id')).toEqual(before);
    expect((await developer.get('/dashboard/keys')).html).not.toContain(other.project_id);
  });

  it('refuses bad input with a page, never a 500: no scope, an overlap out of range, a restricted key rolled', async () => {
    const csrf = await developer.csrf('/dashboard/keys');
    expect((await developer.post(`/dashboard/keys/projects/${tenant.project_id}/restricted`, { csrf })).status).toBe(400);
    expect((await developer.post(`/dashboard/keys/projects/${tenant.project_id}/roll`, { csrf, kind: 'secret', overlap_hours: '999' })).status).toBe(400);
    expect((await developer.post(`/dashboard/keys/projects/${tenant.project_id}/roll`, { csrf, kind: 'restricted', overlap_hours: '1' })).status).toBe(400);
    expect((await developer.post('/dashboard/keys/projects', { csrf, name: '' })).status).toBe(400);
  });

  it('the audit log names each key change and never holds a key', async () => {
    const audit = await developer.get('/dashboard/audit');
    for (const action of ['api_key.created', 'api_key.revoked', 'api_key.rolled', 'project.created']) expect(audit.html).toContain(action);
    const rows = JSON.stringify(await sql(svc, 'select * from team_audit_log'));
    expect(rows).not.toMatch(/(sk|pk|ak)_live_[\w-]{16}/);
  });
});
