import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '@idgate/deploy';
import { BACKENDS, startTestService, TEST_ADMIN_TOKEN, type TestService } from '../src/index.ts';

/**
 * The admin CLI (deploy/src/admin-cli.ts) against the service, as an operator drives it: every
 * refused command line prints one JSON object `{ error: { code, message } }`, exits 1, and
 * leaves the service untouched; valid input keeps answering what DESIGN's operational contract
 * names.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** `npm run --silent admin -- …` as a real process: its exit code and stdout. */
function cli(argv: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'deploy/src/admin-cli.ts', ...argv], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A local HTTP server answering every request with `handler`, recording what it got. */
async function fakeService(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const refused = (code: string) => ({ exitCode: 1, output: { error: { code, message: expect.any(String) } } });

describe('admin CLI', () => {
  let svc: TestService;
  let env: Record<string, string>;
  let tenantId = '';
  let webhookId = '';
  const tenant = async () => (await runAdmin(['tenant', 'get', '--id', tenantId], env)).output as Record<string, unknown>;

  beforeAll(async () => {
    svc = await startTestService(BACKENDS[0]);
    env = { BASE_URL: svc.url, ADMIN_TOKEN: TEST_ADMIN_TOKEN };
    const created = await runAdmin(['tenant', 'create', '--name', 'CLI shop', '--plan', 'starter', '--json'], env);
    expect(created.exitCode).toBe(0);
    tenantId = (created.output as { tenant_id: string }).tenant_id;
    const webhook = await runAdmin(
      ['webhook', 'create', '--tenant', tenantId, '--url', 'https://hooks.example/a', '--events', 'session.success', '--json'],
      env,
    );
    expect(webhook).toMatchObject({ exitCode: 0, output: { id: expect.any(String), secret: expect.stringMatching(/^whsec_/) } });
    webhookId = (webhook.output as { id: string }).id;
  });
  afterAll(async () => {
    await svc?.close();
  });

  it('valid input answers as before: tenant update sets and removes the budget, suspends and unsuspends', async () => {
    expect(await runAdmin(['tenant', 'update', '--id', tenantId, '--budget-cents', '500', '--json'], env)).toMatchObject({
      exitCode: 0,
      output: { tenant_id: tenantId, monthly_budget_cents: 500, suspended: false },
    });
    expect(await runAdmin(['tenant', 'update', '--id', tenantId, '--suspend', '--top-up-checks', '0', '--json'], env)).toMatchObject({
      exitCode: 0,
      output: { suspended: true, monthly_budget_cents: 500 },
    });
    expect(await runAdmin(['tenant', 'update', '--unsuspend', '--id', tenantId, '--no-budget', '--json'], env)).toMatchObject({
      exitCode: 0,
      output: { suspended: false, monthly_budget_cents: null },
    });
    expect(await runAdmin(['tenant', 'update', '--id', tenantId, '--budget-cents=500', '--plan', 'starter', '--json'], env)).toMatchObject({
      exitCode: 0,
      output: { plan: 'starter', monthly_budget_cents: 500 },
    });
    expect(await runAdmin(['webhook', 'deliveries', '--id', webhookId, '--limit', '5', '--json'], env)).toMatchObject({
      exitCode: 0,
      output: { deliveries: [] },
    });
  });

  it('a bad value of a tenant update flag is refused and the account stays as it was (the budget is not removed)', async () => {
    await runAdmin(['tenant', 'update', '--id', tenantId, '--budget-cents', '500'], env);
    const before = await tenant();
    expect(before).toMatchObject({ monthly_budget_cents: 500, suspended: false, plan: 'starter' });
    const cases: [string[], string][] = [
      [['--budget-cents', 'abc'], 'REQUEST_INVALID'],
      [['--budget-cents', '-5'], 'REQUEST_INVALID'],
      [['--budget-cents', '12.5'], 'REQUEST_INVALID'],
      [['--budget-cents', ''], 'REQUEST_INVALID'],
      [['--budget-cents'], 'USAGE'],
      [['--top-up-checks', 'abc'], 'REQUEST_INVALID'],
      [['--top-up-verifications', '-1'], 'REQUEST_INVALID'],
      [['--top-up-checks', '99999999999'], 'REQUEST_INVALID'],
      [['--plan', 'gold'], 'REQUEST_INVALID'],
      [['--plan', 'growth', '--budget-cents', 'abc'], 'REQUEST_INVALID'],
      [['--budget-cent', '100'], 'USAGE'],
      [['--bogus-flag', '1'], 'USAGE'],
      [['--suspend', '--unsuspend'], 'USAGE'],
      [['--budget-cents', '5', '--no-budget'], 'USAGE'],
      [['--no-budget=yes'], 'USAGE'],
      [['--suspend', 'true'], 'USAGE'],
      [['--budget-cents', '100', '--budget-cents', '200'], 'USAGE'],
    ];
    for (const [flags, code] of cases) {
      const r = await runAdmin(['tenant', 'update', '--id', tenantId, ...flags, '--json'], env);
      expect(r, flags.join(' ')).toEqual(refused(code));
    }
    expect(await tenant()).toEqual(before);
  });

  it("the refusals name what is wrong: the flag, the command's flags, the allowed plans", async () => {
    const typo = await runAdmin(['tenant', 'update', '--id', tenantId, '--budget-cent', '500', '--json'], env);
    expect((typo.output as { error: { message: string } }).error.message).toMatch(
      /^Unknown flag --budget-cent for "tenant update" \(did you mean --budget-cents\?\)\. Its flags: --id ID .*\[--budget-cents N\] \[--no-budget\] \[--suspend\] \[--unsuspend\] \[--top-up-checks N\] \[--top-up-verifications N\] \[--json\]\.$/,
    );
    const plan = await runAdmin(['tenant', 'create', '--name', 'X', '--plan', 'gold', '--json'], env);
    expect(plan.output).toEqual({ error: { code: 'REQUEST_INVALID', message: '--plan must be one of free, basic, starter, growth, scale; got "gold".' } });
    const budget = await runAdmin(['tenant', 'update', '--id', tenantId, '--budget-cents', 'abc'], env);
    expect(budget.output).toEqual({ error: { code: 'REQUEST_INVALID', message: '--budget-cents must be a whole number >= 0 (cents), got "abc".' } });
  });

  it('webhook create --events "" is refused (not the default set) and creates nothing', async () => {
    const list = async () => (await runAdmin(['webhook', 'list', '--tenant', tenantId], env)).output as { endpoints?: unknown[] } & Record<string, unknown>;
    const before = await list();
    for (const events of ['', ',', ' , ']) {
      const r = await runAdmin(['webhook', 'create', '--tenant', tenantId, '--url', 'https://hooks.example/b', '--events', events, '--json'], env);
      expect(r, JSON.stringify(events)).toEqual({
        exitCode: 1,
        output: { error: { code: 'REQUEST_INVALID', message: expect.stringContaining('--events must list at least one event type') } },
      });
    }
    expect(await runAdmin(['webhook', 'create', '--tenant', tenantId, '--url', 'https://hooks.example/b', '--evnets', 'session.success'], env)).toEqual(
      refused('USAGE'),
    );
    expect(await list()).toEqual(before);
  });

  it('webhook rotate, deliveries and screening check refuse bad numbers before sending anything', async () => {
    const before = await runAdmin(['webhook', 'get', '--id', webhookId], env);
    for (const argv of [
      ['webhook', 'rotate', '--id', webhookId, '--overlap-seconds', 'abc'],
      ['webhook', 'rotate', '--id', webhookId, '--overlap-seconds', '604801'],
      ['webhook', 'rotate', '--id', webhookId, '--overlap-seconds', '-1'],
      ['webhook', 'deliveries', '--id', webhookId, '--limit', '0'],
      ['webhook', 'deliveries', '--id', webhookId, '--limit', 'ten'],
      ['webhook', 'deliveries', '--id', webhookId, '--limit', '101'],
      ['screening', 'check', '--name', 'Someone', '--threshold', '2'],
      ['billing', 'ledger', '--tenant', tenantId, '--month', '2026-6'],
    ])
      expect(await runAdmin([...argv, '--json'], env), argv.join(' ')).toEqual(refused('REQUEST_INVALID'));
    expect(await runAdmin(['webhook', 'replay', '--id', webhookId, '--event', 'evt_1', '--since', '2026-01-01T00:00:00Z'], env)).toEqual(refused('USAGE'));
    expect(await runAdmin(['webhook', 'get', '--id', webhookId], env)).toEqual(before);
  });

  it('no refused command line reaches the service', async () => {
    const fake = await fakeService((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    try {
      const fakeEnv = { BASE_URL: fake.url, ADMIN_TOKEN: TEST_ADMIN_TOKEN };
      for (const argv of [
        ['tenant', 'update', '--id', 'ten_1', '--budget-cents', 'abc'],
        ['tenant', 'update', '--id', 'ten_1', '--budget-cent', '500'],
        ['tenant', 'update', '--id', 'ten_1', '--suspend', '--unsuspend'],
        ['tenant', 'update', '--id', 'ten_1', '--budget-cents', '5', '--no-budget'],
        ['tenant', 'create', '--name', 'X', '--plan', 'gold'],
        ['webhook', 'create', '--tenant', 'ten_1', '--url', 'https://a.example', '--events', ''],
        ['webhook', 'test', '--id', 'we_1', '--bogus-flag', '1'],
        ['webhook', 'replay', '--id', 'we_1', '--until', '2026-01-01T00:00:00Z'],
      ])
        expect((await runAdmin(argv, fakeEnv)).exitCode, argv.join(' ')).toBe(1);
      expect(fake.requests).toEqual([]);
      // …and a valid one does, unchanged.
      expect(await runAdmin(['webhook', 'deliveries', '--id', 'we_1', '--limit', '2'], fakeEnv)).toEqual({ exitCode: 0, output: {} });
      expect(fake.requests).toEqual(['GET /admin/v1/webhooks/we_1/deliveries?limit=2']);
    } finally {
      await fake.close();
    }
  });

  it('as a process: a refusal is one JSON object on stdout and exit 1', async () => {
    const r = await cli(['tenant', 'update', '--id', tenantId, '--budget-cents', 'abc', '--json'], env);
    expect(r.code).toBe(1);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(r.stdout)).toEqual({ error: { code: 'REQUEST_INVALID', message: expect.stringContaining('--budget-cents') } });
    const unknown = await cli(['tenant', 'update', '--id', tenantId, '--bogus-flag', '1', '--json'], env);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout)).toEqual({ error: { code: 'USAGE', message: expect.stringContaining('--bogus-flag') } });
    expect((await tenant()).monthly_budget_cents).toBe(500);
  });

  it('admin numbers wrap no more: the CLI refuses a top-up outside int32 before sending; the service refuses a total past it, by field', async () => {
    const fake = await fakeService((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    try {
      const fakeEnv = { BASE_URL: fake.url, ADMIN_TOKEN: TEST_ADMIN_TOKEN };
      for (const argv of [
        ['tenant', 'update', '--id', 'ten_1', '--top-up-checks', '4294967396'],
        ['tenant', 'update', '--id', 'ten_1', '--top-up-verifications', '2147483648'],
        ['webhook', 'deliveries', '--id', 'we_1', '--limit', '999'],
      ])
        expect(await runAdmin(argv, fakeEnv), argv.join(' ')).toEqual(refused('REQUEST_INVALID'));
      expect(fake.requests).toEqual([]);
    } finally {
      await fake.close();
    }
    const t = (await runAdmin(['tenant', 'create', '--name', 'Top-ups', '--plan', 'free'], env)).output as { tenant_id: string };
    expect((await runAdmin(['tenant', 'update', '--id', t.tenant_id, '--top-up-checks', '2147483647'], env)).exitCode).toBe(0);
    const past = await runAdmin(['tenant', 'update', '--id', t.tenant_id, '--top-up-checks', '1', '--json'], env);
    expect(past).toMatchObject({
      exitCode: 1,
      output: { error: { code: 'REQUEST_INVALID', details: { fields: [{ loc: ['body', 'top_up_checks'], msg: expect.stringContaining('2147483647') }] } } },
    });
  });

  it("billing ledger: the service's refusal of a budget on a basic plan passes through the CLI with the field it names", async () => {
    const t = (await runAdmin(['tenant', 'create', '--name', 'Budget', '--plan', 'basic'], env)).output as { tenant_id: string };
    const r = await runAdmin(['tenant', 'update', '--id', t.tenant_id, '--budget-cents', '0', '--json'], env);
    expect(r).toMatchObject({
      exitCode: 1,
      output: {
        error: { code: 'REQUEST_INVALID', details: { fields: [{ loc: ['body', 'monthly_budget_cents'], msg: expect.stringContaining('basic plan') }] } },
      },
    });
  });

  it("quick start: a second shell without the service's DATA_DIR, ADMIN_TOKEN or PORT is told which to set", async () => {
    const otherDir = mkdtempSync(join(tmpdir(), 'idgate-cli-'));
    try {
      // No token and no token file in this DATA_DIR: nothing is sent, the message names both ways out.
      const none = await runAdmin(['tenant', 'get', '--id', tenantId], { BASE_URL: svc.url, DATA_DIR: otherDir });
      expect(none).toEqual(refused('ADMIN_AUTH_REQUIRED'));
      const noneMessage = (none.output as { error: { message: string } }).error.message;
      expect(noneMessage).toContain(join(otherDir, 'admin-token'));
      expect(noneMessage).toMatch(/DATA_DIR.*ADMIN_TOKEN/);
      // Another DATA_DIR's token: the service refuses it, and the CLI says which file it sent.
      writeFileSync(join(otherDir, 'admin-token'), 'adm_some_other_services_token');
      const wrong = await runAdmin(['tenant', 'get', '--id', tenantId], { BASE_URL: svc.url, DATA_DIR: otherDir });
      expect(wrong).toMatchObject({ exitCode: 1, output: { error: { code: 'ADMIN_AUTH_REQUIRED' } } });
      expect((wrong.output as { error: { message: string } }).error.message).toContain(`The CLI sent the token of ${join(otherDir, 'admin-token')}`);
      // Without BASE_URL the CLI goes to the PORT default, and says so.
      const port = await runAdmin(['tenant', 'get', '--id', tenantId], { PORT: '1', ADMIN_TOKEN: TEST_ADMIN_TOKEN });
      expect(port).toEqual(refused('SERVICE_UNREACHABLE'));
      expect((port.output as { error: { message: string } }).error.message).toContain('http://localhost:1 (BASE_URL is unset: the default for PORT)');
      // With what the service runs with, it works.
      expect(await runAdmin(['tenant', 'get', '--id', tenantId], { BASE_URL: svc.url, ADMIN_TOKEN: TEST_ADMIN_TOKEN })).toMatchObject({ exitCode: 0 });
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('a service that is not there is named, with BASE_URL', async () => {
    const gone = await fakeService(() => undefined);
    await gone.close();
    const r = await cli(['tenant', 'get', '--id', 'ten_1', '--json'], { BASE_URL: gone.url, ADMIN_TOKEN: TEST_ADMIN_TOKEN });
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { error: { code: string; message: string } };
    expect(out.error.code).toBe('SERVICE_UNREACHABLE');
    expect(out.error.message).toContain(`Cannot reach the service at ${gone.url} (BASE_URL)`);
    expect(out.error.message).toContain('ECONNREFUSED');
    expect(out.error.message).toContain('Set BASE_URL');
    expect(out.error.message).not.toBe('fetch failed');
  });

  it("a reply that is not JSON says what came back (status, content type), not the parser's message", async () => {
    const html = await fakeService((_req, res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>Bad gateway</body></html>'));
    const empty = await fakeService((_req, res) => res.writeHead(200).end());
    try {
      const a = await runAdmin(['tenant', 'get', '--id', 'ten_1', '--json'], { BASE_URL: html.url, ADMIN_TOKEN: TEST_ADMIN_TOKEN });
      expect(a.exitCode).toBe(1);
      const am = (a.output as { error: { code: string; message: string } }).error;
      expect(am.code).toBe('UNEXPECTED_RESPONSE');
      expect(am.message).toContain(`The service at ${html.url} (BASE_URL) answered GET /admin/v1/tenants/ten_1 with HTTP 502 Bad Gateway, text/html`);
      expect(am.message).toContain('Bad gateway');
      expect(am.message).not.toMatch(/Unexpected (token|end)/);
      const b = await runAdmin(['tenant', 'get', '--id', 'ten_1'], { BASE_URL: empty.url, ADMIN_TOKEN: TEST_ADMIN_TOKEN });
      expect(b).toEqual({
        exitCode: 1,
        output: { error: { code: 'UNEXPECTED_RESPONSE', message: expect.stringContaining('with HTTP 200 OK, no content type, an empty body') } },
      });
    } finally {
      await html.close();
      await empty.close();
    }
  });
});
