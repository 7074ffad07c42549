import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { createLogger, DataCipher, loadConfig } from '@idgate/platform';
import { openKeyValueStore } from '@idgate/platform/kv';
import { openDatabase, startCore } from '@idgate/core';
import { startGateway } from '@idgate/gateway';
import { hardwareFingerprint, percentile, round } from './src/stats.ts';

/**
 * bench/dashboard-pages (docs/performance.md "Dashboard pages"): one tenant's project seeded with 10,000
 * sessions, 100,000 webhook deliveries (one attempt each), 10,000 ledger lines this month, 2,000 audit
 * entries, 500 reviews (25 open), 1,000 blacklist entries and 10,000 Face 2FA enrolments, by bulk SQL; then
 * every dashboard page (the Face 2FA confirmation as its form post) is fetched ~200 times one after the other
 * (after 20 warm-up requests) by a signed-in owner, gateway and core in this process over loopback gRPC, as the test harness
 * runs them. The baseline is the same page for an empty tenant in the same run; `ratio_p95` is seeded /
 * empty. Target: p95 ≤ 50 ms per page.
 * `--requests N` (default 200), `--backend postgres|pglite` (default postgres when reachable), `--pages a,b`
 * (only those pages, by their name in the JSON).
 */
const args = process.argv.slice(2);
const arg = (name: string, dflt: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : dflt);
const REQUESTS = Number(arg('--requests', '200'));
const WARMUP = 20;
const LOAD_AT_START = loadavg();
const SESSIONS = Number(arg('--sessions', '10000'));
const DELIVERIES = Number(arg('--deliveries', '100000'));
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const OUT = fileURLToPath(new URL('./results/dashboard-pages.json', import.meta.url));
const PASSWORD = 'bench password 1234';
const TARGET_P95_MS = 50;
const BLACKLIST = 1000;
const FACE_USERS = 10_000;

const reachable = (url: string) =>
  new Promise<boolean>((resolve) => {
    const u = new URL(url);
    const s = net.connect({ host: u.hostname, port: Number(u.port || 5432) }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

async function main(): Promise<void> {
  const backend = arg('--backend', (await reachable(PG_URL)) ? 'postgres' : 'pglite');
  const schema = `bench_dash_${randomBytes(4).toString('hex')}`;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    HOST: '127.0.0.1',
    PORT: String(port),
    BASE_URL: base,
    DATA_DIR: '/tmp/idgate-bench-unused',
    INFERENCE_ENABLED: 'false',
  });
  const log = createLogger({ level: (process.env.BENCH_LOG_LEVEL ?? 'silent') as 'silent', component: 'bench' });
  const database = await openDatabase(backend === 'postgres' ? { url: PG_URL, schemaName: schema, poolSize: 10 } : {});
  const kv = await openKeyValueStore(undefined);
  const dataKeys = [`k1:${randomBytes(32).toString('base64')}`];
  const core = await startCore({ config, log, dataKeys, database, kv, grpcAddress: '127.0.0.1:0', inferenceNodes: [], runJobs: false });
  const gateway = await startGateway({ config, log, kv, adminToken: `adm_${randomBytes(12).toString('hex')}`, coreAddress: core.address, port, dataKeys });
  const c = core.container;
  const exec = (q: ReturnType<typeof sql>) => database.db.execute(q);
  try {
    /** A tenant with an owner signed in (its cookie) and one webhook endpoint. */
    async function tenant(name: string) {
      const t = await c.tenancy.createTenant(name, 'starter');
      const inv = await c.team.inviteFirstOwner({ tenantId: t.tenantId, email: `owner-${name.toLowerCase()}-${randomBytes(3).toString('hex')}@bench.example` });
      const res = await fetch(`${base}/dashboard/invitations/${inv.invitationToken}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ password: PASSWORD }).toString(),
      });
      const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
      const { endpoint } = await c.webhooks.service.create({ tenantId: t.tenantId, projectId: t.projectId, url: 'http://localhost:9/hook' });
      return { ...t, cookie, endpointId: endpoint.id };
    }
    const seeded = await tenant('Seeded');
    const empty = await tenant('Empty');

    process.stdout.write(`seeding ${SESSIONS} sessions, ${DELIVERIES} deliveries on ${backend}…\n`);
    const t0 = Date.now();
    const month = new Date().toISOString().slice(0, 7);
    // Sessions over the last 30 days, a realistic mix of statuses and paths.
    await exec(sql`
      insert into sessions (id, project_id, status, step, purpose, verification_mode, mismatch_policy, callback_url, external_user_id,
        ip_country, path, init_token_hash, init_token_expires_at, result_token_hash, result_token_sealed, result_expires_at, checks,
        verification_type, expires_at, created_at, updated_at, completed_at)
      select 'ses_bench_' || g, ${seeded.projectId},
        (array['success','success','success','failed','canceled','expired','pending'])[1 + g % 7], 'done', 'age_verification', 'auto', 'report',
        'https://shop.example/cb', 'user-' || g, (array['DE','FR','US','GB'])[1 + g % 4], (array['A','A','B','C'])[1 + g % 4],
        'ith_' || g, now(), 'rth_' || g, 'sealed', now(), '{}'::jsonb, 'age_estimation', now(),
        now() - (g * interval '259 seconds'), now(), now() - (g * interval '259 seconds') + interval '40 seconds'
      from generate_series(1, ${SESSIONS}::int) g`);
    for (let from = 1; from <= DELIVERIES; from += 25_000) {
      const to = Math.min(DELIVERIES, from + 24_999);
      await exec(sql`
        insert into webhook_deliveries (id, endpoint_id, event_id, event_type, body, status, attempt_count, next_attempt_at, event_created_at, created_at, delivered_at)
        select 'wd_bench_' || g, ${seeded.endpointId}, 'evt_bench_' || g, 'session.success', '{"type":"session.success"}', 'delivered', 1, now(),
          now() - (g * interval '26 seconds'), now() - (g * interval '26 seconds'), now() - (g * interval '26 seconds')
        from generate_series(${from}::int, ${to}::int) g`);
      await exec(sql`
        insert into webhook_attempts (id, delivery_id, number, signed_at, duration_ms, outcome, status_code)
        select 'wa_bench_' || g, 'wd_bench_' || g, 1, now() - (g * interval '26 seconds'), 40, 'success', 200
        from generate_series(${from}::int, ${to}::int) g`);
    }
    await exec(sql`
      insert into billing_events (id, account_id, project_id, session_id, kind, month, included, paid_from, amount_cents, created_at)
      select 'bil_bench_' || g, ${seeded.tenantId}, ${seeded.projectId}, 'ses_bench_' || g, (array['check','verification'])[1 + g % 2], ${month},
        1, 'allowance', 0, now()
      from generate_series(1, ${SESSIONS}::int) g`);
    const [member] = (
      (await exec(sql`select id, email from team_members where account_id = ${seeded.tenantId}`)) as unknown as { rows: { id: string; email: string }[] }
    ).rows;
    // The review queue: one session in 20 parked for review, half still open (aml_match and data_mismatch), half decided.
    await exec(sql`
      insert into reviews (id, session_id, project_id, reason, context, status, note, created_at, decided_at)
      select 'rev_bench_' || g, 'ses_bench_' || g, ${seeded.projectId}, (array['aml_match','data_mismatch'])[1 + g % 2],
        case when g % 2 = 0 then '{"aml":[{"matched_name":"Bench Person","score":0.91,"source_lists":["un","ofac"]}]}'::jsonb
          else '{"data_match":{"fields":{"name":"mismatch","birth_date":"match"}}}'::jsonb end,
        case when g % 40 = 0 then 'open' else 'approved' end, null, now() - (g * interval '259 seconds'),
        case when g % 40 = 0 then null else now() - (g * interval '259 seconds') + interval '1 hour' end
      from generate_series(20, ${SESSIONS}::int, 20) g`);
    // A review shows its session's result token: those sessions carry a real sealed one.
    const cipher = DataCipher.fromSpecs(dataKeys);
    const reviewed = Array.from({ length: Math.floor(SESSIONS / 20) }, (_, i) => `ses_bench_${(i + 1) * 20}`);
    await exec(sql`
      update sessions s set result_token_sealed = v.sealed
      from json_to_recordset(${JSON.stringify(reviewed.map((id) => ({ id, sealed: cipher.encrypt(`rtk_${id}`, id) })))}::json) as v(id text, sealed text)
      where s.id = v.id`);
    // The account's blacklist (paged by 100 on its page) and Face 2FA enrolments (never listed; the page asks for a user id).
    await exec(sql`
      insert into blacklist_entries (id, account_id, project_id, source, reason, status, embedding_sealed, created_at, processed_at)
      select 'bl_bench_' || g, ${seeded.tenantId}, ${seeded.projectId}, 'session', 'chargeback fraud', 'active', 'sealed',
        now() - (g * interval '1 hour'), now() - (g * interval '1 hour')
      from generate_series(1, ${BLACKLIST}::int) g`);
    await exec(sql`
      insert into face_enrollments (project_id, external_user_id, embedding_sealed, created_at)
      select ${seeded.projectId}, 'user-' || g, 'sealed', now() - (g * interval '1 minute')
      from generate_series(1, ${FACE_USERS}::int) g`);
    await exec(sql`
      insert into team_audit_log (id, account_id, actor, actor_label, action, target_type, target_id, details, at)
      select 'aud_bench_' || g, ${seeded.tenantId}, ${member!.id}, ${member!.email}, 'api_key.created', 'api_key', 'key_' || g, '{"project":"p"}'::jsonb,
        now() - (g * interval '1 minute')
      from generate_series(1, 2000) g`);
    // A budget makes the usage page's admission check read the month's spend too: its worst case.
    await exec(sql`update accounts set monthly_budget_cents = 100000000 where id = ${seeded.tenantId}`);
    await exec(sql`update accounts set monthly_budget_cents = 100000000 where id = ${empty.tenantId}`);
    // Autovacuum keeps insert-only tables' visibility maps current (Postgres 13+); here it runs at once.
    await exec(
      sql`vacuum analyze sessions, webhook_deliveries, webhook_attempts, billing_events, team_audit_log, reviews, blacklist_entries, face_enrollments`,
    );
    const seedMs = Date.now() - t0;

    const cursorOf = (createdAt: string, id: string) => Buffer.from(`${createdAt}|${id}`).toString('base64url');
    const [mid] = (
      (await exec(sql`select id, created_at from sessions where id = 'ses_bench_5000'`)) as unknown as { rows: { id: string; created_at: string | Date }[] }
    ).rows;
    const deep = cursorOf(new Date(mid!.created_at).toISOString(), mid!.id);
    // The empty tenant's one review and a cursor into its (empty) sessions: the same queries, nothing to find.
    await exec(sql`
      insert into sessions (id, project_id, status, step, purpose, verification_mode, mismatch_policy, callback_url, external_user_id,
        ip_country, path, init_token_hash, init_token_expires_at, result_token_hash, result_token_sealed, result_expires_at, checks,
        verification_type, expires_at, created_at, updated_at, completed_at)
      values ('ses_bench_empty', ${empty.projectId}, 'pending_tenant_review', 'done', 'age_verification', 'auto', 'report',
        'https://shop.example/cb', 'user-empty', 'DE', 'A', 'ith_empty', now(), 'rth_empty', ${cipher.encrypt('rtk_empty', 'ses_bench_empty')}, now(), '{}'::jsonb, 'age_estimation',
        now(), now(), now(), null)`);
    await exec(sql`
      insert into reviews (id, session_id, project_id, reason, context, status, created_at)
      values ('rev_bench_empty', 'ses_bench_empty', ${empty.projectId}, 'aml_match',
        '{"aml":[{"matched_name":"Bench Person","score":0.91,"source_lists":["un"]}]}'::jsonb, 'open', now())`);
    const deepEmpty = cursorOf(new Date().toISOString(), 'ses_bench_empty');
    const csrfOf = async (cookie: string) =>
      /name="csrf" value="([^"]+)"/.exec(await (await fetch(`${base}/dashboard/team`, { headers: { cookie } })).text())![1]!;
    const seededWho = { cookie: seeded.cookie, csrf: await csrfOf(seeded.cookie) };
    const emptyWho = { cookie: empty.cookie, csrf: await csrfOf(empty.cookie) };
    const since = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    /** Every dashboard page a signed-in owner sees; `form` makes it a form post (the Face 2FA confirmation). */
    type Probe = { path: string; form?: Record<string, string> };
    const pages = (t: typeof seeded): Record<string, Probe> => ({
      team: { path: '/dashboard/team' },
      keys: { path: '/dashboard/keys' },
      webhooks: { path: '/dashboard/webhooks' },
      delivery_log: { path: `/dashboard/webhooks/${t.endpointId}` },
      reviews_open: { path: '/dashboard/reviews' },
      reviews_approved: { path: `/dashboard/reviews?status=approved&project=${t.projectId}` },
      review_detail: { path: `/dashboard/reviews/${t === seeded ? 'rev_bench_5000' : 'rev_bench_empty'}` },
      rules: { path: `/dashboard/rules?project=${t.projectId}` },
      blacklist: { path: '/dashboard/blacklist' },
      face_2fa: { path: '/dashboard/face-2fa' },
      face_2fa_confirm: { path: '/dashboard/face-2fa/confirm', form: { project: t.projectId, user_id: 'user-5000' } },
      audit: { path: '/dashboard/audit' },
      usage: { path: '/dashboard/usage' },
      sessions: { path: '/dashboard/sessions' },
      sessions_filtered: { path: `/dashboard/sessions?project=${t.projectId}&status=failed&from=${since}` },
      sessions_page_5000: { path: `/dashboard/sessions?before=${t === seeded ? deep : deepEmpty}` },
    });

    async function measure(probe: Probe, who: { cookie: string; csrf: string }): Promise<number[]> {
      const times: number[] = [];
      const init: RequestInit = probe.form
        ? {
            method: 'POST',
            headers: { cookie: who.cookie, origin: base, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ csrf: who.csrf, ...probe.form }).toString(),
          }
        : { headers: { cookie: who.cookie } };
      for (let i = 0; i < WARMUP + REQUESTS; i++) {
        const started = process.hrtime.bigint();
        const res = await fetch(base + probe.path, init);
        const html = await res.text();
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (res.status !== 200) throw new Error(`${probe.path} → ${res.status} ${html.slice(0, 300)}`);
        if (i >= WARMUP) times.push(ms);
      }
      return times;
    }
    const summary = (v: number[]) => ({ p50: round(percentile(v, 50)), p95: round(percentile(v, 95)), max: round(Math.max(...v)) });

    const results: Record<string, unknown> = {};
    const only = arg('--pages', '').split(',').filter(Boolean);
    for (const [name, probe] of Object.entries(pages(seeded))) {
      if (only.length && !only.includes(name)) continue;
      const s = await measure(probe, seededWho);
      const e = await measure(pages(empty)[name]!, emptyWho);
      results[name] = {
        seeded_ms: summary(s),
        baseline_empty_ms: summary(e),
        ratio_p95: round(percentile(s, 95) / percentile(e, 95)),
        within_target: percentile(s, 95) <= TARGET_P95_MS,
      };
      process.stdout.write(`${name.padEnd(20)} p95 ${round(percentile(s, 95))} ms (empty ${round(percentile(e, 95))} ms)\n`);
    }
    const result = {
      benchmark: 'dashboard-pages',
      date: new Date().toISOString(),
      hardware: hardwareFingerprint(),
      backend,
      seeded: {
        sessions: SESSIONS,
        webhook_deliveries: DELIVERIES,
        webhook_attempts: DELIVERIES,
        billing_events: SESSIONS,
        audit_entries: 2000,
        reviews: Math.floor(SESSIONS / 20),
        blacklist_entries: BLACKLIST,
        face_enrollments: FACE_USERS,
        seed_ms: seedMs,
      },
      requests_per_page: REQUESTS,
      warmup_per_page: WARMUP,
      target_p95_ms: TARGET_P95_MS,
      pages: results,
      load_average: { start: LOAD_AT_START.map((l) => round(l)), end: loadavg().map((l) => round(l)) },
      note: `Sequential requests by a signed-in owner over loopback: gateway render + core gRPC + SQL. load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} at the end (other jobs on the 2 cores make the numbers noisy). Baseline: the same page of an empty tenant in the same run.`,
    };
    mkdirSync(fileURLToPath(new URL('./results/', import.meta.url)), { recursive: true });
    writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
    process.stdout.write(`written ${OUT}\n`);
  } finally {
    await gateway.close();
    await core.close();
    await kv.close();
    if (database.pool) await database.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await database.close();
  }
}

await main();
