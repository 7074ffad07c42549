import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { adminTokenFile, loadConfig } from '@idgate/protos';

/**
 * `npm run --silent admin -- <command> [--flags] --json`: the operator CLI. It talks to the
 * running service at BASE_URL with ADMIN_TOKEN (or the token generated into DATA_DIR) and
 * prints ONE JSON object; on error that object is `{ "error": { code, message } }`, exit 1.
 */
interface Command {
  method: 'GET' | 'POST' | 'PATCH';
  path: (f: Flags) => string;
  body?: (f: Flags) => Record<string, unknown> | undefined;
  required: string[];
}

type Flags = Record<string, string | true>;

const list = (v: string | true | undefined) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : undefined);
const num = (v: string | true | undefined) => (typeof v === 'string' ? Number(v) : undefined);
const str = (v: string | true | undefined) => (typeof v === 'string' ? v : undefined);

export const COMMANDS: Record<string, Command> = {
  'tenant create': { method: 'POST', path: () => '/admin/v1/tenants', body: (f) => ({ name: f.name, plan: f.plan }), required: ['name', 'plan'] },
  'tenant get': { method: 'GET', path: (f) => `/admin/v1/tenants/${enc(f.id)}`, required: ['id'] },
  'tenant update': {
    method: 'PATCH',
    path: (f) => `/admin/v1/tenants/${enc(f.id)}`,
    body: (f) => ({
      plan: str(f.plan),
      monthly_budget_cents: f['no-budget'] ? null : num(f['budget-cents']),
      suspended: f.suspend ? true : f.unsuspend ? false : undefined,
      top_up_checks: num(f['top-up-checks']),
      top_up_verifications: num(f['top-up-verifications']),
    }),
    required: ['id'],
  },
  'project create': { method: 'POST', path: (f) => `/admin/v1/tenants/${enc(f.tenant)}/projects`, body: (f) => ({ name: f.name, api_version: str(f['api-version']) }), required: ['tenant', 'name'] },
  'key create': { method: 'POST', path: (f) => `/admin/v1/projects/${enc(f.project)}/keys`, body: (f) => ({ scopes: list(f.scopes) }), required: ['project', 'scopes'] },
  'screening check': { method: 'POST', path: () => '/admin/v1/screening/check', body: (f) => ({ name: f.name, birth_date: str(f['birth-date']), nationality: str(f.nationality), threshold: num(f.threshold) }), required: ['name'] },
  'screening status': { method: 'GET', path: () => '/admin/v1/screening/status', required: [] },
  'billing ledger': { method: 'GET', path: (f) => `/admin/v1/tenants/${enc(f.tenant)}/ledger${f.month ? `?month=${enc(f.month)}` : ''}`, required: ['tenant'] },
  'webhook create': { method: 'POST', path: () => '/admin/v1/webhooks', body: (f) => ({ tenant_id: f.tenant, project_id: str(f.project), url: f.url, events: list(f.events), api_version: str(f['api-version']) }), required: ['tenant', 'url'] },
  'webhook test': { method: 'POST', path: (f) => `/admin/v1/webhooks/${enc(f.id)}/test`, required: ['id'] },
  'webhook list': { method: 'GET', path: (f) => `/admin/v1/webhooks?tenant_id=${enc(f.tenant)}`, required: ['tenant'] },
  'webhook get': { method: 'GET', path: (f) => `/admin/v1/webhooks/${enc(f.id)}`, required: ['id'] },
  'webhook enable': { method: 'POST', path: (f) => `/admin/v1/webhooks/${enc(f.id)}/enable`, required: ['id'] },
  'webhook disable': { method: 'POST', path: (f) => `/admin/v1/webhooks/${enc(f.id)}/disable`, required: ['id'] },
  'webhook rotate': { method: 'POST', path: (f) => `/admin/v1/webhooks/${enc(f.id)}/rotate-secret`, body: (f) => ({ overlap_seconds: num(f['overlap-seconds']) }), required: ['id'] },
  'webhook deliveries': { method: 'GET', path: (f) => `/admin/v1/webhooks/${enc(f.id)}/deliveries${f.limit ? `?limit=${enc(f.limit)}` : ''}`, required: ['id'] },
  'webhook replay': { method: 'POST', path: (f) => `/admin/v1/webhooks/${enc(f.id)}/replay`, body: (f) => ({ event_id: str(f.event), since: str(f.since), until: str(f.until) }), required: ['id'] },
  'webhook notifications': { method: 'GET', path: (f) => `/admin/v1/tenants/${enc(f.tenant)}/webhook-notifications`, required: ['tenant'] },
  'oauth-client create': { method: 'POST', path: () => '/admin/v1/oauth-clients', body: (f) => ({ tenant_id: f.tenant, name: f.name, redirect_uris: list(f['redirect-uri']) }), required: ['tenant', 'name', 'redirect-uri'] },
};

function enc(v: string | true | undefined): string {
  return encodeURIComponent(typeof v === 'string' ? v : '');
}

export function parseArgs(argv: string[]): { command: string; flags: Flags } {
  const words: string[] = [];
  const flags: Flags = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) {
      words.push(a);
      continue;
    }
    const [name, inline] = a.slice(2).split(/=(.*)/s, 2);
    const next = argv[i + 1];
    if (inline !== undefined) flags[name] = inline;
    else if (next !== undefined && !next.startsWith('--')) flags[name] = argv[++i];
    else flags[name] = true;
  }
  return { command: words.join(' '), flags };
}

function adminToken(env: Record<string, string | undefined>): string {
  const config = loadConfig(env);
  if (config.adminToken) return config.adminToken;
  const file = adminTokenFile(config);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  throw Object.assign(new Error(`ADMIN_TOKEN is not set and ${file} does not exist (start the service once, or set ADMIN_TOKEN).`), { code: 'ADMIN_AUTH_REQUIRED' });
}

export async function runAdmin(argv: string[], env: Record<string, string | undefined> = process.env): Promise<{ exitCode: number; output: unknown }> {
  const { command, flags } = parseArgs(argv);
  const spec = COMMANDS[command];
  if (!spec) return fail('USAGE', `Unknown command "${command}". Commands: ${Object.keys(COMMANDS).join('; ')}.`);
  const missing = spec.required.filter((r) => typeof flags[r] !== 'string');
  if (missing.length) return fail('USAGE', `${command} needs ${missing.map((m) => `--${m}`).join(' ')}.`);
  const body = spec.body?.(flags);
  const res = await fetch(`${loadConfig(env).baseUrl}${spec.path(flags)}`, {
    method: spec.method,
    headers: { authorization: `Bearer ${adminToken(env)}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(JSON.parse(JSON.stringify(body))) : undefined,
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) return { exitCode: 1, output: { error: (json.error as object) ?? { code: 'HTTP_' + res.status, message: res.statusText } } };
  return { exitCode: 0, output: json };
}

function fail(code: string, message: string) {
  return { exitCode: 1, output: { error: { code, message } } };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const { exitCode, output } = await runAdmin(process.argv.slice(2));
    process.stdout.write(`${JSON.stringify(output)}\n`);
    process.exitCode = exitCode;
  } catch (err) {
    const e = err as { code?: string; message?: string; cause?: { code?: string } };
    const code = e.code ?? (e.cause?.code === 'ECONNREFUSED' ? 'SERVICE_UNREACHABLE' : 'CLI_ERROR');
    process.stdout.write(`${JSON.stringify({ error: { code, message: e.message ?? String(err) } })}\n`);
    process.exitCode = 1;
  }
}
