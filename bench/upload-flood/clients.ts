import { randomBytes } from 'node:crypto';
import { Client, Pool } from 'undici';
import { passingDeviceEvidence } from '../src/device-evidence.ts';
import { percentile, round } from '../src/stats.ts';

export interface FlowResults {
  readonly flows: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** Flows with any answer other than 200, or a connection error. */
  readonly failures: number;
  readonly firstFailure?: string;
}

/** An address of its own per simulated visitor (the service trusts X-Forwarded-For from 127.0.0.1). */
const visitorAddress = (): string => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 254)}`;

type Json = Record<string, any>;

/**
 * Ordinary verify flows, `concurrency` at a time until `until`: init (secret key) → widget start →
 * on-device verdict (path A, as bench/verify-flow sends it) → status by the result token. Each flow
 * comes from its own visitor address, as real visitors do.
 */
export async function ordinaryFlows(url: string, key: string, concurrency: number, until: () => boolean): Promise<FlowResults> {
  const pool = new Pool(url, { connections: concurrency, pipelining: 1 });
  const call = async (method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown): Promise<Json> => {
    const r = await pool.request({
      path,
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await r.body.json()) as { data?: Json; error?: { code?: string } };
    if (r.statusCode !== 200) throw new Error(`${method} ${path.split('/').slice(0, 5).join('/')} ${r.statusCode} ${json.error?.code ?? ''}`);
    return json.data ?? {};
  };
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  const flow = async () => {
    const visitor = { 'x-forwarded-for': visitorAddress() };
    const i = await call('POST', '/verify/v1/init', { 'x-api-key': key }, { callback_url: 'https://shop.example/cb', min_age: 18 });
    const s = await call('POST', '/verify/v1/widget/sessions', visitor, { token: i.token });
    const evidence = passingDeviceEvidence(s);
    const v = await call('POST', '/verify/v1/widget/session/device-verdict', { ...visitor, 'x-widget-session': s.widget_session }, evidence);
    const token = new URL(v.redirect_url as string).searchParams.get('token') ?? '';
    const status = await call('GET', `/verify/v1/status/${token}`, { 'x-api-key': key });
    if (status.status !== 'success') throw new Error(`flow ended ${String(status.status)}`);
  };
  const worker = async () => {
    while (!until()) {
      const t0 = performance.now();
      try {
        await flow();
        latencies.push(performance.now() - t0);
      } catch (err) {
        failures++;
        firstFailure ??= (err as Error).message.slice(0, 200);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await pool.close();
  return {
    flows: latencies.length,
    p50: round(percentile(latencies, 50), 1),
    p99: round(percentile(latencies, 99), 1),
    max: round(Math.max(0, ...latencies), 1),
    failures,
    firstFailure,
  };
}

export interface FloodClient {
  /** The client's own address (X-Forwarded-For): the flood is not one client the per-client limit would stop alone. */
  readonly address: string;
  readonly widgetSession: string;
}

export interface FloodResults {
  readonly requests: number;
  /** `status CODE` of each answer (or `error NAME` when no answer came), counted. */
  readonly answers: Record<string, number>;
  readonly answerMs: { readonly p50: number; readonly max: number };
}

/**
 * The flood: each client keeps one frames request of `body` in flight until `until`, sending the
 * next when the last is answered (an attacker honours no Retry-After), but no sooner than
 * `intervalMs` after the last one started: a faster loop measures the widget rate limit (and the
 * load generator's own CPU on this machine), not what uploads hold. Requests still open at the end
 * get `graceMs` to be answered, then are counted as unanswered.
 */
export async function flood(
  url: string,
  clients: FloodClient[],
  body: Buffer,
  until: () => boolean,
  o: { intervalMs: number; graceMs?: number },
): Promise<FloodResults> {
  const graceMs = o.graceMs ?? 60_000;
  const answers: Record<string, number> = {};
  const times: number[] = [];
  const count = (k: string) => (answers[k] = (answers[k] ?? 0) + 1);
  const open = new Set<Client>();
  const one = async (c: FloodClient) => {
    const client = new Client(url, { pipelining: 1, bodyTimeout: 0, headersTimeout: 0 });
    open.add(client);
    try {
      while (!until()) {
        const t0 = performance.now();
        try {
          const r = await client.request({
            path: '/verify/v1/widget/session/frames',
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-widget-session': c.widgetSession, 'x-forwarded-for': c.address },
            body,
          });
          const text = await r.body.text();
          count(`${r.statusCode} ${codeOf(text)}`);
        } catch (err) {
          if (client.destroyed) return;
          count(`error ${(err as { code?: string }).code ?? (err as Error).name}`);
        }
        const took = performance.now() - t0;
        times.push(took);
        if (took < o.intervalMs && !until()) await sleep(o.intervalMs - took);
      }
    } finally {
      open.delete(client);
      await client.close().catch(() => undefined);
    }
  };
  const all = Promise.all(clients.map(one));
  while (!until()) await sleep(50);
  const graceOver = sleep(graceMs).then(() => true);
  if (await Promise.race([all.then(() => false), graceOver])) {
    answers['unanswered after the grace'] = open.size;
    for (const client of open) await client.destroy();
  }
  await all;
  return {
    requests: times.length,
    answers,
    answerMs: { p50: round(percentile(times, 50), 1), max: round(Math.max(0, ...times), 1) },
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

function codeOf(text: string): string {
  try {
    return String((JSON.parse(text) as { error?: { code?: string } }).error?.code ?? 'ok');
  } catch {
    return 'non-JSON';
  }
}
