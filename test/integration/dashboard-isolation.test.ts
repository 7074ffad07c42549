import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox } from '@idgate/oauth';
import { BACKENDS } from '../src/backends.ts';
import { freePort } from '../oauth/browser.ts';
import { startTestService, type TestService } from '../src/harness.ts';
import { sql } from '../src/document-flows.ts';
import { DashboardClient, invitationLinkIn } from '../src/dashboard-client.ts';
import { init } from '../src/flows.ts';

const PASSWORD = 'correct horse battery';

/** Tenant A's ids, as the database holds them: what tenant B's owner sends in every probe. */
interface Ids {
  tenant: string;
  projects: string[];
  keys: string[];
  endpoints: string[];
  deliveries: string[];
  events: string[];
  sessions: string[];
  reviews: string[];
  blacklist: string[];
  faceUser: string;
  members: string[];
  passkeys: string[];
  /** One-time pages of A's new keys and signing secret, not yet opened by A. */
  keyReveals: string[];
  webhookReveals: string[];
}

type Request = { method: 'GET' | 'POST'; path: string; form?: Record<string, string> };

/**
 * A route's probe: `foreign` lists the requests that carry tenant A's ids (each must answer 404); `none` says
 * why the route takes no id of a tenant (its GET is still requested and must show nothing of A; a POST of it
 * acts on B's own account or on a credential, so it is not sent: it would sign B out or change B).
 */
type Probe = { foreign: (a: Ids) => Request[] } | { none: string };

const get = (path: string): Request => ({ method: 'GET', path });
const post = (path: string, form: Record<string, string> = {}): Request => ({ method: 'POST', path, form });
const each = <T>(ids: T[], f: (id: T) => Request | Request[]): Request[] => ids.flatMap(f);

/** Every dashboard route, by `METHOD url` as Fastify registered it. A route missing here fails the sweep. */
const PROBES: Record<string, Probe> = {
  'GET /dashboard': { none: 'a redirect to the team page' },
  'GET /dashboard/sign-in': { none: 'the sign-in form' },
  'POST /dashboard/sign-in': { none: 'takes an email and a password, the credential itself (dashboard-team.test.ts)' },
  'POST /dashboard/sign-out': { none: "ends B's own session" },
  'GET /dashboard/invitations/:token': { none: 'the token is a bearer secret, not an id: the form looks nothing up' },
  'POST /dashboard/invitations/:token': { none: 'the token is a bearer secret: whoever holds it joins (dashboard-team.test.ts)' },
  'GET /dashboard/team': { none: "B's own team" },
  'POST /dashboard/team/invite': { none: "invites into B's own account" },
  'POST /dashboard/team/:member/role': { foreign: (a) => each(a.members, (m) => post(`/dashboard/team/${m}/role`, { role: 'reviewer' })) },
  'POST /dashboard/team/:member/remove': { foreign: (a) => each(a.members, (m) => post(`/dashboard/team/${m}/remove`)) },
  'GET /dashboard/keys/reveal/:id': { foreign: (a) => each(a.keyReveals, (r) => get(`/dashboard/keys/reveal/${r}`)) },
  'GET /dashboard/webhooks/reveal/:id': { foreign: (a) => each(a.webhookReveals, (r) => get(`/dashboard/webhooks/reveal/${r}`)) },
  'GET /dashboard/passkeys.js': { none: 'a static script' },
  'POST /dashboard/passkeys/sign-in/options': { none: 'a fresh challenge, no account named' },
  'POST /dashboard/passkeys/sign-in': { none: 'the signed assertion is the credential (dashboard-passkeys.test.ts)' },
  'POST /dashboard/passkeys/options': { none: "registration options for B's own member" },
  'POST /dashboard/passkeys': { none: "adds a passkey to B's own member" },
  'POST /dashboard/passkeys/:passkey/remove': { foreign: (a) => each(a.passkeys, (p) => post(`/dashboard/passkeys/${p}/remove`)) },
  'GET /dashboard/keys': { none: "B's own projects and keys" },
  'POST /dashboard/keys/projects': { none: "creates a project in B's own account" },
  'POST /dashboard/keys/projects/:project/restricted': {
    foreign: (a) => each(a.projects, (p) => post(`/dashboard/keys/projects/${p}/restricted`, { 'scope:verify:init': '1' })),
  },
  'POST /dashboard/keys/projects/:project/roll': {
    foreign: (a) =>
      each(a.projects, (p) => [
        post(`/dashboard/keys/projects/${p}/roll`, { kind: 'secret', overlap_hours: '0' }),
        post(`/dashboard/keys/projects/${p}/roll`, { kind: 'public', overlap_hours: '0' }),
      ]),
  },
  'POST /dashboard/keys/:key/revoke': { foreign: (a) => each(a.keys, (k) => post(`/dashboard/keys/${k}/revoke`)) },
  'GET /dashboard/webhooks': { none: "B's own endpoints" },
  'POST /dashboard/webhooks/projects/:project': {
    foreign: (a) => each(a.projects, (p) => post(`/dashboard/webhooks/projects/${p}`, { url: 'http://127.0.0.1:9/hook', 'event:test': '1' })),
  },
  'POST /dashboard/webhooks/:endpoint/rotate': { foreign: (a) => each(a.endpoints, (e) => post(`/dashboard/webhooks/${e}/rotate`, { overlap_hours: '0' })) },
  'POST /dashboard/webhooks/:endpoint/enable': { foreign: (a) => each(a.endpoints, (e) => post(`/dashboard/webhooks/${e}/enable`)) },
  'POST /dashboard/webhooks/:endpoint/disable': { foreign: (a) => each(a.endpoints, (e) => post(`/dashboard/webhooks/${e}/disable`)) },
  'POST /dashboard/webhooks/:endpoint/test': { foreign: (a) => each(a.endpoints, (e) => post(`/dashboard/webhooks/${e}/test`)) },
  'GET /dashboard/webhooks/:endpoint': { foreign: (a) => each(a.endpoints, (e) => get(`/dashboard/webhooks/${e}`)) },
  'POST /dashboard/webhooks/:endpoint/replay': {
    foreign: (a) =>
      each(a.endpoints, (e) => [
        ...a.events.map((ev) => post(`/dashboard/webhooks/${e}/replay`, { event_id: ev })),
        post(`/dashboard/webhooks/${e}/replay`, { since: '2026-01-01T00:00' }),
      ]),
  },
  'GET /dashboard/reviews': {
    foreign: (a) => each(a.projects, (p) => [get(`/dashboard/reviews?project=${p}`), get(`/dashboard/reviews?project=${p}&status=approved`)]),
  },
  'GET /dashboard/reviews/:id': { foreign: (a) => each(a.reviews, (r) => get(`/dashboard/reviews/${r}`)) },
  'POST /dashboard/reviews/:id/decide': {
    foreign: (a) => each(a.reviews, (r) => ['approve', 'reject', 'retake'].map((decision) => post(`/dashboard/reviews/${r}/decide`, { decision, note: 'x' }))),
  },
  'GET /dashboard/usage': { none: "B's own account's usage (the month is the only parameter)" },
  'POST /dashboard/usage/budget': { none: "sets B's own account's budget" },
  'GET /dashboard/sessions': {
    foreign: (a) => each(a.projects, (p) => [get(`/dashboard/sessions?project=${p}`), get(`/dashboard/sessions?project=${p}&status=pending`)]),
  },
  'GET /dashboard/audit': { none: "B's own log; a cursor of A's only bounds B's entries by time" },
  'GET /dashboard/rules': { foreign: (a) => each(a.projects, (p) => get(`/dashboard/rules?project=${p}`)) },
  'POST /dashboard/rules/projects/:project': {
    foreign: (a) =>
      each(a.projects, (p) =>
        post(`/dashboard/rules/projects/${p}`, {
          content_category: 'gambling',
          countries_mode: 'custom',
          countries: 'us',
          server_side_checks: '1',
          'method:document': '1',
          token_max_age_days: '30',
        }),
      ),
  },
  'GET /dashboard/blacklist': { none: "B's own account's list; the cursor bounds B's entries only" },
  'POST /dashboard/blacklist/image': { none: "adds a photo to B's own account's blacklist; the form names no project, entry or session" },
  'POST /dashboard/blacklist/session': {
    foreign: (a) => each(a.sessions, (s) => post('/dashboard/blacklist/session', { session: s, reason: 'fraud' })),
  },
  'POST /dashboard/blacklist/:entry/delete': { foreign: (a) => each(a.blacklist, (b) => post(`/dashboard/blacklist/${b}/delete`)) },
  'GET /dashboard/face-2fa': {
    foreign: (a) => each(a.projects, (p) => [get(`/dashboard/face-2fa?project=${p}`), get(`/dashboard/face-2fa?project=${p}&cursor=${a.faceUser}`)]),
  },
  'POST /dashboard/face-2fa/confirm': {
    foreign: (a) => each(a.projects, (p) => post('/dashboard/face-2fa/confirm', { project: p, user_id: a.faceUser })),
  },
  'POST /dashboard/face-2fa/delete': { foreign: (a) => each(a.projects, (p) => post('/dashboard/face-2fa/delete', { project: p, user_id: a.faceUser })) },
};

/** Which column ties a table's row to an account, most direct first; a table with none is compared whole. */
const TENANT_COLUMNS = ['account_id', 'tenant_id', 'project_id', 'endpoint_id', 'delivery_id', 'member_id', 'session_id'] as const;

/**
 * Tenant isolation of the dashboard (docs/dashboard.md "Security"): the sweep reads every route under /dashboard
 * from the gateway's own route table, so a route added later without a probe fails here. Tenant B's signed-in
 * owner sends each route tenant A's ids (path parameters, query and form fields, with a valid CSRF token of B's
 * session) and must get 404, the answer of an id that does not exist (403 would say that it does), with nothing
 * of A in the page; every row of A in every table (and every table with no tenant column) is the same after.
 */
describe.each(BACKENDS)('dashboard tenant isolation on $name', (backend) => {
  let svc: TestService;
  let base: string;
  let a: Ids;
  let owner: DashboardClient;
  let stranger: DashboardClient;
  const stamp = `${backend.name.replace(/\W/g, '').toLowerCase()}${Date.now()}`;
  const aOwnerEmail = `owner-a-${stamp}@shop.example`;

  async function join(email: string): Promise<DashboardClient> {
    const client = new DashboardClient(base);
    const path = new URL(invitationLinkIn(devMailbox.lastTo(email)?.text)!).pathname;
    expect((await client.post(path, { password: PASSWORD })).status).toBe(303);
    return client;
  }
  const ids = async (text: string, params: unknown[]) => ((await sql(svc, text, params)) as { id: string }[]).map((r) => r.id);

  /** Every row of tenant A, table by table (as text, sorted); tables without a tenant column whole. */
  async function snapshotOfA(): Promise<Record<string, string[]>> {
    const tables = (await sql(
      svc,
      "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1",
    )) as { name: string }[];
    const byColumn: Record<(typeof TENANT_COLUMNS)[number], string[]> = {
      account_id: [a.tenant],
      tenant_id: [a.tenant],
      project_id: a.projects,
      endpoint_id: a.endpoints,
      delivery_id: a.deliveries,
      member_id: a.members,
      session_id: a.sessions,
    };
    const out: Record<string, string[]> = {};
    for (const { name } of tables) {
      const columns = (
        (await sql(svc, 'select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = $1', [name])) as {
          c: string;
        }[]
      ).map((r) => r.c);
      const column = TENANT_COLUMNS.find((c) => columns.includes(c));
      const where = name === 'accounts' ? 'where t.id = any($1)' : column ? `where t.${column} = any($1)` : '';
      const params = name === 'accounts' ? [[a.tenant]] : column ? [byColumn[column]] : [];
      const rows = (await sql(svc, `select t::text as row from "${name}" t ${where} order by 1`, params)) as { row: string }[];
      out[name] = rows.map((r) => r.row);
    }
    return out;
  }

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    svc = await startTestService(backend, { PORT: String(port), BASE_URL: base });
    const tenantA = await svc.createTenant();
    const tenantB = await svc.createTenant();
    await svc.admin('POST', `/admin/v1/tenants/${tenantA.tenant_id}/team/owners`, { email: aOwnerEmail });
    owner = await join(aOwnerEmail);
    const csrf = await owner.csrf();
    await owner.post('/dashboard/team/invite', { csrf, email: `dev-a-${stamp}@shop.example`, role: 'developer' });
    await join(`dev-a-${stamp}@shop.example`);
    await owner.post('/dashboard/team/invite', { csrf, email: `rev-a-${stamp}@shop.example`, role: 'reviewer' });
    // Each answers 303 to its one-time page; A leaves them unopened, so B's probes could find an unread secret.
    const revealId = (res: { status: number; location: string | null }) => {
      expect(res.status).toBe(303);
      return /\/reveal\/([^/?#]+)$/.exec(res.location ?? '')![1]!;
    };
    const keyReveals = [
      revealId(await owner.post('/dashboard/keys/projects', { csrf, name: `A staging ${stamp}` })),
      revealId(await owner.post(`/dashboard/keys/projects/${tenantA.project_id}/restricted`, { csrf, 'scope:verify:init': '1' })),
    ];
    const hook = await owner.post(`/dashboard/webhooks/projects/${tenantA.project_id}`, { csrf, url: 'http://127.0.0.1:9/a-hook', 'event:test': '1' });
    const webhookReveals = [revealId(hook)];
    const [endpoint] = await ids('select id from webhook_endpoints where url = $1', ['http://127.0.0.1:9/a-hook']);
    expect((await owner.post(`/dashboard/webhooks/${endpoint}/test`, { csrf })).status).toBe(303);
    expect((await init(svc, tenantA.secret_key)).status).toBe(200);
    const [session] = await ids('select id from sessions where project_id = $1', [tenantA.project_id]);
    // What only the verify flow makes (a review, a blacklist entry, an enrolled face, a passkey) is written as those flows write it.
    const at = new Date('2026-06-15T11:00:00Z');
    await sql(svc, "update sessions set status = 'pending_tenant_review' where id = $1", [session]);
    await sql(svc, 'insert into reviews (id, session_id, project_id, reason, context, status, created_at) values ($1, $2, $3, $4, $5, $6, $7)', [
      `rev_iso_${stamp}`,
      session,
      tenantA.project_id,
      'aml_match',
      JSON.stringify({ aml: [{ matched_name: 'Tenant A Person', score: 0.93, source_lists: ['un'] }] }),
      'open',
      at,
    ]);
    await sql(
      svc,
      'insert into blacklist_entries (id, account_id, project_id, source, reason, status, embedding_sealed, created_at, processed_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $8)',
      [`bl_iso_${stamp}`, tenantA.tenant_id, tenantA.project_id, 'session', 'chargeback', 'active', 'sealed', at],
    );
    await sql(svc, 'insert into face_enrollments (project_id, external_user_id, embedding_sealed, created_at) values ($1, $2, $3, $4)', [
      tenantA.project_id,
      'a-user-1',
      'sealed',
      at,
    ]);
    const [ownerMember] = await ids('select id from team_members where email = $1', [aOwnerEmail]);
    await sql(
      svc,
      'insert into team_passkeys (id, member_id, credential_id, public_key, sign_count, transports, name, created_at) values ($1, $2, $3, $4, 0, $5, $6, $7)',
      [`tpk_iso_${stamp}`, ownerMember, `cred-${stamp}`, 'pk', JSON.stringify(['internal']), 'A laptop', at],
    );

    a = {
      tenant: tenantA.tenant_id,
      projects: await ids('select id from projects where account_id = $1 order by id', [tenantA.tenant_id]),
      keys: await ids('select k.id from api_keys k join projects p on p.id = k.project_id where p.account_id = $1 order by k.id', [tenantA.tenant_id]),
      endpoints: [endpoint!],
      deliveries: await ids('select id from webhook_deliveries where endpoint_id = $1', [endpoint]),
      events: await ids('select event_id as id from webhook_deliveries where endpoint_id = $1', [endpoint]),
      sessions: [session!],
      reviews: [`rev_iso_${stamp}`],
      blacklist: [`bl_iso_${stamp}`],
      faceUser: 'a-user-1',
      members: await ids('select id from team_members where account_id = $1 order by id', [tenantA.tenant_id]),
      passkeys: [`tpk_iso_${stamp}`],
      keyReveals,
      webhookReveals,
    };
    // Every kind of id is there to probe with (a 404 of an empty list would prove nothing).
    for (const [kind, list] of Object.entries(a)) if (Array.isArray(list)) expect(list.length, kind).toBeGreaterThan(0);
    expect(a.members).toHaveLength(3);
    expect(a.projects).toHaveLength(2);

    await svc.admin('POST', `/admin/v1/tenants/${tenantB.tenant_id}/team/owners`, { email: `owner-b-${stamp}@shop.example` });
    stranger = await join(`owner-b-${stamp}@shop.example`);
  }, 90_000);
  afterAll(async () => {
    await svc?.close();
  });

  it('has a probe for every dashboard route the gateway registered', () => {
    const routes = svc
      .routes()
      .filter((r) => r.url === '/dashboard' || r.url.startsWith('/dashboard/'))
      .flatMap((r) => r.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${r.url}`));
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => !Object.hasOwn(PROBES, r))).toEqual([]);
    // And no probe for a route that is gone (a renamed route would leave its probe testing nothing).
    expect(Object.keys(PROBES).filter((p) => !routes.includes(p))).toEqual([]);
  });

  it("answers 404 to every route given tenant A's ids, shows nothing of A and changes none of A's rows", async () => {
    const before = await snapshotOfA();
    expect(before.reviews).toHaveLength(1);
    expect(before.webhook_deliveries!.length).toBeGreaterThan(0);
    const csrf = await stranger.csrf();
    const answers: string[] = [];
    const leaks: string[] = [];
    const secretsOfA = [aOwnerEmail, 'Tenant A Person', 'a-hook', 'A laptop', `A staging ${stamp}`, ...a.keys];
    for (const [route, probe] of Object.entries(PROBES)) {
      const [method, url] = route.split(' ') as ['GET' | 'POST', string];
      const requests = 'foreign' in probe ? probe.foreign(a) : method === 'GET' && !url.includes(':') ? [get(url)] : [];
      for (const r of requests) {
        const res = r.method === 'GET' ? await stranger.get(r.path) : await stranger.post(r.path, { csrf, ...r.form });
        if ('foreign' in probe && res.status !== 404) answers.push(`${r.method} ${r.path} ${JSON.stringify(r.form ?? {})} → ${res.status}`);
        if ('none' in probe && ![200, 303].includes(res.status)) answers.push(`${r.method} ${r.path} → ${res.status}`);
        for (const s of secretsOfA) if (res.html.includes(s)) leaks.push(`${r.method} ${r.path} shows ${s}`);
      }
    }
    expect(answers).toEqual([]);
    expect(leaks).toEqual([]);
    expect(await snapshotOfA()).toEqual(before);
    // B is still signed in and its own pages work: the 404s were about A's ids, not a broken session.
    expect((await stranger.get('/dashboard/team')).status).toBe(200);
  });

  it("tenant A's own owner reaches the same ids (the probes would find them)", async () => {
    const csrf = await owner.csrf();
    expect((await owner.get(`/dashboard/webhooks/${a.endpoints[0]}`)).status).toBe(200);
    expect((await owner.get(`/dashboard/reviews/${a.reviews[0]}`)).status).toBe(200);
    expect((await owner.get(`/dashboard/rules?project=${a.projects[1]}`)).status).toBe(200);
    expect((await owner.get(`/dashboard/sessions?project=${a.projects[0]}`)).status).toBe(200);
    expect((await owner.post('/dashboard/face-2fa/confirm', { csrf, project: a.projects[0]!, user_id: a.faceUser })).status).toBe(200);
    expect((await owner.get('/dashboard/blacklist')).html).toContain(a.blacklist[0]);
    // B's requests for A's one-time pages used none of them up.
    for (const r of a.keyReveals) expect((await owner.get(`/dashboard/keys/reveal/${r}`)).html).toMatch(/sk_(live|test)_|ak_(live|test)_/);
    expect((await owner.get(`/dashboard/webhooks/reveal/${a.webhookReveals[0]}`)).html).toContain('whsec_');
  });
});
