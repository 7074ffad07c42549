import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BACKENDS, deviceEvidence, init, pathA, SoftAuthenticator, type TestService } from '../../test/src/index.ts';
import { startOAuthService } from '../../test/oauth/oauth-fixture.ts';
import { hardwareFingerprint, percentile, round } from '../src/stats.ts';

/**
 * bench/path-d (docs/performance.md): how long the service takes to pass a returning user on path D
 * (widget start → passkey options → assertion → verdict), the user's touch excluded: the software
 * authenticator signs between the timed calls. Baseline in the same run and process: path A's
 * server side (widget start → on-device verdict), the cheapest decision the service makes today.
 * Each backend: PGlite (the embedded default) and Postgres + Redis. `--runs N` (default 200).
 */
const args = process.argv.slice(2);
const RUNS = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 200);
const WARMUP = 20;
const OUT = fileURLToPath(new URL('../results/path-d.json', import.meta.url));
const PASSWORD = 'correct horse battery';

async function form(svc: TestService, path: string, fields: Record<string, string>, cookie = '') {
  const res = await fetch(svc.url + path, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams(fields),
  });
  return { text: await res.text(), cookies: res.headers.getSetCookie().map((c) => c.split(';')[0]) };
}

/** A service ID holding a facial-estimate +18 (saved from a path A pass) and one passkey; returns its cookies. */
async function returningUser(svc: TestService, key: string, authenticator: SoftAuthenticator): Promise<string> {
  const a = await pathA(svc, key);
  const resultToken = new URL(a.verdict.body.data.redirect_url).searchParams.get('token')!;
  const offer = await form(svc, '/auth/save', { result_token: resultToken });
  const ticket = /name="save" value="([^"]+)"/.exec(offer.text)![1];
  const saved = await form(svc, '/auth/save/signup', { save: ticket, email: `bench-${Date.now()}@example.org`, display_name: 'Bench', password: PASSWORD });
  const cookie = saved.cookies.join('; ');
  const portal = await svc.http('GET', '/auth/portal', { headers: { cookie } });
  const csrf = /name="csrf" value="([^"]+)"/.exec(portal.text)![1];
  const headers = { cookie, 'x-csrf-token': csrf };
  const options = await svc.http('POST', '/auth/passkeys/register/options', { body: {}, headers });
  const registered = await svc.http('POST', '/auth/passkeys/register', { body: { response: authenticator.register(options.body.data) }, headers });
  if (registered.status !== 201) throw new Error(`passkey registration: ${registered.status} ${registered.text}`);
  return cookie;
}

/** One path D session: the three timed calls' wall time in ms (signing excluded). */
async function pathDOnce(svc: TestService, key: string, cookie: string, authenticator: SoftAuthenticator): Promise<number> {
  const initToken = (await init(svc, key)).body.data.token;
  let t = performance.now();
  const start = await svc.http('POST', '/verify/v1/widget/sessions', { body: { token: initToken }, headers: { cookie } });
  const headers = { 'x-widget-session': start.body.data.widget_session, cookie };
  const options = await svc.http('POST', '/verify/v1/widget/session/service-id/options', { headers });
  let elapsed = performance.now() - t;
  const credential = authenticator.assert(options.body.data);
  t = performance.now();
  const verdict = await svc.http('POST', '/verify/v1/widget/session/service-id/assertion', { body: { credential }, headers });
  elapsed += performance.now() - t;
  if (verdict.body.data?.session_status !== 'success') throw new Error(`path D did not pass: ${verdict.text}`);
  return elapsed;
}

/** The baseline: path A's server side, the evidence prepared before the clock starts. */
async function pathAOnce(svc: TestService, key: string): Promise<number> {
  const initToken = (await init(svc, key)).body.data.token;
  const t = performance.now();
  const start = await svc.http('POST', '/verify/v1/widget/sessions', { body: { token: initToken } });
  let elapsed = performance.now() - t;
  svc.clock.advance(2000);
  const evidence = deviceEvidence(start.body.data.nonce, { gate: start.body.data.device_age_gate, ages: [44, 46, 45, 47, 43] });
  const t2 = performance.now();
  const verdict = await svc.http('POST', '/verify/v1/widget/session/device-verdict', {
    body: evidence,
    headers: { 'x-widget-session': start.body.data.widget_session },
  });
  elapsed += performance.now() - t2;
  if (verdict.body.data?.session_status !== 'success') throw new Error(`path A did not pass: ${verdict.text}`);
  return elapsed;
}

const summary = (ms: number[]) => ({ p50: round(percentile(ms, 50)), p95: round(percentile(ms, 95)), max: round(Math.max(...ms)) });

const backends: Record<string, unknown> = {};
for (const backend of BACKENDS) {
  const svc = await startOAuthService(backend, { RATE_LIMIT_WIDGET_PER_MINUTE: '1000000', RATE_LIMIT_INIT_PER_MINUTE: '1000000' });
  try {
    const tenant = await svc.createTenant();
    const authenticator = new SoftAuthenticator({ origin: svc.issuer, rpId: new URL(svc.issuer).hostname });
    const cookie = await returningUser(svc, tenant.secret_key, authenticator);
    const d: number[] = [];
    const a: number[] = [];
    // Interleaved, so drift on a shared machine hits both alike.
    for (let i = 0; i < RUNS + WARMUP; i++) {
      const dMs = await pathDOnce(svc, tenant.secret_key, cookie, authenticator);
      const aMs = await pathAOnce(svc, tenant.secret_key);
      if (i < WARMUP) continue;
      d.push(dMs);
      a.push(aMs);
    }
    backends[backend.name] = { path_d_ms: summary(d), baseline_path_a_ms: summary(a), ratio_p50: round(percentile(d, 50) / percentile(a, 50)) };
    console.log(backend.name, backends[backend.name]);
  } finally {
    await svc.close();
  }
}

const out = {
  benchmark: 'path-d',
  what: 'server-side latency of a returning user on path D: widget start + passkey options + assertion (signing excluded), sequential requests',
  target: 'path_d_ms.p50 <= 50 on this machine',
  runs: RUNS,
  hardware: hardwareFingerprint(),
  backends,
};
mkdirSync(fileURLToPath(new URL('../results/', import.meta.url)), { recursive: true });
writeFileSync(OUT, `${JSON.stringify(out, null, 2)}\n`);
console.log(`wrote ${OUT}`);
