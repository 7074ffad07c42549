import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox } from '@idgate/oauth';
import type { InferenceNode } from '@idgate/inference';
import { BACKENDS } from '../src/backends.ts';
import { freePort } from '../oauth/browser.ts';
import { startTestService, type TestService } from '../src/harness.ts';
import { sql } from '../src/document-flows.ts';
import { DashboardClient, invitationLinkIn } from '../src/dashboard-client.ts';
import { init, startWidget, tokenFromRedirect } from '../src/flows.ts';
import { faceImage, inferenceReady, NO_FACE_JPEG, startTestInferenceNode, untilSettled } from '../src/face-fixtures.ts';

const PASSWORD = 'correct horse battery';

/**
 * The Rules section of the dashboard (docs/dashboard.md "Rules") through HTTP: a developer's rule change is what
 * the verify API's GET /verify/v1/rules answers; bad countries are a 400 page and change nothing; a reviewer is
 * refused by core; another tenant's project reads as unknown; a blacklist entry is added from a session whose
 * face the server checked (real inference node, as in blacklist.test.ts) and deleted; no page shows an embedding.
 */
let node: InferenceNode;
beforeAll(async () => {
  node = await startTestInferenceNode();
}, 120_000);
afterAll(async () => {
  await node?.close();
});

describe.each(BACKENDS)('dashboard rules on $name', (backend) => {
  let svc: TestService;
  let base: string;
  let tenant: { tenant_id: string; project_id: string; secret_key: string };
  let other: { tenant_id: string; project_id: string; secret_key: string };
  let developer: DashboardClient;
  let reviewer: DashboardClient;
  const stamp = `${backend.name.replace(/\W/g, '').toLowerCase()}${Date.now()}`;

  const rulesOf = async (key: string) => (await svc.http('GET', '/verify/v1/rules', { headers: { 'x-api-key': key } })).body.data;
  const rulesRows = () => sql(svc, 'select * from project_rules order by project_id');
  const blacklistRows = () => sql(svc, 'select id, account_id, status from blacklist_entries order by id');
  const form = (csrf: string, o: Record<string, string> = {}) => ({
    csrf,
    content_category: 'gambling',
    countries_mode: 'custom',
    countries: 'us, gb DE',
    server_side_checks: '1',
    'method:document': '1',
    'method:wallet': '1',
    token_max_age_days: '90',
    ...o,
  });

  async function join(email: string): Promise<DashboardClient> {
    const client = new DashboardClient(base);
    const path = new URL(invitationLinkIn(devMailbox.lastTo(email)?.text)!).pathname;
    expect((await client.post(path, { password: PASSWORD })).status).toBe(303);
    return client;
  }

  /** A session decided by server-side face checks (its selfie kept 24 h): its result token. */
  async function faceSession(key: string, file: string): Promise<string> {
    const i = await init(svc, key, { verification_mode: 'facial' });
    expect(i.status, i.text).toBe(200);
    const s = await startWidget(svc, i.body.data.token);
    const frames = await svc.http('POST', '/verify/v1/widget/session/frames', {
      body: { frames: [faceImage(file)] },
      headers: { 'x-widget-session': s.body.data.widget_session },
    });
    expect(frames.body.data?.redirect_url, frames.text).toBeDefined();
    return tokenFromRedirect(frames.body.data.redirect_url);
  }

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    svc = await startTestService(backend, { PORT: String(port), BASE_URL: base }, undefined, { inferenceNodes: [node.address] });
    await inferenceReady(svc);
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
  }, 120_000);
  afterAll(async () => {
    await svc?.close();
  });

  it("a developer's change is what the verify API answers, and the audit log names each rule with its new value", async () => {
    const page = await developer.get(`/dashboard/rules?project=${tenant.project_id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Content category');
    const csrf = await developer.csrf('/dashboard/rules');
    const saved = await developer.post(`/dashboard/rules/projects/${tenant.project_id}`, form(csrf));
    expect(saved).toMatchObject({ status: 303, location: `/dashboard/rules?project=${tenant.project_id}&notice=saved` });
    expect(await rulesOf(tenant.secret_key)).toEqual({
      content_category: 'gambling',
      restricted_countries: ['DE', 'GB', 'US'],
      default_list: false,
      server_side_checks: true,
      token_methods: ['document', 'wallet'],
      token_max_age_days: 90,
    });
    // Back to the category's list, path D off, checks off.
    const back = await developer.post(
      `/dashboard/rules/projects/${tenant.project_id}`,
      form(csrf, { countries_mode: 'default', countries: '', server_side_checks: '', 'method:document': '', 'method:wallet': '' }),
    );
    expect(back.status).toBe(303);
    const now = await rulesOf(tenant.secret_key);
    expect(now).toMatchObject({ default_list: true, server_side_checks: false, token_methods: [] });
    expect(now.restricted_countries).toContain('KR');
    const shown = await developer.get(`/dashboard/rules?project=${tenant.project_id}&notice=saved`);
    expect(shown.html).toContain('Rules saved');
    const audit = (await sql(svc, "select details from team_audit_log where action = 'rules.updated' order by seq")) as { details: unknown }[];
    expect(audit[0]!.details).toMatchObject({
      content_category: 'gambling',
      restricted_countries: 'DE GB US',
      server_side_checks: true,
      path_d_methods: 'document wallet',
      path_d_max_age_days: 90,
    });
    expect(audit[1]!.details).toEqual({ restricted_countries: expect.stringMatching(/^default \(/), server_side_checks: false, path_d_methods: 'none' });
  });

  it('bad input is a 400 page and changes nothing: unknown or malformed countries, a category, a max age', async () => {
    const csrf = await developer.csrf('/dashboard/rules');
    const before = await rulesRows();
    const bads: Record<string, string>[] = [
      { countries: 'US, XX' },
      { countries: 'USA' },
      { countries: 'U1 GB' },
      { content_category: 'casino' },
      { token_max_age_days: '0' },
      { token_max_age_days: '4000' },
    ];
    for (const bad of bads) {
      const r = await developer.post(`/dashboard/rules/projects/${tenant.project_id}`, form(csrf, bad));
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.html).toContain('role="alert"');
    }
    expect(await rulesRows()).toEqual(before);
  });

  it('a reviewer is refused by core (403) and changes nothing; the nav shows no Rules link', async () => {
    const before = await rulesRows();
    expect((await reviewer.get('/dashboard/rules')).status).toBe(403);
    expect((await reviewer.get('/dashboard/blacklist')).status).toBe(403);
    expect((await reviewer.get('/dashboard/team')).html).not.toContain('/dashboard/rules');
    const csrf = await reviewer.csrf();
    expect((await reviewer.post(`/dashboard/rules/projects/${tenant.project_id}`, form(csrf, { content_category: 'adult' }))).status).toBe(403);
    expect((await reviewer.post('/dashboard/face-2fa/delete', { csrf, project: tenant.project_id, user_id: 'u1' })).status).toBe(403);
    expect(await rulesRows()).toEqual(before);
  });

  it("another tenant's project reads as unknown (404) and changes nothing", async () => {
    const before = await rulesRows();
    const csrf = await developer.csrf('/dashboard/rules');
    expect((await developer.get(`/dashboard/rules?project=${other.project_id}`)).status).toBe(404);
    expect((await developer.post(`/dashboard/rules/projects/${other.project_id}`, form(csrf))).status).toBe(404);
    expect((await developer.post('/dashboard/face-2fa/confirm', { csrf, project: other.project_id, user_id: 'u1' })).status).toBe(404);
    expect((await developer.post('/dashboard/face-2fa/delete', { csrf, project: other.project_id, user_id: 'u1' })).status).toBe(404);
    expect(await rulesRows()).toEqual(before);
    expect((await rulesOf(other.secret_key)).content_category).toBe('general');
  });

  it('a blacklist entry added by session (id or result token) is listed and deleted; another tenant cannot touch it; no page shows an embedding', async () => {
    const token = await faceSession(tenant.secret_key, 'obama_1.jpg');
    const [session] = (await sql(svc, 'select id from sessions where project_id = $1 order by created_at desc limit 1', [tenant.project_id])) as {
      id: string;
    }[];
    const csrf = await developer.csrf('/dashboard/blacklist');
    const added = await developer.post('/dashboard/blacklist/session', { csrf, session: session!.id, reason: 'chargeback fraud' });
    expect(added, added.html).toMatchObject({ status: 303, location: '/dashboard/blacklist?notice=added' });
    expect((await developer.post('/dashboard/blacklist/session', { csrf, session: token, reason: 'same person' })).status).toBe(303);
    const [entry, second] = (await sql(
      svc,
      "select id, embedding_sealed from blacklist_entries where account_id = $1 and status = 'active' order by created_at",
      [tenant.tenant_id],
    )) as { id: string; embedding_sealed: string }[];
    const page = await developer.get('/dashboard/blacklist');
    expect(page.html).toContain(entry!.id);
    expect(page.html).toContain('chargeback fraud');
    for (const html of [page.html, (await developer.get('/dashboard/audit')).html]) {
      expect(html).not.toContain(entry!.embedding_sealed.slice(0, 24));
      expect(html).not.toMatch(/-?\d\.\d{3,}(,\s*-?\d\.\d{3,}){7}/);
      expect(html).not.toContain(token);
    }
    // The verify API lists the same entries.
    const listed = await svc.http('GET', '/verify/v1/blacklist', { headers: { 'x-api-key': tenant.secret_key } });
    expect(listed.body.data.entries.map((e: { id: string }) => e.id).sort()).toEqual([entry!.id, second!.id].sort());

    // Another tenant's developer-equivalent: the other tenant's key and an unknown entry id.
    const before = await blacklistRows();
    expect((await developer.post('/dashboard/blacklist/bl_unknown12345/delete', { csrf })).status).toBe(404);
    const foreign = await faceSession(other.secret_key, 'sarah_1.jpg');
    expect((await developer.post('/dashboard/blacklist/session', { csrf, session: foreign, reason: 'x' })).status).toBe(404);
    expect((await developer.post('/dashboard/blacklist/session', { csrf, session: 'xtk_nonsense', reason: '' })).status).toBe(400);
    expect((await reviewer.post('/dashboard/blacklist/session', { csrf: await reviewer.csrf(), session: token, reason: 'x' })).status).toBe(403);
    expect(await blacklistRows()).toEqual(before);

    const deleted = await developer.post(`/dashboard/blacklist/${entry!.id}/delete`, { csrf });
    expect(deleted).toMatchObject({ status: 303, location: '/dashboard/blacklist?notice=deleted' });
    expect((await developer.get('/dashboard/blacklist')).html).not.toContain(entry!.id);
    expect((await developer.post(`/dashboard/blacklist/${entry!.id}/delete`, { csrf })).status).toBe(404);
    const audit = (await sql(svc, "select action, target_id, details from team_audit_log where action like 'blacklist_entry.%' order by seq")) as {
      action: string;
      target_id: string;
      details: Record<string, unknown>;
    }[];
    expect(audit.map((a) => [a.action, a.target_id])).toEqual([
      ['blacklist_entry.created', entry!.id],
      ['blacklist_entry.created', second!.id],
      ['blacklist_entry.deleted', entry!.id],
    ]);
    expect(JSON.stringify(audit)).not.toMatch(/xtk_|embedding|chargeback/);
  }, 120_000);

  it('Face 2FA: deleting a user asks for confirmation first, then deletes the enrolment; the log holds no user id', async () => {
    const user = 'user-42@shop.example';
    const api = (method: string, path: string, body?: unknown) => svc.http(method, path, { body, headers: { 'x-api-key': tenant.secret_key } });
    const registered = await api('POST', '/verify/v1/2fa/register', { user_id: user, image: faceImage('nicole_1.jpg') });
    expect(registered.status, registered.text).toBe(202);
    const done2fa = await untilSettled(() => api('GET', `/verify/v1/2fa/status/${registered.body.data.challenge_id}`));
    expect(done2fa.body.data.status, done2fa.text).toBe('passed');
    const page = await developer.get('/dashboard/face-2fa');
    expect(page.status).toBe(200);
    const csrf = await developer.csrf('/dashboard/face-2fa');
    const confirm = await developer.post('/dashboard/face-2fa/confirm', { csrf, project: tenant.project_id, user_id: user });
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain('Delete a Face 2FA user?');
    expect(await sql(svc, 'select 1 from face_enrollments where project_id = $1', [tenant.project_id])).toHaveLength(1);
    const done = await developer.post('/dashboard/face-2fa/delete', { csrf, project: tenant.project_id, user_id: user });
    expect(done).toMatchObject({ status: 303, location: `/dashboard/face-2fa?project=${tenant.project_id}&notice=user_deleted` });
    expect(await sql(svc, 'select 1 from face_enrollments where project_id = $1', [tenant.project_id])).toHaveLength(0);
    const verify = await api('POST', '/verify/v1/2fa/verify', { user_id: user, image: faceImage('nicole_3.jpg') });
    expect(verify.status).toBe(404);
    expect(verify.body).toMatchObject({ error: { code: 'FACE_2FA_NOT_ENROLLED' } });
    const again = await developer.post('/dashboard/face-2fa/delete', { csrf, project: tenant.project_id, user_id: user });
    expect(again.location).toBe(`/dashboard/face-2fa?project=${tenant.project_id}&notice=user_none`);
    expect((await developer.post('/dashboard/face-2fa/delete', { csrf, project: tenant.project_id, user_id: 'x'.repeat(101) })).status).toBe(400);
    const audit = JSON.stringify(await sql(svc, "select * from team_audit_log where action = 'face_2fa_user.deleted'"));
    expect(audit).toContain('had_enrollment');
    expect(audit).not.toContain('user-42');
  });

  it('Face 2FA enrolments are listed by user id, 50 a page, without an embedding; each row leads to the confirmation', async () => {
    const api = (method: string, path: string, body?: unknown) => svc.http(method, path, { body, headers: { 'x-api-key': tenant.secret_key } });
    const registered = await api('POST', '/verify/v1/2fa/register', { user_id: 'alice@shop.example', image: faceImage('nicole_1.jpg') });
    expect((await untilSettled(() => api('GET', `/verify/v1/2fa/status/${registered.body.data.challenge_id}`))).body.data.status).toBe('passed');
    const verified = await api('POST', '/verify/v1/2fa/verify', { user_id: 'alice@shop.example', image: faceImage('nicole_3.jpg') });
    expect((await untilSettled(() => api('GET', `/verify/v1/2fa/status/${verified.body.data.challenge_id}`))).body.data.status).toBe('passed');
    // 60 more enrolments with a placeholder embedding: the list never opens one.
    await sql(
      svc,
      `insert into face_enrollments (project_id, external_user_id, embedding_sealed, created_at)
       select $1, 'seeded-' || lpad(g::text, 3, '0'), 'not-an-embedding-' || g, now() from generate_series(1, 60) g`,
      [tenant.project_id],
    );
    const [sealed] = (await sql(svc, "select embedding_sealed from face_enrollments where external_user_id = 'alice@shop.example'")) as {
      embedding_sealed: string;
    }[];
    const usersOn = (html: string) => [...html.matchAll(/<tr><td><code>([^<]+)<\/code><\/td>/g)].map((m) => m[1]!);
    const first = await developer.get(`/dashboard/face-2fa?project=${tenant.project_id}`);
    expect(first.status).toBe(200);
    const page1 = usersOn(first.html);
    expect(page1).toHaveLength(50);
    expect(page1[0]).toBe('alice@shop.example');
    expect(first.html).not.toContain(sealed!.embedding_sealed.slice(0, 24));
    expect(first.html).not.toContain('not-an-embedding');
    // Alice's row: enrolled time and her verify challenge as the last check.
    const alice = first.html.slice(first.html.indexOf('<tr><td><code>alice@shop.example'));
    expect(alice.slice(0, alice.indexOf('</tr>'))).toMatch(/<time datetime="[^"]+">[^<]+<\/time><\/td><td><time datetime=/);
    const next = /<a href="([^"]+)" rel="next">More users<\/a>/.exec(first.html)?.[1]?.replaceAll('&amp;', '&');
    expect(next).toBeDefined();
    const second = await developer.get(next!);
    const page2 = usersOn(second.html);
    expect(page2).toHaveLength(11);
    expect(second.html).not.toContain('rel="next"');
    const all = [...page1, ...page2];
    expect(new Set(all).size).toBe(61);
    expect(all).toEqual([...all].sort());
    // The row's button opens the confirmation; nothing is deleted until it is pressed.
    const csrf = await developer.csrf(`/dashboard/face-2fa?project=${tenant.project_id}`);
    expect(first.html).toContain('name="user_id" value="alice@shop.example"');
    const confirm = await developer.post('/dashboard/face-2fa/confirm', { csrf, project: tenant.project_id, user_id: 'alice@shop.example' });
    expect(confirm.html).toContain('Delete a Face 2FA user?');
    expect(usersOn((await developer.get(`/dashboard/face-2fa?project=${tenant.project_id}`)).html)[0]).toBe('alice@shop.example');
    await developer.post('/dashboard/face-2fa/delete', { csrf, project: tenant.project_id, user_id: 'alice@shop.example' });
    expect(usersOn((await developer.get(`/dashboard/face-2fa?project=${tenant.project_id}`)).html)[0]).toBe('seeded-001');
    // Another tenant's project, a reviewer, a forged cursor.
    expect((await developer.get(`/dashboard/face-2fa?project=${other.project_id}`)).status).toBe(404);
    expect((await reviewer.get('/dashboard/face-2fa')).status).toBe(403);
    expect((await developer.get(`/dashboard/face-2fa?project=${tenant.project_id}&cursor=${'A'.repeat(200)}`)).status).toBe(400);
  });

  it('a blacklist entry added by image: embedded by the inference node, the image not kept, the person then fails face checks', async () => {
    const csrf = await developer.csrf('/dashboard/blacklist');
    const photo = Buffer.from(faceImage('brad_1.jpg'), 'base64');
    const before = (await blacklistRows()).length;
    const added = await developer.upload(
      '/dashboard/blacklist/image',
      { csrf, reason: 'stolen identity' },
      {
        image: { data: photo, filename: 'brad.jpg', type: 'image/jpeg' },
      },
    );
    expect(added, added.html).toMatchObject({ status: 303, location: '/dashboard/blacklist?notice=image_added' });
    const rows = (await sql(svc, "select id, source, status, embedding_sealed, reason from blacklist_entries where source = 'image'")) as {
      id: string;
      status: string;
      embedding_sealed: string;
      reason: string;
    }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'active', reason: 'stolen identity' });
    // Nothing but the sealed embedding: no column of any table holds the image's bytes.
    const dump = JSON.stringify(await sql(svc, 'select * from blacklist_entries'));
    expect(dump).not.toContain(photo.subarray(200, 260).toString('base64'));
    const page = await developer.get('/dashboard/blacklist?notice=image_added');
    expect(page.html).toContain(rows[0]!.id);
    expect(page.html).toContain('The image was not kept');
    expect(page.html).not.toContain(rows[0]!.embedding_sealed.slice(0, 24));
    const [audit] = (await sql(svc, "select details from team_audit_log where action = 'blacklist_entry.created' and target_id = $1", [rows[0]!.id])) as {
      details: unknown;
    }[];
    expect(audit!.details).toEqual({ source: 'image', project: tenant.project_id, status: 'active' });
    // The person's later face check in any project of the account fails.
    const laterToken = await faceSession(tenant.secret_key, 'brad_2.jpg');
    const later = (await svc.http('GET', `/verify/v1/result/${laterToken}`, { headers: { 'x-api-key': tenant.secret_key } })).body.data;
    expect(later).toMatchObject({ status: 'failed', reason: 'blacklist_match' });
    expect((await blacklistRows()).length).toBe(before + 1);
  }, 120_000);

  it('a refused upload is a page with its catalogue code and adds nothing active', async () => {
    const csrf = await developer.csrf('/dashboard/blacklist');
    const photo = Buffer.from(faceImage('brad_3.jpg'), 'base64');
    const active = () => sql(svc, "select id from blacklist_entries where status = 'active' order by id");
    const before = await active();
    const upload = (fields: Record<string, string>, file?: { data: Uint8Array; filename: string; type: string }) =>
      developer.upload('/dashboard/blacklist/image', fields, file ? { image: file } : {});
    const jpeg = (data: Uint8Array) => ({ data, filename: 'x.jpg', type: 'image/jpeg' });

    const noFace = await upload({ csrf, reason: 'x' }, jpeg(Buffer.from(NO_FACE_JPEG, 'base64')));
    expect(noFace.status).toBe(422);
    expect(noFace.html).toContain('FACE_NOT_FOUND');
    const cases: [string, Promise<{ status: number; html: string }>, number, string][] = [
      ['no file', upload({ csrf, reason: 'x' }), 400, 'IMAGE_EMPTY'],
      ['an empty file', upload({ csrf, reason: 'x' }, jpeg(new Uint8Array())), 400, 'IMAGE_EMPTY'],
      ['a text file', upload({ csrf, reason: 'x' }, { data: Buffer.from('hello'), filename: 'a.txt', type: 'text/plain' }), 415, 'JPEG, PNG or WebP'],
      ['PNG declared, JPEG sent', upload({ csrf, reason: 'x' }, { data: photo, filename: 'a.png', type: 'image/png' }), 415, 'JPEG, PNG or WebP'],
      ['an SVG', upload({ csrf, reason: 'x' }, { data: Buffer.from('<svg/>'), filename: 'a.svg', type: 'image/svg+xml' }), 415, 'JPEG, PNG or WebP'],
      ['no reason', upload({ csrf, reason: '' }, jpeg(photo)), 400, 'REQUEST_INVALID'],
      ['over the image limit', upload({ csrf, reason: 'x' }, jpeg(Buffer.concat([photo, Buffer.alloc(15_000_001 - photo.length)]))), 413, 'IMAGE_TOO_LARGE'],
      ['a body over the limit', upload({ csrf, reason: 'x' }, jpeg(Buffer.alloc(15_100_000, 0xff))), 413, 'IMAGE_TOO_LARGE'],
      ['no CSRF token', upload({ reason: 'x' }, jpeg(photo)), 403, 'expired'],
      [
        'a malformed body',
        developer.upload('/dashboard/blacklist/image', {}, {}, { raw: { body: 'garbage', contentType: 'multipart/form-data; boundary=abc' } }),
        400,
        'REQUEST_INVALID',
      ],
    ];
    for (const [what, pending, status, text] of cases) {
      const r = await pending;
      expect(r.status, what).toBe(status);
      expect(r.html, what).toContain(text);
      expect(r.html, what).toMatch(/^<!doctype html>/);
    }
    // Another origin, a reviewer, nobody signed in.
    const foreign = new DashboardClient(base, { origin: 'https://evil.example', cookies: developer.cookies });
    expect((await foreign.upload('/dashboard/blacklist/image', { csrf, reason: 'x' }, { image: jpeg(photo) })).status).toBe(403);
    const rcsrf = await reviewer.csrf();
    expect((await reviewer.upload('/dashboard/blacklist/image', { csrf: rcsrf, reason: 'x' }, { image: jpeg(photo) })).status).toBe(403);
    const anonymous = await new DashboardClient(base).upload('/dashboard/blacklist/image', { reason: 'x' }, { image: jpeg(photo) });
    expect(anonymous).toMatchObject({ status: 303, location: '/dashboard/sign-in' });
    expect(await active()).toEqual(before);
  }, 120_000);
});
