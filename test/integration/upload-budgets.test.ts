import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@idgate/platform';
import { BACKENDS, init, pathA, startTestService, startWidget, tokenFromRedirect, type TestService } from '../src/index.ts';
import { startScriptedInference, type ScriptedInferenceNode } from '../src/scripted-inference.ts';
import { jsonOfSize, startUpload, type Upload } from '../src/uploads.ts';

/**
 * Admission control of the image routes (docs/errors.md "Images", plugins/image-upload.ts) over HTTP on
 * both storage backends, with limits small enough for fast tests: a 30 kB face frame (its route takes
 * 8, about 324 kB of base64), a 60 kB image for the other routes; a client may hold 2 requests
 * and 400 kB, the process 4 requests and 800 kB. The scripted inference node answers CheckFace for
 * any bytes. Each client has its own address (X-Forwarded-For through a trusted proxy).
 */
const LIMITS = {
  FACE_FRAME_MAX_BYTES: '30000',
  INFERENCE_MAX_IMAGE_BYTES: '60000',
  UPLOAD_CLIENT_MAX_IN_FLIGHT: '2',
  UPLOAD_CLIENT_MAX_BYTES_IN_FLIGHT: '400000',
  UPLOAD_MAX_IN_FLIGHT: '4',
  UPLOAD_MAX_BYTES_IN_FLIGHT: '800000',
  TRUST_PROXY: '127.0.0.1',
};
const FRAMES_BODY_LIMIT = 8 * 40_000 + 4096;
const FRAMES = '/verify/v1/widget/session/frames';
const small = (bytes: number) => Buffer.alloc(bytes, 0x5a).toString('base64');

describe.each(BACKENDS)('image upload budgets on $name', (backend) => {
  let node: ScriptedInferenceNode;
  let svc: TestService;
  let tenant: { secret_key: string; public_key: string };
  const logLines: Record<string, unknown>[] = [];
  const held: Upload[] = [];

  beforeAll(async () => {
    node = await startScriptedInference();
    node.faceAge = 60;
    const log = createLogger({ level: 'warn', component: 'test', destination: { write: (line: string) => void logLines.push(JSON.parse(line)) } });
    svc = await startTestService(backend, LIMITS, log, { inferenceNodes: [node.address] });
    tenant = await svc.createTenant();
    // Frames are checked on the server for this tenant's sessions: the widget's frames path is the one attacked.
    await svc.http('PUT', '/verify/v1/rules', { body: { server_side_checks: true }, headers: { 'x-api-key': tenant.secret_key } });
    for (let i = 0; i < 50 && !svc.core.container.inference?.ready(); i++) await new Promise((r) => setTimeout(r, 100));
  }, 60_000);
  afterEach(async () => {
    for (const u of held.splice(0)) u.abort();
    await inFlight(0);
  });
  afterAll(async () => {
    await svc?.close();
    await node?.close();
  });

  /** A widget session at face_capture, started from `address`. */
  async function widgetSession(address: string): Promise<Record<string, string>> {
    const i = await init(svc, tenant.secret_key);
    const s = await svc.http('POST', '/verify/v1/widget/sessions', { body: { token: i.body.data.token }, headers: { 'x-forwarded-for': address } });
    expect(s.body.data.step).toBe('face_capture');
    return { 'x-widget-session': s.body.data.widget_session, 'x-forwarded-for': address };
  }

  /** Waits until the service holds `n` image requests (its /metrics gauge), so a test never races the admission. */
  async function inFlight(n: number): Promise<void> {
    let seen = -1;
    for (let i = 0; i < 100; i++) {
      const text = (await svc.http('GET', '/metrics')).text;
      seen = Number(/^idgate_image_uploads_in_flight (\d+)/m.exec(text)?.[1] ?? -1);
      if (seen === n) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`expected ${n} image requests in flight, saw ${seen}`);
  }

  /** An upload that the service admitted and now holds, its body unfinished. */
  async function hold(headers: Record<string, string>, path = FRAMES, expected: number): Promise<Upload> {
    const u = startUpload(svc.url, path, headers, { declaredBytes: 200_000, first: Buffer.from('{"frames":["') });
    held.push(u);
    await inFlight(expected);
    return u;
  }

  const refusals = () => logLines.filter((l) => l.msg === 'image upload refused');

  it('an oversize frame is refused with IMAGE_TOO_LARGE before its body is read, from its Content-Length', async () => {
    const h = await widgetSession('198.51.100.1');
    const before = refusals().length;
    // 10 MB announced, 1 kB sent: the answer cannot have waited for the body.
    const u = startUpload(svc.url, FRAMES, h, { declaredBytes: 10_000_000, first: Buffer.alloc(1024, 0x20) });
    held.push(u);
    const r = await u.answer;
    expect(r.status).toBe(413);
    expect(r.body.error).toMatchObject({ code: 'IMAGE_TOO_LARGE', details: { reasons: ['body_bytes_over_limit'] } });
    expect(r.beforeBodyEnd).toBe(true);
    // The rest of the body is not read only to be dropped: the connection is closed.
    expect(r.headers.connection).toBe('close');
    // One warn line, naming the limit, not the client.
    const lines = refusals().slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, limit: 'body_bytes', max: FRAMES_BODY_LIMIT, current: 10_000_000, code: 'IMAGE_TOO_LARGE' });
    expect(JSON.stringify(lines[0])).not.toMatch(/198\.51\.100|xws_|sk_live_|pk_live_/);
  });

  it('an oversize frame inside a body within the limit is IMAGE_TOO_LARGE before it is decoded; the session is unchanged', async () => {
    const h = await widgetSession('198.51.100.2');
    const r = await svc.http('POST', FRAMES, { body: { frames: [small(1000), small(30_001)] }, headers: h });
    expect(r.status).toBe(413);
    expect(r.body.error).toMatchObject({ code: 'IMAGE_TOO_LARGE', details: { reasons: ['image_bytes_over_limit'] } });
    expect(refusals().at(-1)).toMatchObject({ limit: 'image_bytes', max: 30_000, current: 30_001 });
    const state = await svc.http('GET', '/verify/v1/widget/session', { headers: h });
    expect(state.body.data).toMatchObject({ session_status: 'in_progress', step: 'face_capture' });
    // A frame at the cap is taken.
    const ok = await svc.http('POST', FRAMES, { body: { frames: [small(30_000)] }, headers: h });
    expect(ok.status).toBe(200);
    expect(ok.body.data.session_status).toBe('success');
  });

  it('a body without Content-Length is cut off at the limit while it streams: IMAGE_TOO_LARGE, connection closed', async () => {
    const h = await widgetSession('198.51.100.3');
    const u = startUpload(svc.url, FRAMES, h, { first: Buffer.from('{"frames":["') });
    held.push(u);
    u.finish(Buffer.alloc(FRAMES_BODY_LIMIT, 0x41));
    const r = await u.answer;
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe('IMAGE_TOO_LARGE');
    expect(r.headers.connection).toBe('close');
    expect(refusals().at(-1)).toMatchObject({ limit: 'body_bytes', max: FRAMES_BODY_LIMIT, code: 'IMAGE_TOO_LARGE' });
  });

  it('a per-client concurrency overrun is 429 UPLOADS_IN_FLIGHT with Retry-After, before its body is read; other clients go on', async () => {
    const h = await widgetSession('198.51.100.4');
    await hold(h, FRAMES, 1);
    await hold(h, FRAMES, 2);
    const third = startUpload(svc.url, FRAMES, h, { declaredBytes: 200_000, first: Buffer.from('{"frames":["') });
    held.push(third);
    const r = await third.answer;
    expect(r.status).toBe(429);
    expect(r.beforeBodyEnd).toBe(true);
    expect(r.headers['retry-after']).toBe('2');
    expect(r.body.error).toMatchObject({ code: 'UPLOADS_IN_FLIGHT', details: { retry_after_seconds: 2 } });
    expect(refusals().at(-1)).toMatchObject({ limit: 'client_in_flight', max: 2, current: 2, code: 'UPLOADS_IN_FLIGHT' });
    // Another client is not held back by this one.
    const other = await svc.http('POST', FRAMES, { body: { frames: [small(1000)] }, headers: await widgetSession('198.51.100.5') });
    expect(other.status).toBe(200);
  });

  it("a client's bytes are bounded too (UPLOADS_IN_FLIGHT), and the process's over all clients (503 UPLOADS_BUSY with Retry-After)", async () => {
    const a = await widgetSession('198.51.100.6');
    await hold(a, FRAMES, 1); // 200 kB of the client's 400 kB
    const tooMuch = startUpload(svc.url, FRAMES, a, { declaredBytes: 300_000, first: Buffer.from('{') });
    held.push(tooMuch);
    expect((await tooMuch.answer).body.error.code).toBe('UPLOADS_IN_FLIGHT');
    expect(refusals().at(-1)).toMatchObject({ limit: 'client_bytes', max: 400_000, current: 200_000 });
    // Three more clients fill the process's 4 requests; a fifth client is refused by the process budget.
    for (const [n, address] of ['198.51.100.7', '198.51.100.8', '198.51.100.9'].entries()) await hold(await widgetSession(address), FRAMES, n + 2);
    const fifth = startUpload(svc.url, FRAMES, await widgetSession('198.51.100.10'), { declaredBytes: 1000, first: Buffer.from('{') });
    held.push(fifth);
    const r = await fifth.answer;
    expect(r.status).toBe(503);
    expect(r.headers['retry-after']).toBe('2');
    expect(r.body.error.code).toBe('UPLOADS_BUSY');
    expect(refusals().at(-1)).toMatchObject({ limit: 'process_in_flight', max: 4, current: 4, code: 'UPLOADS_BUSY' });
  });

  it('a client that gives up frees its place: aborted uploads are released', async () => {
    const h = await widgetSession('198.51.100.11');
    const first = await hold(h, FRAMES, 1);
    const second = await hold(h, FRAMES, 2);
    first.abort();
    second.abort();
    await inFlight(0);
    const r = await svc.http('POST', FRAMES, { body: { frames: [small(1000)] }, headers: h });
    expect(r.status).toBe(200);
  });

  it('an ordinary flow beside a flood still succeeds: path A with the image budget full, frames of another client beside a one-client flood', async () => {
    // One client floods: it holds its 2 requests, and the rest of its burst is refused at the door.
    const flooder = await widgetSession('203.0.113.1');
    await hold(flooder, FRAMES, 1);
    await hold(flooder, FRAMES, 2);
    const burst = await Promise.all(
      Array.from({ length: 6 }, () => startUpload(svc.url, FRAMES, flooder, { declaredBytes: 300_000, first: Buffer.from('{') })).map((u) => {
        held.push(u);
        return u.answer;
      }),
    );
    expect(burst.map((r) => r.body.error.code)).toEqual(Array(6).fill('UPLOADS_IN_FLIGHT'));
    // An ordinary visitor's server-side frames pass beside it.
    const visitor = await svc.http('POST', FRAMES, { body: { frames: [small(2000), small(2000), small(2000)] }, headers: await widgetSession('192.0.2.50') });
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.session_status).toBe('success');
    // A second flooding client fills the process's budget: path A (no image) is untouched by it.
    const flooder2 = await widgetSession('203.0.113.2');
    await hold(flooder2, FRAMES, 3);
    await hold(flooder2, FRAMES, 4);
    const other = await svc.createTenant();
    const flow = await pathA(svc, other.secret_key);
    expect(flow.verdict.status).toBe(200);
    expect(new URL(flow.verdict.body.data.redirect_url).searchParams.get('status')).toBe('success');
    const result = await svc.http('GET', `/verify/v1/result/${tokenFromRedirect(flow.verdict.body.data.redirect_url)}`, {
      headers: { 'x-api-key': other.secret_key },
    });
    expect(result.body.data).toMatchObject({ status: 'success', verified: true });
  });

  describe('an image over its limit answers the route\'s image code, not PAYLOAD_TOO_LARGE (docs/errors.md "Images")', () => {
    // 100 kB of image: its body (about 133 kB) is over the 60 kB routes' limit, so Content-Length refuses it.
    const image = small(100_000);
    // Just over the limit: the body fits the route's slack for JSON, the image check refuses it.
    const justOver = small(60_001);

    it('document photo: 413 DOCUMENT_IMAGE_TOO_LARGE', async () => {
      const i = await init(svc, tenant.secret_key, { verification_mode: 'document' });
      const s = await startWidget(svc, i.body.data.token);
      const h = { 'x-widget-session': s.body.data.widget_session };
      // The back of a two-sided document has the same per-image limit as the front.
      for (const body of [{ image }, { image: justOver }, { image: small(1000), back_image: justOver }]) {
        const r = await svc.http('POST', '/verify/v1/widget/session/document', { body, headers: h });
        expect(r.status).toBe(413);
        expect(r.body.error.code).toBe('DOCUMENT_IMAGE_TOO_LARGE');
      }
    });

    it.each(['register', 'verify'])('Face 2FA %s: 413 IMAGE_TOO_LARGE', async (kind) => {
      for (const body of [
        { user_id: 'u-1', image },
        { user_id: 'u-1', image: justOver },
      ]) {
        const r = await svc.http('POST', `/verify/v1/2fa/${kind}`, { body, headers: { 'x-api-key': tenant.secret_key } });
        expect(r.status).toBe(413);
        expect(r.body.error.code).toBe('IMAGE_TOO_LARGE');
      }
    });

    it('blacklist image: 413 IMAGE_TOO_LARGE', async () => {
      for (const body of [
        { image, reason: 'fraud' },
        { image: justOver, reason: 'fraud' },
      ]) {
        const r = await svc.http('POST', '/verify/v1/blacklist/image', { body, headers: { 'x-api-key': tenant.secret_key } });
        expect(r.status).toBe(413);
        expect(r.body.error.code).toBe('IMAGE_TOO_LARGE');
      }
    });

    it('widget frames: 413 IMAGE_TOO_LARGE', async () => {
      const h = await widgetSession('198.51.100.20');
      for (const body of [jsonOfSize('frames', FRAMES_BODY_LIMIT + 1), Buffer.from(JSON.stringify({ frames: [small(30_001)] }))]) {
        const r = await svc.http('POST', FRAMES, { rawBody: body.toString(), headers: { ...h, 'content-type': 'application/json' } });
        expect(r.status).toBe(413);
        expect(r.body.error.code).toBe('IMAGE_TOO_LARGE');
      }
    });
  });
});
