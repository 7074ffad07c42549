import sharp from 'sharp';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InferenceNode } from '@idgate/inference';
import { faceImage, hasNumberArray, inferenceReady, keysDeep, NO_FACE_JPEG, startTestInferenceNode, untilSettled } from '../src/face-fixtures.ts';
import { BACKENDS, init, pathA, startTestService, startWidget, tokenFromRedirect, type TestService } from '../src/index.ts';
import { verificationsBilled } from '../src/document-flows.ts';

/**
 * The per-tenant face blacklist over HTTP (spec §1 "Blacklist check", §4.1, §8;
 * docs/blacklist.md) with real models on real fixture faces, on every storage backend.
 * Every test uses its own tenant: the list is per tenant account. Fixture choice (checked against
 * the models): obama_1/2, sarah_1/2, brad_2/3 and nicole_1/3 are live adults whose two photos match
 * each other and pass server-side face checks; group_6_people has six faces.
 */

const image = faceImage;
const NO_FACE = NO_FACE_JPEG;
const ENTRY_FIELDS = ['created_at', 'error', 'id', 'reason', 'source', 'status'];
function expectNoEmbedding(body: unknown) {
  expect(keysDeep(body).filter((k) => /embedding|vector|score|similar/i.test(k))).toEqual([]);
  expect(hasNumberArray(body)).toBe(false);
}

let node: InferenceNode;
beforeAll(async () => {
  node = await startTestInferenceNode();
}, 120_000);
afterAll(async () => {
  await node?.close();
});

describe.each(BACKENDS)('face blacklist on $name', (backend) => {
  let svc: TestService;

  beforeAll(async () => {
    svc = await startTestService(backend, {}, undefined, { inferenceNodes: [node.address] });
    await inferenceReady(svc);
  }, 120_000);
  afterAll(async () => {
    await svc?.close();
  });

  const api = (method: string, path: string, key: string, body?: unknown) => svc.http(method, path, { body, headers: { 'x-api-key': key } });
  const addImage = (key: string, img: string, reason = 'chargeback fraud') => api('POST', '/verify/v1/blacklist/image', key, { image: img, reason });
  const addSession = (key: string, sessionToken: string, reason = 'fake account ring') =>
    api('POST', '/verify/v1/blacklist/session', key, { session_token: sessionToken, reason });
  const getEntry = (key: string, id: string) => api('GET', `/verify/v1/blacklist/${id}`, key);
  const list = (key: string, query = '') => api('GET', `/verify/v1/blacklist${query}`, key);
  const remove = (key: string, id: string) => api('DELETE', `/verify/v1/blacklist/${id}`, key);

  /** The entry once it left `processing` (or the last answer after 30 s). */
  const settle = (key: string, id: string) => untilSettled(() => getEntry(key, id));

  /** An accepted (202) addition, waited for; the settled entry. */
  async function settled(added: { status: number; body: any; text: string }, key: string) {
    expect(added.status, added.text).toBe(202);
    const r = await settle(key, added.body.data.id);
    expect(r.status, r.text).toBe(200);
    return r.body.data;
  }

  /** Blacklists a fixture photo for the tenant; the entry, active. */
  async function blacklistPhoto(key: string, file: string) {
    const entry = await settled(await addImage(key, image(file)), key);
    expect(entry).toMatchObject({ status: 'active', error: null });
    return entry;
  }

  /** A session decided by server-side face checks on one photo; its result token and result record. */
  async function faceSession(key: string, file: string, initBody: Record<string, unknown> = { verification_mode: 'facial' }) {
    const i = await init(svc, key, initBody);
    expect(i.status, i.text).toBe(200);
    const s = await startWidget(svc, i.body.data.token);
    const frames = await svc.http('POST', '/verify/v1/widget/session/frames', {
      body: { frames: [image(file)] },
      headers: { 'x-widget-session': s.body.data.widget_session },
    });
    expect(frames.status, frames.text).toBe(200);
    expect(frames.body.data.redirect_url, `not decided: ${frames.text}`).toBeDefined();
    // Whatever the outcome, the browser never learns that a face is on the tenant's list.
    expect(frames.text).not.toContain('blacklist_match');
    const token = tokenFromRedirect(frames.body.data.redirect_url);
    const result = await svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': key } });
    return { token, result: result.body.data, redirectStatus: new URL(frames.body.data.redirect_url).searchParams.get('status') };
  }

  it("by image: 202 processing, then active; GET by id answers the entry in the contract's shape", async () => {
    const tenant = await svc.createTenant();
    const added = await addImage(tenant.secret_key, image('obama_1.jpg'), 'chargeback fraud');
    expect(added.status).toBe(202);
    expect(added.body).toMatchObject({ success: true });
    expect(added.body.data).toMatchObject({
      id: expect.stringMatching(/^bl_/),
      source: 'image',
      reason: 'chargeback fraud',
      status: 'processing',
      error: null,
      created_at: expect.any(String),
    });
    const entry = (await settle(tenant.secret_key, added.body.data.id)).body.data;
    expect(entry).toMatchObject({
      id: added.body.data.id,
      source: 'image',
      reason: 'chargeback fraud',
      status: 'active',
      error: null,
      created_at: added.body.data.created_at,
    });
    const again = await getEntry(tenant.secret_key, entry.id);
    expect(again.status).toBe(200);
    expect(Object.keys(again.body.data)).toEqual(expect.arrayContaining(ENTRY_FIELDS));
    expectNoEmbedding(added.body);
    expectNoEmbedding(again.body);
  });

  it('the list shows active entries with no embedding field anywhere', async () => {
    const tenant = await svc.createTenant();
    const entry = await blacklistPhoto(tenant.secret_key, 'obama_1.jpg');
    const r = await list(tenant.secret_key);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ entries: [entry], next_cursor: null });
    expectNoEmbedding(r.body);
  });

  it('by image without exactly one face: failed with error.code (FACE_NOT_FOUND, FACE_MULTIPLE, FACE_QUALITY_LOW with its reasons), never listed', async () => {
    const tenant = await svc.createTenant();
    const none = await settled(await addImage(tenant.secret_key, NO_FACE), tenant.secret_key);
    expect(none).toMatchObject({ source: 'image', status: 'failed', error: { code: 'FACE_NOT_FOUND', message: expect.any(String) } });
    const group = await settled(await addImage(tenant.secret_key, image('group_6_people.jpg')), tenant.secret_key);
    expect(group).toMatchObject({ status: 'failed', error: { code: 'FACE_MULTIPLE' } });
    // An unusable face says why (the reasons an HTTP FACE_QUALITY_LOW carries in details.reasons).
    const upsideDown = (
      await sharp(Buffer.from(image('obama_1.jpg'), 'base64'))
        .rotate(180)
        .jpeg()
        .toBuffer()
    ).toString('base64');
    const turned = await settled(await addImage(tenant.secret_key, upsideDown), tenant.secret_key);
    expect(turned).toMatchObject({ status: 'failed', error: { code: 'FACE_QUALITY_LOW', reasons: ['face_rotated'] } });
    expect((await list(tenant.secret_key)).body.data.entries).toEqual([]);
  });

  it("by session token of a server-side session (its result already read): active, and the person's later sessions fail with blacklist_match", async () => {
    const tenant = await svc.createTenant();
    const first = await faceSession(tenant.secret_key, 'obama_1.jpg');
    expect(first.result).toMatchObject({ status: 'success' }); // the result token is consumed now
    const added = await addSession(tenant.secret_key, first.token, 'fake account ring');
    expect(added.status).toBe(202);
    expect(added.body.data).toMatchObject({ id: expect.stringMatching(/^bl_/), source: 'session', reason: 'fake account ring', error: null });
    const entry = (await settle(tenant.secret_key, added.body.data.id)).body.data;
    expect(entry).toMatchObject({ source: 'session', status: 'active' });
    expectNoEmbedding(entry);
    expect((await list(tenant.secret_key)).body.data.entries.map((e: { id: string }) => e.id)).toEqual([entry.id]);
    const later = await faceSession(tenant.secret_key, 'obama_2.jpg');
    expect(later.redirectStatus).toBe('failed');
    expect(later.result).toMatchObject({ status: 'failed', verified: false, reason: 'blacklist_match' });
  });

  it('by session token of a session decided on the device (path A): 409 BLACKLIST_SELFIE_UNAVAILABLE', async () => {
    const tenant = await svc.createTenant();
    const { verdict } = await pathA(svc, tenant.secret_key);
    expect(new URL(verdict.body.data.redirect_url).searchParams.get('status')).toBe('success');
    const r = await addSession(tenant.secret_key, tokenFromRedirect(verdict.body.data.redirect_url));
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('BLACKLIST_SELFIE_UNAVAILABLE');
    expect((await list(tenant.secret_key)).body.data.entries).toEqual([]);
  });

  it('by an unknown session token: 404 TOKEN_NOT_FOUND', async () => {
    const tenant = await svc.createTenant();
    const r = await addSession(tenant.secret_key, `xtk_${randomBytes(24).toString('base64url')}`);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('TOKEN_NOT_FOUND');
  });

  it("enforcement: the same person's later sessions fail with blacklist_match (facial and auto, never escalated); others and other tenants pass", async () => {
    const tenant = await svc.createTenant();
    await blacklistPhoto(tenant.secret_key, 'sarah_1.jpg');
    const facial = await faceSession(tenant.secret_key, 'sarah_2.jpg');
    expect(facial.redirectStatus).toBe('failed');
    expect(facial.result).toMatchObject({ status: 'failed', verified: false, reason: 'blacklist_match' });
    const auto = await faceSession(tenant.secret_key, 'sarah_2.jpg', {});
    expect(auto.result).toMatchObject({ status: 'failed', verified: false, reason: 'blacklist_match' });
    expect((await faceSession(tenant.secret_key, 'obama_2.jpg')).result).toMatchObject({ status: 'success', verified: true });
    const stranger = await svc.createTenant();
    expect((await faceSession(stranger.secret_key, 'sarah_2.jpg')).result).toMatchObject({ status: 'success', verified: true });
  });

  it("enforcement: the document path's liveness selfie of a listed face fails the session with blacklist_match before any document; the browser sees only failed, never the reason", async () => {
    const tenant = await svc.createTenant();
    await blacklistPhoto(tenant.secret_key, 'obama_1.jpg');
    const i = await init(svc, tenant.secret_key, { verification_mode: 'document' });
    const s = await startWidget(svc, i.body.data.token);
    expect(s.body.data).toMatchObject({ step: 'liveness_required' });
    const frames = await svc.http('POST', '/verify/v1/widget/session/frames', {
      body: { frames: [image('obama_2.jpg')] },
      headers: { 'x-widget-session': s.body.data.widget_session },
    });
    expect(frames.status, frames.text).toBe(200);
    // The browser learns that the session failed, never that the face is listed.
    expect(frames.body.data).toMatchObject({ session_status: 'failed' });
    expect(frames.text).not.toContain('blacklist_match');
    const token = tokenFromRedirect(frames.body.data.redirect_url);
    const result = await svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': tenant.secret_key } });
    expect(result.body.data).toMatchObject({ status: 'failed', verified: false, reason: 'blacklist_match' });
  });

  it("enforcement: the listed person's photo turned by 90° or 180° cannot slip past: the frames are refused, no session is decided", async () => {
    const tenant = await svc.createTenant();
    await blacklistPhoto(tenant.secret_key, 'obama_1.jpg');
    for (const angle of [90, 180]) {
      const turned = (
        await sharp(Buffer.from(image('obama_2.jpg'), 'base64'))
          .rotate(angle)
          .jpeg()
          .toBuffer()
      ).toString('base64');
      const i = await init(svc, tenant.secret_key, { verification_mode: 'facial' });
      const s = await startWidget(svc, i.body.data.token);
      const frames = await svc.http('POST', '/verify/v1/widget/session/frames', {
        body: { frames: [turned] },
        headers: { 'x-widget-session': s.body.data.widget_session },
      });
      // Refused as a capture to retake (docs/decisions/capture-retakes.md): the session stays undecided at the same step.
      expect(frames.status, `${angle}°: ${frames.text}`).toBe(200);
      expect(frames.body.data).toMatchObject({ session_status: 'in_progress', step: 'face_capture' });
      expect(frames.body.data.retake_reason).toMatch(/^face_(quality_low|not_found)$/);
    }
  });

  it('enforcement: Face 2FA verify and register of a blacklisted face fail with blacklist_match; the verify is billed', async () => {
    const tenant = await svc.createTenant();
    const key = tenant.secret_key;
    const challenge = async (kind: 'register' | 'verify', userId: string, file: string) => {
      const accepted = await api('POST', `/verify/v1/2fa/${kind}`, key, { user_id: userId, image: image(file) });
      expect(accepted.status, accepted.text).toBe(202);
      return (await untilSettled(() => api('GET', `/verify/v1/2fa/status/${accepted.body.data.challenge_id}`, key))).body.data;
    };
    expect(await challenge('register', 'u-1', 'obama_1.jpg')).toMatchObject({ status: 'passed' });
    await blacklistPhoto(key, 'obama_2.jpg');
    const before = await verificationsBilled(svc, tenant.tenant_id);
    expect(await challenge('verify', 'u-1', 'obama_1.jpg')).toMatchObject({ type: 'verify', status: 'failed', reason: 'blacklist_match' });
    expect(await verificationsBilled(svc, tenant.tenant_id)).toBe(before + 1);
    expect(await challenge('register', 'u-2', 'obama_1.jpg')).toMatchObject({ type: 'register', status: 'failed', reason: 'blacklist_match' });
    const notEnrolled = await api('POST', '/verify/v1/2fa/verify', key, { user_id: 'u-2', image: image('obama_1.jpg') });
    expect(notEnrolled.status).toBe(404);
    expect(notEnrolled.body.error.code).toBe('FACE_2FA_NOT_ENROLLED');
  });

  it('DELETE removes the entry: GET and a second DELETE answer 404, and the person passes again', async () => {
    const tenant = await svc.createTenant();
    const entry = await blacklistPhoto(tenant.secret_key, 'brad_2.jpg');
    expect((await faceSession(tenant.secret_key, 'brad_3.jpg')).result).toMatchObject({ status: 'failed', reason: 'blacklist_match' });
    const deleted = await remove(tenant.secret_key, entry.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, data: { id: entry.id, deleted: true } });
    for (const r of [await getEntry(tenant.secret_key, entry.id), await remove(tenant.secret_key, entry.id)]) {
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('NOT_FOUND');
    }
    expect((await list(tenant.secret_key)).body.data.entries).toEqual([]);
    expect((await faceSession(tenant.secret_key, 'brad_3.jpg')).result).toMatchObject({ status: 'success', verified: true });
  });

  it('a search always sees the list as it is now: an entry added or removed after a search counts from the next one (the opened list is cached per account)', async () => {
    const tenant = await svc.createTenant();
    const brad = await blacklistPhoto(tenant.secret_key, 'brad_2.jpg');
    await blacklistPhoto(tenant.secret_key, 'nicole_1.jpg');
    expect((await faceSession(tenant.secret_key, 'brad_3.jpg')).result).toMatchObject({ reason: 'blacklist_match' }); // the list of two is opened
    expect((await faceSession(tenant.secret_key, 'obama_2.jpg')).result).toMatchObject({ status: 'success' });
    await blacklistPhoto(tenant.secret_key, 'obama_1.jpg');
    expect((await faceSession(tenant.secret_key, 'obama_2.jpg')).result).toMatchObject({ status: 'failed', reason: 'blacklist_match' });
    expect((await remove(tenant.secret_key, brad.id)).status).toBe(200);
    expect((await faceSession(tenant.secret_key, 'brad_3.jpg')).result).toMatchObject({ status: 'success' });
    expect((await faceSession(tenant.secret_key, 'nicole_3.jpg')).result).toMatchObject({ status: 'failed', reason: 'blacklist_match' });
  });

  it("shared by the tenant's projects: an entry added through one project is listed, readable and enforced in another", async () => {
    const tenant = await svc.createTenant();
    const entry = await blacklistPhoto(tenant.secret_key, 'nicole_1.jpg');
    const staging = await svc.admin('POST', `/admin/v1/tenants/${tenant.tenant_id}/projects`, { name: 'staging' });
    expect((await list(staging.secret_key)).body.data.entries.map((e: { id: string }) => e.id)).toEqual([entry.id]);
    expect((await getEntry(staging.secret_key, entry.id)).body.data).toEqual(entry);
    expect((await faceSession(staging.secret_key, 'nicole_3.jpg')).result).toMatchObject({ status: 'failed', reason: 'blacklist_match' });
  });

  it("by session token of another project of the same tenant: accepted, the list is the account's", async () => {
    const tenant = await svc.createTenant();
    const staging = await svc.admin('POST', `/admin/v1/tenants/${tenant.tenant_id}/projects`, { name: 'staging' });
    const session = await faceSession(staging.secret_key, 'sarah_1.jpg');
    const entry = await settled(await addSession(tenant.secret_key, session.token), tenant.secret_key);
    expect(entry).toMatchObject({ source: 'session', status: 'active' });
    expect((await faceSession(tenant.secret_key, 'sarah_2.jpg')).result).toMatchObject({ status: 'failed', reason: 'blacklist_match' });
  });

  it('private to the tenant: another tenant cannot list, read or delete its entries, nor blacklist its session token', async () => {
    const tenant = await svc.createTenant();
    const entry = await blacklistPhoto(tenant.secret_key, 'obama_1.jpg');
    const session = await faceSession(tenant.secret_key, 'sarah_1.jpg');
    const stranger = await svc.createTenant();
    expect((await list(stranger.secret_key)).body.data.entries).toEqual([]);
    for (const r of [await getEntry(stranger.secret_key, entry.id), await remove(stranger.secret_key, entry.id)]) {
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('NOT_FOUND');
    }
    const foreignToken = await addSession(stranger.secret_key, session.token);
    expect(foreignToken.status).toBe(404);
    expect(foreignToken.body.error.code).toBe('TOKEN_NOT_FOUND');
    expect((await getEntry(tenant.secret_key, entry.id)).body.data.status).toBe('active'); // still there
    const unknown = await getEntry(tenant.secret_key, `bl_${randomBytes(12).toString('hex')}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
  });

  it('the list pages newest first with limit and cursor', async () => {
    const tenant = await svc.createTenant();
    const ids: string[] = [];
    for (const file of ['obama_1.jpg', 'sarah_1.jpg', 'brad_2.jpg']) {
      ids.push((await blacklistPhoto(tenant.secret_key, file)).id);
      svc.clock.advance(1000); // the test clock stands still otherwise
    }
    const newestFirst = [...ids].reverse();
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 3; page++) {
      const r = await list(tenant.secret_key, `?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(r.status).toBe(200);
      expect(r.body.data.entries).toHaveLength(1);
      seen.push(r.body.data.entries[0].id);
      cursor = r.body.data.next_cursor;
    }
    expect(seen).toEqual(newestFirst);
    expect(cursor).toBeNull();
    expect((await list(tenant.secret_key, '?limit=2')).body.data.entries.map((e: { id: string }) => e.id)).toEqual(newestFirst.slice(0, 2));
  });

  it('keys: none is 401, the public key 403 AUTH_SECRET_KEY_REQUIRED (saying the blacklist needs the secret key), a restricted key needs scope blacklist', async () => {
    const tenant = await svc.createTenant();
    const none = await svc.http('GET', '/verify/v1/blacklist');
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('AUTH_REQUIRED');
    for (const r of [await list(tenant.public_key), await addImage(tenant.public_key, image('obama_1.jpg'))]) {
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('AUTH_SECRET_KEY_REQUIRED');
      // The message names what was refused, not results, which the blacklist never reads.
      expect(r.body.error.message).toContain('blacklist scope');
      expect(r.body.error.message).not.toContain('read results');
    }
    const scoped = await svc.admin('POST', `/admin/v1/projects/${tenant.project_id}/keys`, { scopes: ['blacklist'] });
    const entry = await blacklistPhoto(scoped.key, 'obama_1.jpg');
    expect((await list(tenant.secret_key)).body.data.entries.map((e: { id: string }) => e.id)).toEqual([entry.id]);
    const other = await svc.admin('POST', `/admin/v1/projects/${tenant.project_id}/keys`, { scopes: ['2fa', 'review', 'verify:result'] });
    for (const r of [
      await list(other.key),
      await getEntry(other.key, entry.id),
      await addImage(other.key, image('obama_2.jpg')),
      await addSession(other.key, 'xtk_whatever'),
      await remove(other.key, entry.id),
    ]) {
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('AUTH_SCOPE_MISSING');
    }
    expect((await remove(scoped.key, entry.id)).body.data).toEqual({ id: entry.id, deleted: true });
  });

  it('validation: reason missing, empty or over 500 characters, unknown fields (a raw embedding), bad limit → 400 REQUEST_INVALID', async () => {
    const tenant = await svc.createTenant();
    const face = image('obama_1.jpg');
    const invalid: [string, Record<string, unknown>][] = [
      ['/verify/v1/blacklist/image', { image: face }],
      ['/verify/v1/blacklist/image', { image: face, reason: '' }],
      ['/verify/v1/blacklist/image', { image: face, reason: 'x'.repeat(501) }],
      ['/verify/v1/blacklist/image', { reason: 'no image' }],
      ['/verify/v1/blacklist/image', { image: face, reason: 'extra field', note: 'x' }],
      ['/verify/v1/blacklist/image', { embedding: Array(512).fill(0.01), reason: 'a raw vector is never accepted' }],
      ['/verify/v1/blacklist/image', { image: 'this is *not* base64!', reason: 'bad encoding' }],
      ['/verify/v1/blacklist/session', { session_token: 'xtk_abc' }],
      ['/verify/v1/blacklist/session', { session_token: 'xtk_abc', reason: 'x'.repeat(501) }],
      ['/verify/v1/blacklist/session', { reason: 'no token' }],
      ['/verify/v1/blacklist/session', { session_token: 'xtk_abc', reason: 'extra field', image: 'aGVsbG8=' }],
    ];
    for (const [path, body] of invalid) {
      const r = await api('POST', path, tenant.secret_key, body);
      expect(r.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(r.body.error.code).toBe('REQUEST_INVALID');
    }
    const empty = await addImage(tenant.secret_key, '');
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('IMAGE_EMPTY');
    for (const query of ['?limit=0', '?limit=101', '?limit=ten']) {
      const r = await list(tenant.secret_key, query);
      expect(r.status, query).toBe(400);
      expect(r.body.error.code).toBe('REQUEST_INVALID');
      // The same place, whichever validator refused it (the route schema or core).
      expect(r.body.error.details.fields[0].loc, query).toEqual(['query', 'limit']);
    }
    // 500 characters is the longest reason accepted.
    const longest = await settled(await addImage(tenant.secret_key, face, 'r'.repeat(500)), tenant.secret_key);
    expect(longest).toMatchObject({ status: 'active', reason: 'r'.repeat(500) });
    expect((await list(tenant.secret_key)).body.data.entries).toHaveLength(1);
  });

  // Moves this service's clock by a day: keep it last.
  it('by session token past the 24-hour selfie window: 409 BLACKLIST_SELFIE_UNAVAILABLE', async () => {
    const tenant = await svc.createTenant();
    const session = await faceSession(tenant.secret_key, 'rdj_5.jpg');
    expect(session.result).toMatchObject({ status: 'success' });
    svc.clock.advance(24 * 3600_000 + 60_000);
    const r = await addSession(tenant.secret_key, session.token);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('BLACKLIST_SELFIE_UNAVAILABLE');
  });
});
