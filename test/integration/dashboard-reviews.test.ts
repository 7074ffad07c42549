import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox } from '@idgate/oauth';
import { ScreeningEngine } from '@idgate/core';
import { SHARED_DIR } from '@idgate/inference/testing';
import { BACKENDS } from '../src/backends.ts';
import { freePort } from '../oauth/browser.ts';
import { startTestService, type TestService } from '../src/harness.ts';
import { documentSession, sql } from '../src/document-flows.ts';
import { startScriptedInference, type ScriptedInferenceNode } from '../src/scripted-inference.ts';
import { DashboardClient, invitationLinkIn } from '../src/dashboard-client.ts';
import { Receiver } from '../webhooks/support/receiver.ts';
import { createEndpoint, stripeVerify } from '../webhooks/support/webhooks.ts';

const PASSWORD = 'correct horse battery';
const LIST = join(SHARED_DIR, 'fixtures/sanctions/entities/yente_t1.entities.ftm.json');
const SELFIE = Buffer.from('selfie frame bytes');
const DOCUMENT = Buffer.from('document image bytes');
/** A listed person of the fixture data (EU financial sanctions), as the scripted node reads the document. */
const LISTED = { status: 'ok' as const, surname: 'KUZMENKO', givenNames: 'VITALY YURIEVICH', dateOfBirth: '1971-01-22', documentNumber: 'K71012245' };
/** Read off a document that contradicts the claimed birth date (data_mismatch under mismatch_policy review). */
const MISMATCH = { status: 'ok' as const, surname: 'EXAMPLE', givenNames: 'ANNA', dateOfBirth: '1990-01-02', documentNumber: 'D4477120X' };
const CLAIMS = { expected: { last_name: 'Example', date_of_birth: '1990-01-01' }, mismatch_policy: 'review' };
/** Birth dates and document numbers of the fixtures, in every spelling a page might use. */
const NEVER_ON_A_PAGE = ['1971-01-22', '22.01.1971', '1971', 'K71012245', '1990-01-02', '1990-01-01', 'D4477120X', 'xtk_'];
const stampOf = (header: unknown) => Number(/t=(\d+)/.exec(String(header))![1]);

/**
 * The review queue in the dashboard (docs/dashboard.md "Review queue") through HTTP on every backend, with
 * screening on real list data, the document path with a scripted inference node, the dispatcher running and a
 * real webhook receiver: a reviewer sees an aml_match and a data_mismatch review with their context and never a
 * birth date or document number, approves the aml_match one and review.approved arrives signed; the decision
 * and its member are in the audit log. A developer is refused by core and another tenant's member reads the
 * review as unknown; neither changes anything. Bad input answers 400 pages.
 */
describe.each(BACKENDS)('dashboard review queue on $name', (backend) => {
  let svc: TestService;
  let node: ScriptedInferenceNode;
  let receiver: Receiver;
  let base: string;
  let tenant: { tenant_id: string; project_id: string; secret_key: string };
  let owner: DashboardClient;
  let reviewer: DashboardClient;
  let developer: DashboardClient;
  let stranger: DashboardClient;
  let hook: { id: string; secret: string };
  let aml: string;
  let mismatch: string;
  const stamp = `${backend.name.replace(/\W/g, '').toLowerCase()}${Date.now()}`;
  const reviewerEmail = `rev-rq-${stamp}@shop.example`;

  async function join(email: string): Promise<DashboardClient> {
    const client = new DashboardClient(base);
    const path = new URL(invitationLinkIn(devMailbox.lastTo(email)?.text)!).pathname;
    expect((await client.post(path, { password: PASSWORD })).status).toBe(303);
    return client;
  }

  /** A session of `tenant` parked in review; returns its review id. */
  async function parked(reason: string, reading: typeof LISTED, initBody: Record<string, unknown>): Promise<string> {
    node.readings = [reading];
    const flow = await documentSession(svc, tenant.secret_key, { selfie: SELFIE, document: DOCUMENT, initBody });
    expect(flow.document.body.data).toMatchObject({ session_status: 'pending_tenant_review' });
    // The manual clock stands still, so the review is found by its reason (one of each here), not by time.
    const [row] = await sql(svc, 'select id from reviews where project_id = $1 and reason = $2', [tenant.project_id, reason]);
    return row.id as string;
  }

  const reviewRow = (id: string) =>
    sql(
      svc,
      'select r.status, r.note, r.decided_at, r.decided_by_key_id, s.status as session_status from reviews r join sessions s on s.id = r.session_id where r.id = $1',
      [id],
    );
  const auditOf = (id: string) => sql(svc, 'select actor, actor_label, action, details from team_audit_log where target_id = $1', [id]);

  beforeAll(async () => {
    const engine = new ScreeningEngine();
    await engine.refresh(LIST);
    node = await startScriptedInference();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    svc = await startTestService(backend, { PORT: String(port), BASE_URL: base, WEBHOOK_POLL_MS: '10' }, undefined, {
      inferenceNodes: [node.address],
      screening: engine,
    });
    for (let i = 0; i < 50 && !svc.core.container.inference?.ready(); i++) await new Promise((r) => setTimeout(r, 100));
    receiver = await Receiver.start();
    await svc.core.container.webhooks.dispatcher().start();

    tenant = await svc.createTenant('starter');
    hook = await createEndpoint(svc, { tenant_id: tenant.tenant_id, url: `${receiver.url}/reviews`, events: ['review.approved', 'review.rejected'] });
    const ownerEmail = `owner-rq-${stamp}@shop.example`;
    await svc.admin('POST', `/admin/v1/tenants/${tenant.tenant_id}/team/owners`, { email: ownerEmail });
    owner = await join(ownerEmail);
    const csrf = await owner.csrf();
    await owner.post('/dashboard/team/invite', { csrf, email: `dev-rq-${stamp}@shop.example`, role: 'developer' });
    await owner.post('/dashboard/team/invite', { csrf, email: reviewerEmail, role: 'reviewer' });
    developer = await join(`dev-rq-${stamp}@shop.example`);
    reviewer = await join(reviewerEmail);
    const other = await svc.createTenant('starter');
    const strangerEmail = `owner2-rq-${stamp}@shop.example`;
    await svc.admin('POST', `/admin/v1/tenants/${other.tenant_id}/team/owners`, { email: strangerEmail });
    stranger = await join(strangerEmail);

    aml = await parked('aml_match', LISTED, { verification_mode: 'document' });
    mismatch = await parked('data_mismatch', MISMATCH, CLAIMS);
  }, 120_000);
  afterAll(async () => {
    await svc?.core.container.webhooks.dispatcher().stop();
    await receiver?.close();
    await svc?.close();
    await node?.close();
  });

  it('lists both reviews with their context, and no page holds a birth date, a document number or a result token', async () => {
    const queue = await reviewer.get('/dashboard/reviews');
    expect(queue.status).toBe(200);
    expect(queue.html).toContain('href="/dashboard/reviews"');
    expect(queue.html).toContain(`/dashboard/reviews/${aml}`);
    expect(queue.html).toContain(`/dashboard/reviews/${mismatch}`);
    expect(queue.html).toMatch(/KUZMENKO/i);
    expect(queue.html).toContain('<code>eu_fsf</code>');
    expect(queue.html).toContain('<code>date_of_birth</code>: Mismatch');
    expect(queue.html).toContain('<code>last_name</code>: Match');

    const one = await reviewer.get(`/dashboard/reviews/${aml}`);
    expect(one.status).toBe(200);
    expect(one.html).toMatch(/<td>[^<]*KUZMENKO[^<]*<\/td><td>[\d.]+<\/td><td><code>eu_fsf<\/code>/i);
    expect(one.html).toContain('value="approve"');
    const two = await reviewer.get(`/dashboard/reviews/${mismatch}`);
    expect(two.html).toMatch(/<th scope="row"><code>date_of_birth<\/code><\/th><td>Mismatch<\/td>/);

    for (const html of [queue.html, one.html, two.html]) for (const value of NEVER_ON_A_PAGE) expect(html).not.toContain(value);
    // A project filter of the account works; one of another account is unknown.
    expect((await reviewer.get(`/dashboard/reviews?project=${tenant.project_id}`)).html).toContain(aml);
    expect((await reviewer.get('/dashboard/reviews?project=prj_not_ours')).status).toBe(404);
  });

  it('the reviewer approves the aml_match review: success, recorded with the member, review.approved arrives signed', async () => {
    const csrf = await reviewer.csrf(`/dashboard/reviews/${aml}`);
    const approved = await reviewer.post(`/dashboard/reviews/${aml}/decide`, { csrf, decision: 'approve', note: 'namesake, checked by phone' });
    expect(approved).toMatchObject({ status: 303, location: `/dashboard/reviews/${aml}?notice=approved` });

    const [row] = await reviewRow(aml);
    expect(row).toMatchObject({ status: 'approved', note: 'namesake, checked by phone', decided_by_key_id: null, session_status: 'success' });
    expect(row.decided_at).toBeTruthy();
    const [entry, ...more] = await auditOf(aml);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor: expect.stringMatching(/^tm_/), actor_label: reviewerEmail, action: 'review.approved' });
    expect(entry.details).toEqual({ project: tenant.project_id, reason: 'aml_match', with_note: true });

    await receiver.waitFor(() => receiver.requests.some((r) => r.headers['x-service-event'] === 'review.approved'), 10_000, 'review.approved');
    const req = receiver.requests.find((r) => r.headers['x-service-event'] === 'review.approved')!;
    const event = stripeVerify(req.raw, req.headers['x-service-signature'], hook.secret, stampOf(req.headers['x-service-signature']) * 1000);
    expect(event).toMatchObject({ type: 'review.approved', data: { status: 'success', reason: 'aml_match' } });
    expect(req.raw).not.toMatch(/KUZMENKO/i);

    const page = await reviewer.get(`/dashboard/reviews/${aml}?notice=approved`);
    expect(page.html).toContain(`Approved by ${reviewerEmail} at`);
    expect(page.html).toContain('namesake, checked by phone');
    expect(page.html).not.toContain('value="approve"');
    const again = await reviewer.post(`/dashboard/reviews/${aml}/decide`, { csrf, decision: 'reject' });
    expect(again.status).toBe(409);
    expect((await reviewRow(aml))[0].status).toBe('approved');
    expect((await reviewer.get('/dashboard/reviews?status=approved')).html).toContain(`by ${reviewerEmail}`);
  });

  it('a developer is refused by core (403) and another tenant reads the review as unknown (404); nothing changes', async () => {
    const before = await reviewRow(mismatch);
    expect(before[0].status).toBe('open');
    const devCsrf = await developer.csrf();
    expect((await developer.get('/dashboard/reviews')).status).toBe(403);
    expect((await developer.get(`/dashboard/reviews/${mismatch}`)).status).toBe(403);
    const refused = await developer.post(`/dashboard/reviews/${mismatch}/decide`, { csrf: devCsrf, decision: 'reject' });
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('does not allow this action');
    expect((await developer.get('/dashboard/team')).html).not.toContain('href="/dashboard/reviews"');

    const strangerCsrf = await stranger.csrf();
    expect((await stranger.get(`/dashboard/reviews/${mismatch}`)).status).toBe(404);
    expect((await stranger.post(`/dashboard/reviews/${mismatch}/decide`, { csrf: strangerCsrf, decision: 'approve' })).status).toBe(404);
    expect((await stranger.get('/dashboard/reviews')).html).not.toContain(mismatch);
    expect(await reviewRow(mismatch)).toEqual(before);
    expect(await auditOf(mismatch)).toEqual([]);
  });

  it('bad input answers 400 or 404 pages, never 500, and changes nothing', async () => {
    const before = await reviewRow(mismatch);
    const csrf = await reviewer.csrf(`/dashboard/reviews/${mismatch}`);
    expect((await reviewer.post(`/dashboard/reviews/${mismatch}/decide`, { csrf, decision: 'maybe' })).status).toBe(400);
    expect((await reviewer.post(`/dashboard/reviews/${mismatch}/decide`, { csrf, decision: 'reject', note: 'x'.repeat(2001) })).status).toBe(400);
    expect((await reviewer.post(`/dashboard/reviews/${mismatch}/decide`, { csrf: 'forged', decision: 'reject' })).status).toBe(403);
    expect((await reviewer.post(`/dashboard/reviews/${mismatch}/decide`, { csrf, decision: 'reject' }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await reviewer.get('/dashboard/reviews/rev_bad%20id')).status).toBe(404);
    expect((await reviewer.get('/dashboard/reviews/rev_aaaaaaaaaaaaaaaa')).status).toBe(404);
    expect((await reviewer.get('/dashboard/reviews?status=bogus')).status).toBe(200);
    expect(await reviewRow(mismatch)).toEqual(before);
  });

  it('asks for a retake with the link for the person shown once, then the owner sees who decided', async () => {
    const csrf = await owner.csrf(`/dashboard/reviews/${mismatch}`);
    const retake = await owner.post(`/dashboard/reviews/${mismatch}/decide`, { csrf, decision: 'retake' });
    expect(retake.status).toBe(200);
    expect(retake.html).toMatch(/<code>http[^<]*\?t=xit_[\w-]+<\/code>/);
    const [row] = await reviewRow(mismatch);
    expect(row).toMatchObject({ status: 'retake_requested', note: null, decided_by_key_id: null, session_status: 'awaiting_retake' });
    expect((await auditOf(mismatch))[0]).toMatchObject({
      action: 'review.retake_requested',
      details: { project: tenant.project_id, reason: 'data_mismatch', with_note: false },
    });
    const page = await owner.get(`/dashboard/reviews/${mismatch}`);
    expect(page.html).toContain('Retake requested by owner-rq-');
    expect(page.html).not.toContain('xit_');
  });

  it('pages a queue of 250 open reviews 100 at a time: oldest first, every review once, next and previous links', async () => {
    // Clones of a parked session and its review, four to a timestamp so that the id breaks ties.
    const seeded = 250;
    await sql(
      svc,
      `insert into sessions select (jsonb_populate_record(null::sessions, to_jsonb(s) || jsonb_build_object(
         'id', 'ses_pg' || lpad(g::text, 4, '0'), 'init_token_hash', md5('i' || g), 'result_token_hash', md5('r' || g),
         'widget_token_hash', null))).* from sessions s, generate_series(1, ${seeded}) g
       where s.id = (select session_id from reviews where id = $1)`,
      [aml],
    );
    await sql(
      svc,
      `insert into reviews select (jsonb_populate_record(null::reviews, to_jsonb(r) || jsonb_build_object(
         'id', 'rev_pg' || substr(md5(g::text), 1, 12), 'session_id', 'ses_pg' || lpad(g::text, 4, '0'), 'status', 'open',
         'note', null, 'decided_at', null, 'retake_session_id', null,
         'created_at', timestamptz '2026-01-01 00:00:00+00' + ((g / 4) || ' seconds')::interval))).*
       from reviews r, generate_series(1, ${seeded}) g where r.id = $1`,
      [aml],
    );
    const expected = (
      (await sql(svc, "select id from reviews where project_id = $1 and status = 'open' order by created_at, id", [tenant.project_id])) as {
        id: string;
      }[]
    ).map((r) => r.id);
    // The seeded ones, and those of the earlier tests still open (none when the whole file runs).
    expect(expected.length).toBeGreaterThanOrEqual(seeded);

    const idsOn = (html: string) => [...html.matchAll(/href="\/dashboard\/reviews\/(rev_[\w-]+)"/g)].map((m) => m[1]!);
    const linkOn = (html: string, rel: 'next' | 'prev') =>
      [...html.matchAll(/<a href="([^"]+)" rel="(next|prev)"/g)].find((m) => m[2] === rel)?.[1]?.replaceAll('&amp;', '&');
    const pages: string[][] = [];
    let lastHtml = '';
    let path: string | undefined = '/dashboard/reviews';
    while (path) {
      const page = await reviewer.get(path);
      expect(page.status, `page ${pages.length + 1}: ${path}`).toBe(200);
      pages.push(idsOn(page.html));
      lastHtml = page.html;
      if (pages.length === 1) expect(linkOn(page.html, 'prev')).toBeUndefined();
      path = linkOn(page.html, 'next');
      expect(pages.length).toBeLessThan(10);
    }
    expect(pages.map((p) => p.length)).toEqual([100, 100, expected.length - 200]);
    expect(pages.flat()).toEqual(expected);

    // Back from the last page by its previous links: the same pages, in reverse.
    expect(linkOn(lastHtml, 'next')).toBeUndefined();
    const middle = await reviewer.get(linkOn(lastHtml, 'prev')!);
    expect(idsOn(middle.html)).toEqual(pages[1]);
    const first = await reviewer.get(linkOn(middle.html, 'prev')!);
    expect(idsOn(first.html)).toEqual(pages[0]);
    expect(linkOn(first.html, 'prev')).toBeUndefined();
    expect(linkOn(first.html, 'next')).toBeDefined();

    // A cursor this service did not write is a 400 page; a project filter keeps to the project.
    expect((await reviewer.get('/dashboard/reviews?after=bm9wZQ')).status).toBe(400);
    expect((await reviewer.get('/dashboard/reviews?after=x&before=y')).status).toBe(400);
    expect(idsOn((await reviewer.get(`/dashboard/reviews?project=${tenant.project_id}`)).html)).toEqual(pages[0]);
  }, 120_000);
});
