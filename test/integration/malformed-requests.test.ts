import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createLogger } from '@idgate/platform';
import { BACKENDS, CALLBACK, init, pathA, startTestService, TEST_ADMIN_TOKEN, tokenFromRedirect, type TestService } from '../src/index.ts';

/**
 * docs/errors.md "Malformed requests": what an external audit found answered with a 500, a Fastify body
 * or a raw Node body, each now a catalogue code in the envelope, with nothing stored changed,
 * no URL or header value echoed, and no key in the log.
 */

const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
/** Text no answer and no log line may ever contain: it rides inside the refused values. */
const MARK = 'ZqMarkZq';

/**
 * A fingerprint of everything stored: any write by a refused request changes it. Sessions
 * created after `since` (by the few requests these tests expect to succeed) are counted apart.
 */
async function stored(svc: TestService, since = ''): Promise<string> {
  const q = (s: string) => svc.database.db.execute(sql.raw(s)) as Promise<{ rows: Record<string, unknown>[] }>;
  const old = since ? `where id in (${since})` : '';
  const parts = await Promise.all([
    q(
      `select count(*)::int n, coalesce(md5(string_agg(id || status || step || coalesce(external_user_id,'') || coalesce(locale,'') || coalesce(result_token_consumed_at::text,'') || coalesce(init_token_used_at::text,''), ',' order by id)),'') h from sessions ${old}`,
    ),
    q(`select count(*)::int n from billing_events`),
    q(`select count(*)::int n, coalesce(md5(string_agg(id || name || plan || suspended::text, ',' order by id)),'') h from accounts`),
    q(`select count(*)::int n from projects`),
    q(`select count(*)::int n from api_keys`),
    q(`select count(*)::int n from webhook_endpoints`),
    q(`select count(*)::int n from outbox_events`),
  ]);
  return JSON.stringify(parts.map((p) => p.rows[0]));
}

/** Sends bytes on a fresh connection and returns whatever comes back before the server closes it. */
function rawHttp(url: string, bytes: string): Promise<string> {
  const u = new URL(url);
  return new Promise((resolve) => {
    let out = '';
    const socket = net.connect(Number(u.port), u.hostname, () => socket.write(bytes, 'latin1'));
    socket.on('data', (d) => (out += d.toString('latin1')));
    socket.on('close', () => resolve(out));
    socket.on('error', () => undefined);
  });
}

/** The envelope of a catalogue error, and no stack trace, Fastify code or echoed mark in it. */
function expectEnvelope(res: { status: number; body: any; text: string }, status: number, code: string): void {
  expect([res.status, res.body?.success, res.body?.error?.code], res.text.slice(0, 300)).toEqual([status, false, code]);
  expect(typeof res.body.error.message).toBe('string');
  expect(res.text).not.toMatch(/FST_ERR|at .*\.[jt]s:\d+/);
  expect(res.text).not.toContain(MARK);
}

describe.each(BACKENDS)('malformed requests get a catalogue error and change nothing, on $name', (backend) => {
  let svc: TestService;
  let key: string;
  let resultToken: string;
  const logLines: string[] = [];
  let before: string;
  let sessionIds: string;

  beforeAll(async () => {
    const destination = new Writable({ write: (chunk, _enc, cb) => (logLines.push(String(chunk)), cb()) });
    svc = await startTestService(
      backend,
      { RATE_LIMIT_INIT_PER_MINUTE: '100000', RATE_LIMIT_WIDGET_PER_MINUTE: '100000' },
      createLogger({ level: 'trace', component: 'test', destination }),
    );
    key = (await svc.createTenant()).secret_key;
    const flow = await pathA(svc, key); // data to protect: a decided session and its billed Check
    resultToken = tokenFromRedirect(flow.verdict.body.data.redirect_url);
    const ids = (await svc.database.db.execute(sql.raw('select id from sessions'))) as unknown as { rows: { id: string }[] };
    sessionIds = ids.rows.map((r) => `'${r.id}'`).join(',');
    before = await stored(svc, sessionIds);
  });
  afterAll(() => svc?.close());

  describe('text Postgres cannot store (U+0000) or that is not Unicode (a lone surrogate)', () => {
    const initWith = (json: string) =>
      svc.http('POST', '/verify/v1/init', {
        rawBody: `{"callback_url":"${CALLBACK}","min_age":18,${json}}`,
        headers: { 'content-type': 'application/json', 'x-api-key': key },
      });

    it('in any string of an init body is 400 REQUEST_INVALID naming the field, not the value', async () => {
      const cases: [string, string[], string][] = [
        [`"user_id":"${MARK}\\u0000b"`, ['body', 'user_id'], 'nul_character'],
        [`"locale":"e\\u0000${MARK}"`, ['body', 'locale'], 'nul_character'],
        [`"theme":"dark\\u0000${MARK}"`, ['body', 'theme'], 'nul_character'],
        [`"purpose":"id_verification","expected":{"first_name":"${MARK}\\u0000"}`, ['body', 'expected', 'first_name'], 'nul_character'],
        [`"user_id":"${MARK}\\udc00b"`, ['body', 'user_id'], 'lone_surrogate'],
        [`"user_id":"${MARK}\\ud83d"`, ['body', 'user_id'], 'lone_surrogate'],
        [`"x\\u0000${MARK}":1`, ['body'], 'nul_character'],
      ];
      for (const [json, loc, type] of cases) {
        const res = await initWith(json);
        expectEnvelope(res, 400, 'REQUEST_INVALID');
        expect(res.body.error.details.fields, json).toEqual([{ loc, msg: expect.any(String), type }]);
      }
      const url = await svc.http('POST', '/verify/v1/init', {
        rawBody: `{"callback_url":"https://a.example/cb\\u0000${MARK}","min_age":18}`,
        headers: { 'content-type': 'application/json', 'x-api-key': key },
      });
      expectEnvelope(url, 400, 'REQUEST_INVALID');
      expect(url.body.error.details.fields[0].loc).toEqual(['body', 'callback_url']);
    });

    it('is refused the same way in widget and admin bodies (one JSON parser for every route)', async () => {
      const bodies: [string, string, string, Record<string, string>][] = [
        ['POST', '/verify/v1/widget/sessions', `{"token":"xit_${MARK}\\u0000"}`, {}],
        ['POST', '/verify/v1/verification-tokens/verify', `{"token":"xtk_\\udfff${MARK}"}`, { 'x-api-key': key }],
        ['PUT', '/verify/v1/rules', `{"restricted_countries":["F\\u0000"]}`, { 'x-api-key': key }],
        ['POST', '/admin/v1/tenants', `{"name":"${MARK}\\u0000","plan":"free"}`, ADMIN],
        ['POST', '/admin/v1/webhooks', `{"tenant_id":"ten_x","url":"https://h.example/\\u0000${MARK}"}`, ADMIN],
        ['POST', '/admin/v1/oauth-clients', `{"tenant_id":"ten_x","name":"${MARK}\\ud800","redirect_uris":["https://rp.example/cb"]}`, ADMIN],
        ['POST', '/admin/v1/screening/check', `{"name":"${MARK}\\u0000"}`, ADMIN],
      ];
      for (const [method, path, rawBody, headers] of bodies) {
        const res = await svc.http(method, path, { rawBody, headers: { 'content-type': 'application/json', ...headers } });
        expectEnvelope(res, 400, 'REQUEST_INVALID');
        expect(res.body.error.details.fields[0].type, path).toMatch(/^(nul_character|lone_surrogate)$/);
      }
    });

    it('in a path parameter or query value (%00) of the JSON API is 400 REQUEST_INVALID', async () => {
      const urls: [string, string[], Record<string, string>][] = [
        [`/admin/v1/tenants/${MARK}%00`, ['params', 'id'], ADMIN],
        [`/admin/v1/webhooks?tenant_id=%00${MARK}`, ['query', 'tenant_id'], ADMIN],
        [`/verify/v1/status/xtk_${MARK}%00`, ['params', 'token'], { 'x-api-key': key }],
        [`/verify/v1/reviews/${MARK}%00`, ['params', 'id'], { 'x-api-key': key }],
      ];
      for (const [url, loc, headers] of urls) {
        const res = await svc.http('GET', url, { headers });
        expectEnvelope(res, 400, 'REQUEST_INVALID');
        expect(res.body.error.details.fields[0].loc, url).toEqual(loc);
      }
    });

    it('leaves storable text alone: an escaped backslash before u0000, emoji (a surrogate pair), other escapes', async () => {
      const res = await initWith('"user_id":"back\\\\u0000slash \\ud83d\\ude00 \\u00e9"');
      expect(res.status, res.text).toBe(200);
    });
  });

  describe('headers forwarded to core as gRPC metadata (printable ASCII only)', () => {
    it('an X-API-Key with a non-ASCII character is 401 AUTH_INVALID_KEY, and the key never reaches the log', async () => {
      const from = logLines.length;
      for (const bad of ['sk_live_ü', `${key}é`, `${MARK}\u00ff`]) {
        for (const [method, path, body] of [
          ['POST', '/verify/v1/init', { callback_url: CALLBACK, min_age: 18 }],
          ['GET', `/verify/v1/result/${resultToken}`],
          ['GET', `/verify/v1/status/${resultToken}`],
          ['POST', '/verify/v1/verification-tokens/verify', { token: resultToken }],
          ['GET', '/verify/v1/reviews'],
          ['GET', '/verify/v1/rules'],
        ] as const) {
          expectEnvelope(await svc.http(method, path, { body, headers: { 'x-api-key': bad } }), 401, 'AUTH_INVALID_KEY');
        }
      }
      const secret = key.slice('sk_live_'.length);
      const lines = logLines.slice(from);
      expect(lines.length).toBeGreaterThan(0); // the log is captured (request lines at least)
      expect(lines.filter((l) => l.includes(secret) || l.includes(MARK) || l.includes('"level":50'))).toEqual([]);
    });

    it('an X-Widget-Session with a non-ASCII character is 401 WIDGET_SESSION_INVALID on every widget route', async () => {
      const session = `xws_${MARK}é`;
      const from = logLines.length;
      for (const [method, path, body] of [
        ['GET', '/verify/v1/widget/session'],
        ['POST', '/verify/v1/widget/session/cancel'],
        ['POST', '/verify/v1/widget/session/handoff'],
        ['POST', '/verify/v1/widget/session/frames', { frames: ['AAAA'] }],
        ['POST', '/verify/v1/widget/session/document', { image: 'AAAA' }],
      ] as const) {
        expectEnvelope(await svc.http(method, path, { body, headers: { 'x-widget-session': session } }), 401, 'WIDGET_SESSION_INVALID');
      }
      expect(logLines.slice(from).filter((l) => l.includes(MARK) || l.includes('"level":50'))).toEqual([]);
    });

    it('a non-ASCII Idempotency-Key is 400 IDEMPOTENCY_KEY_INVALID and bills nothing; a non-ASCII X-Request-Id is replaced', async () => {
      const idem = await svc.http('POST', '/verify/v1/verification-tokens/verify', {
        body: { token: resultToken },
        headers: { 'x-api-key': key, 'idempotency-key': `${MARK}é` },
      });
      expectEnvelope(idem, 400, 'IDEMPOTENCY_KEY_INVALID');
      const status = await svc.http('GET', `/verify/v1/status/${resultToken}`, { headers: { 'x-api-key': key, 'x-request-id': `${MARK}é` } });
      expect(status.status).toBe(200);
      expect(status.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('refusals made before any route runs (router and HTTP parser)', () => {
    it('a path that is not percent-encoded UTF-8 is 400 REQUEST_INVALID, the path not echoed', async () => {
      const res = await svc.http('GET', `/verify/v1/status/${MARK}%E9`, { headers: { 'x-api-key': key } });
      expectEnvelope(res, 400, 'REQUEST_INVALID');
      expect(res.body.error.request_id).toBe(res.headers.get('x-request-id'));
      expect(logLines.some((l) => l.includes(`"reqId":"${res.body.error.request_id}"`) && l.includes('"status":400'))).toBe(true);
    });

    it('a path parameter over 100 characters is 414 URL_TOO_LONG, the token-like path not echoed', async () => {
      const from = logLines.length;
      const res = await svc.http('GET', `/verify/v1/result/xtk_${MARK}${'A'.repeat(5000)}`, { headers: { 'x-api-key': key } });
      expectEnvelope(res, 414, 'URL_TOO_LONG');
      expect(res.text).not.toContain('AAAAAAAAAA');
      // The router refuses it before any hook runs; it still gets its access-log line, without the URL.
      const lines = logLines
        .slice(from)
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.reqId === res.body.error.request_id);
      expect(lines).toEqual([expect.objectContaining({ msg: 'request', method: 'GET', route: 'unmatched', status: 414, code: 'URL_TOO_LONG' })]);
      expect(logLines.slice(from).join('')).not.toContain(MARK);
    });

    it("a 100 kB URL is 431 HEADERS_TOO_LARGE in the envelope, not Node's body", async () => {
      const res = await svc.http('GET', `/verify/v1/result/xtk_${MARK}${'A'.repeat(100_000)}`, { headers: { 'x-api-key': key } });
      expectEnvelope(res, 431, 'HEADERS_TOO_LARGE');
      expect(res.text).not.toContain('AAAAAAAAAA');
    });

    it('bytes that are not HTTP, or a control character in a header, are 400 REQUEST_INVALID in the envelope', async () => {
      for (const bytes of [
        `GET /healthz HTTP/1.1\r\nHost: x\r\nX-API-Key: ${MARK}\u0001\r\n\r\n`,
        `${MARK} nonsense\r\n\r\n`,
        `GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n`,
      ]) {
        const raw = await rawHttp(svc.url, bytes);
        const [head, body] = raw.split('\r\n\r\n');
        expect(head, JSON.stringify(bytes)).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
        expect(head).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/i);
        expectEnvelope({ status: 400, body: JSON.parse(body), text: body }, 400, 'REQUEST_INVALID');
      }
    });
  });

  describe('a wrong method on an existing path', () => {
    it("is 405 METHOD_NOT_ALLOWED with Allow listing the path's methods", async () => {
      const cases: [string, string, string][] = [
        ['POST', `/verify/v1/result/${resultToken}`, 'GET, HEAD'],
        ['DELETE', '/verify/v1/init', 'POST'],
        ['OPTIONS', '/verify/v1/init', 'POST'],
        ['GET', '/verify/v1/init', 'POST'],
        ['PUT', '/verify/v1/widget/session', 'GET, HEAD'],
        ['PATCH', '/verify/v1/rules', 'GET, HEAD, PUT'],
        ['POST', '/admin/v1/tenants/ten_x', 'GET, HEAD, PATCH'],
      ];
      for (const [method, path, allow] of cases) {
        const res = await svc.http(method, path, { headers: { 'x-api-key': key } });
        expectEnvelope(res, 405, 'METHOD_NOT_ALLOWED');
        expect(res.headers.get('allow'), `${method} ${path}`).toBe(allow);
      }
    });

    it('whatever its body: a valid init body, bad JSON or a NUL creates nothing and is still 405', async () => {
      const bodies = [JSON.stringify({ callback_url: CALLBACK, min_age: 18 }), '{bad', '{"user_id":"\\u0000"}'];
      for (const rawBody of bodies) {
        const res = await svc.http('DELETE', '/verify/v1/init', { rawBody, headers: { 'content-type': 'application/json', 'x-api-key': key } });
        expectEnvelope(res, 405, 'METHOD_NOT_ALLOWED');
      }
    });

    it('while an unknown path stays 404 NOT_FOUND, without echoing the path', async () => {
      for (const path of [`/verify/v1/results/xtk_${MARK}`, `/verify/v1/result/xtk_${MARK}/more`, `/${MARK}`]) {
        const res = await svc.http('POST', path, { headers: { 'x-api-key': key } });
        expectEnvelope(res, 404, 'NOT_FOUND');
        expect(res.headers.get('allow')).toBeNull();
      }
    });
  });

  describe('content types on JSON endpoints', () => {
    const json = JSON.stringify({ callback_url: CALLBACK, min_age: 18 });

    it('every non-JSON content type is 415 UNSUPPORTED_MEDIA_TYPE, JSON in it or not', async () => {
      const types = [
        'text/plain',
        'text/plain; charset=utf-8',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/vnd.api+json',
        'application/jsonx',
      ];
      for (const type of types) {
        for (const [method, path, headers] of [
          ['POST', '/verify/v1/init', { 'x-api-key': key }],
          ['POST', '/verify/v1/widget/sessions', {}],
          ['PUT', '/verify/v1/rules', { 'x-api-key': key }],
          ['POST', '/admin/v1/tenants', ADMIN],
        ] as const) {
          const res = await svc.http(method, path, { rawBody: json, headers: { ...headers, 'content-type': type } });
          expectEnvelope(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
        }
      }
      const noType = await fetch(`${svc.url}/verify/v1/init`, { method: 'POST', body: new TextEncoder().encode(json), headers: { 'x-api-key': key } });
      expect([noType.status, (await noType.json()).error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    });

    it('application/json with parameters is accepted', async () => {
      const res = await svc.http('POST', '/verify/v1/init', {
        rawBody: json,
        headers: { 'content-type': 'Application/JSON; charset=utf-8', 'x-api-key': key },
      });
      expect(res.status, res.text).toBe(200);
    });
  });

  it('stored data is as before: only the two accepted inits above added (pending) sessions', async () => {
    expect(await stored(svc, sessionIds)).toBe(before);
    const count = (await svc.database.db.execute(sql.raw('select count(*)::int n from sessions'))) as unknown as { rows: { n: number }[] };
    expect(count.rows[0].n).toBe(sessionIds.split(',').length + 2);
    // The result token, read above only with refused keys, is still unconsumed.
    expect((await svc.http('GET', `/verify/v1/status/${resultToken}`, { headers: { 'x-api-key': key } })).status).toBe(200);
    expect((await svc.http('GET', `/verify/v1/result/${resultToken}`, { headers: { 'x-api-key': key } })).status).toBe(200);
    await init(svc, key); // the service still works
  });
});

/**
 * REQUEST_TIMEOUT_MS (docs/errors.md "Malformed requests"): a request whose body stops arriving is answered
 * 408 and its connection closed, instead of being held open for ever (an external audit held one
 * for more than 400 s). A slow body that does arrive in time is served as usual.
 */
describe('a request body that stops arriving', () => {
  let svc: TestService;
  let key: string;

  beforeAll(async () => {
    svc = await startTestService(BACKENDS[0], { REQUEST_TIMEOUT_MS: '1500' });
    key = (await svc.createTenant()).secret_key;
  });
  afterAll(() => svc?.close());

  const body = JSON.stringify({ callback_url: CALLBACK, min_age: 18 });
  const headers = (k: string) =>
    `POST /verify/v1/init HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-API-Key: ${k}\r\nContent-Length: ${body.length}\r\n\r\n`;

  it('is 408 REQUEST_TIMEOUT in the envelope, the connection closed, nothing created', async () => {
    const before = await svc.database.db.execute(sql.raw('select count(*)::int n from sessions'));
    const started = Date.now();
    const answer = await rawHttp(svc.url, headers(key) + body.slice(0, 9));
    const waited = Date.now() - started;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false, error: { code: 'REQUEST_TIMEOUT' } });
    expect(waited).toBeGreaterThanOrEqual(1400);
    expect(waited).toBeLessThan(10_000);
    expect(await svc.database.db.execute(sql.raw('select count(*)::int n from sessions'))).toEqual(before);
  });

  it('a slow body that is complete within the timeout is served', async () => {
    const u = new URL(svc.url);
    const answer = await new Promise<string>((resolve) => {
      let out = '';
      const socket = net.connect(Number(u.port), u.hostname, () => {
        socket.write(headers(key) + body.slice(0, 9));
        setTimeout(() => socket.write(body.slice(9)), 500);
      });
      socket.on('data', (d) => {
        out += d.toString('latin1');
        if (out.includes('\r\n\r\n') && out.includes('"success"')) socket.end();
      });
      socket.on('close', () => resolve(out));
      socket.on('error', () => undefined);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});
