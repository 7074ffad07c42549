import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ADMIN_LIMITS, type AdminRange } from '@idgate/protos';
import { adminTokenFile, loadConfig } from '@idgate/platform';

/**
 * `npm run --silent admin -- <command> [--flags] --json`: the operator CLI. It talks to the
 * running service at BASE_URL with ADMIN_TOKEN (or the token generated into DATA_DIR) and
 * prints ONE JSON object; on error that object is `{ "error": { code, message } }`, exit 1.
 *
 * Every flag a command takes is declared with its kind, and the whole command line is checked
 * before anything is sent: an unknown or repeated flag, a flag without its value (or a switch
 * with one), two flags that contradict each other and a missing required flag are `USAGE`; a
 * value the service would misread (a number that is not one, an empty list, a plan that does not
 * exist) is `REQUEST_INVALID`. A refused command never reaches the service.
 */
type Flag =
  | { kind: 'text'; meta: string }
  | { kind: 'list'; meta: string; what: string }
  | { kind: 'switch' }
  | { kind: 'int'; min: number; max: number; unit?: string }
  | { kind: 'fraction' }
  | { kind: 'choice'; values: readonly string[] }
  | { kind: 'month' };

interface Command {
  method: 'GET' | 'POST' | 'PATCH';
  path: (f: Flags) => string;
  body?: (f: Flags) => Record<string, unknown> | undefined;
  /** Every flag the command takes (`--json` is accepted by every command). */
  flags: Record<string, Flag>;
  required: string[];
  /** Groups of flags of which at most one may be given. */
  exclusive?: string[][];
  /** [flag, the flag it needs]. */
  needs?: [string, string][];
  /** Groups of flags of which at least one must be given. */
  oneOf?: string[][];
}

type Flags = Record<string, string | true>;

/** The plans of core's PLAN_NAMES (checked by admin-cli.spec.ts; the CLI does not load core). */
export const PLAN_NAMES = ['free', 'basic', 'starter', 'growth', 'scale'] as const;

const text = (meta: string): Flag => ({ kind: 'text', meta });
const list = (meta: string, what: string): Flag => ({ kind: 'list', meta, what });
/** A whole number in the admin API's range for it (ADMIN_LIMITS: the same bounds as the service's schemas). */
const int = (range: AdminRange, unit?: string): Flag => ({ kind: 'int', min: range.min, max: range.max, unit });
const SWITCH: Flag = { kind: 'switch' };
const PLAN: Flag = { kind: 'choice', values: PLAN_NAMES };

const items = (v: string | true | undefined) =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;
const num = (v: string | true | undefined) => (typeof v === 'string' ? Number(v) : undefined);
const str = (v: string | true | undefined) => (typeof v === 'string' ? v : undefined);

export const COMMANDS: Record<string, Command> = {
  'tenant create': {
    method: 'POST',
    path: () => '/admin/v1/tenants',
    body: (f) => ({ name: f.name, plan: f.plan }),
    flags: { name: text('NAME'), plan: PLAN },
    required: ['name', 'plan'],
  },
  'tenant get': { method: 'GET', path: (f) => `/admin/v1/tenants/${enc(f.id)}`, flags: { id: text('ID') }, required: ['id'] },
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
    flags: {
      id: text('ID'),
      plan: PLAN,
      'budget-cents': int(ADMIN_LIMITS.monthlyBudgetCents, 'cents'),
      'no-budget': SWITCH,
      suspend: SWITCH,
      unsuspend: SWITCH,
      'top-up-checks': int(ADMIN_LIMITS.topUp),
      'top-up-verifications': int(ADMIN_LIMITS.topUp),
    },
    required: ['id'],
    exclusive: [
      ['budget-cents', 'no-budget'],
      ['suspend', 'unsuspend'],
    ],
  },
  'project create': {
    method: 'POST',
    path: (f) => `/admin/v1/tenants/${enc(f.tenant)}/projects`,
    body: (f) => ({ name: f.name, api_version: str(f['api-version']) }),
    flags: { tenant: text('ID'), name: text('NAME'), 'api-version': text('YYYY-MM-DD') },
    required: ['tenant', 'name'],
  },
  'key create': {
    method: 'POST',
    path: (f) => `/admin/v1/projects/${enc(f.project)}/keys`,
    body: (f) => ({ scopes: items(f.scopes) }),
    flags: { project: text('ID'), scopes: list('a,b', 'scope') },
    required: ['project', 'scopes'],
  },
  'screening check': {
    method: 'POST',
    path: () => '/admin/v1/screening/check',
    body: (f) => ({ name: f.name, birth_date: str(f['birth-date']), nationality: str(f.nationality), threshold: num(f.threshold) }),
    flags: { name: text('NAME'), 'birth-date': text('YYYY-MM-DD'), nationality: text('CC'), threshold: { kind: 'fraction' } },
    required: ['name'],
  },
  'screening status': { method: 'GET', path: () => '/admin/v1/screening/status', flags: {}, required: [] },
  'billing ledger': {
    method: 'GET',
    path: (f) => `/admin/v1/tenants/${enc(f.tenant)}/ledger${f.month ? `?month=${enc(f.month)}` : ''}`,
    flags: { tenant: text('ID'), month: { kind: 'month' } },
    required: ['tenant'],
  },
  'team invite-owner': {
    method: 'POST',
    path: (f) => `/admin/v1/tenants/${enc(f.tenant)}/team/owners`,
    body: (f) => ({ email: f.email }),
    flags: { tenant: text('ID'), email: text('EMAIL') },
    required: ['tenant', 'email'],
  },
  'webhook create': {
    method: 'POST',
    path: () => '/admin/v1/webhooks',
    body: (f) => ({ tenant_id: f.tenant, project_id: str(f.project), url: f.url, events: items(f.events), api_version: str(f['api-version']) }),
    flags: { tenant: text('ID'), url: text('URL'), events: list('a,b', 'event type'), 'api-version': text('YYYY-MM-DD'), project: text('ID') },
    required: ['tenant', 'url'],
  },
  'webhook test': { method: 'POST', path: (f) => `/admin/v1/webhooks/${enc(f.id)}/test`, flags: { id: text('ID') }, required: ['id'] },
  'webhook list': { method: 'GET', path: (f) => `/admin/v1/webhooks?tenant_id=${enc(f.tenant)}`, flags: { tenant: text('ID') }, required: ['tenant'] },
  'webhook get': { method: 'GET', path: (f) => `/admin/v1/webhooks/${enc(f.id)}`, flags: { id: text('ID') }, required: ['id'] },
  'webhook enable': { method: 'POST', path: (f) => `/admin/v1/webhooks/${enc(f.id)}/enable`, flags: { id: text('ID') }, required: ['id'] },
  'webhook disable': { method: 'POST', path: (f) => `/admin/v1/webhooks/${enc(f.id)}/disable`, flags: { id: text('ID') }, required: ['id'] },
  'webhook rotate': {
    method: 'POST',
    path: (f) => `/admin/v1/webhooks/${enc(f.id)}/rotate-secret`,
    body: (f) => ({ overlap_seconds: num(f['overlap-seconds']) }),
    flags: { id: text('ID'), 'overlap-seconds': int(ADMIN_LIMITS.overlapSeconds, 'seconds') },
    required: ['id'],
  },
  'webhook deliveries': {
    method: 'GET',
    path: (f) => `/admin/v1/webhooks/${enc(f.id)}/deliveries${f.limit ? `?limit=${num(f.limit)}` : ''}`,
    flags: { id: text('ID'), limit: int(ADMIN_LIMITS.listLimit) },
    required: ['id'],
  },
  'webhook replay': {
    method: 'POST',
    path: (f) => `/admin/v1/webhooks/${enc(f.id)}/replay`,
    body: (f) => ({ event_id: str(f.event), since: str(f.since), until: str(f.until) }),
    flags: { id: text('ID'), event: text('EVT'), since: text('ISO'), until: text('ISO') },
    required: ['id'],
    exclusive: [
      ['event', 'since'],
      ['event', 'until'],
    ],
    needs: [['until', 'since']],
    oneOf: [['event', 'since']],
  },
  'webhook notifications': {
    method: 'GET',
    path: (f) => `/admin/v1/tenants/${enc(f.tenant)}/webhook-notifications`,
    flags: { tenant: text('ID') },
    required: ['tenant'],
  },
  'oauth-client create': {
    method: 'POST',
    path: () => '/admin/v1/oauth-clients',
    body: (f) => ({ tenant_id: f.tenant, name: f.name, redirect_uris: items(f['redirect-uri']) }),
    flags: { tenant: text('ID'), name: text('NAME'), 'redirect-uri': list('URI[,URI]', 'redirect URI') },
    required: ['tenant', 'name', 'redirect-uri'],
  },
  mailbox: {
    method: 'GET',
    path: (f) => `/admin/v1/oauth/mailbox${query({ to: str(f.to), limit: str(f.limit) })}`,
    flags: { to: text('ADDRESS'), limit: int(ADMIN_LIMITS.mailboxLimit) },
    required: [],
  },
};

function query(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
  return q.size ? `?${q}` : '';
}

/** Flags every command takes. */
const COMMON: Record<string, Flag> = { json: SWITCH };
/** Switches never take the next word as their value (`--json tenant get …` works). */
const SWITCHES = new Set(
  Object.values(COMMANDS).flatMap((c) =>
    Object.entries({ ...c.flags, ...COMMON })
      .filter(([, f]) => f.kind === 'switch')
      .map(([n]) => n),
  ),
);

function enc(v: string | true | undefined): string {
  return encodeURIComponent(typeof v === 'string' ? v : '');
}

export function parseArgs(argv: string[]): { command: string; flags: Flags; words: string[]; repeated: string[] } {
  const words: string[] = [];
  const flags: Flags = {};
  const repeated: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) {
      words.push(a);
      continue;
    }
    const [name, inline] = a.slice(2).split(/=(.*)/s, 2);
    if (name in flags && !SWITCHES.has(name) && !repeated.includes(name)) repeated.push(name);
    const next = argv[i + 1];
    if (inline !== undefined) flags[name] = inline;
    else if (!SWITCHES.has(name) && next !== undefined && !next.startsWith('--')) flags[name] = argv[++i];
    else flags[name] = true;
  }
  return { command: words.join(' '), flags, words, repeated };
}

/** How a flag is written in a usage line: `--plan free|basic|…`, `--budget-cents N`, `--suspend`. */
function usageOf(name: string, flag: Flag): string {
  switch (flag.kind) {
    case 'switch':
      return `--${name}`;
    case 'text':
    case 'list':
      return `--${name} ${flag.meta}`;
    case 'int':
    case 'fraction':
      return `--${name} N`;
    case 'choice':
      return `--${name} ${flag.values.join('|')}`;
    case 'month':
      return `--${name} YYYY-MM`;
  }
}

function flagList(spec: Command): string {
  return Object.entries({ ...spec.flags, ...COMMON })
    .map(([n, f]) => (spec.required.includes(n) ? usageOf(n, f) : `[${usageOf(n, f)}]`))
    .join(' ');
}

/** The check of one flag's value; undefined when it is fine. */
function valueProblem(name: string, flag: Flag, value: string): string | undefined {
  switch (flag.kind) {
    case 'switch':
      return undefined;
    case 'text':
      return value.trim() === '' ? `--${name} must not be empty.` : undefined;
    case 'list':
      return items(value)!.length === 0 ? `--${name} must list at least one ${flag.what} (comma-separated), got "${value}".` : undefined;
    case 'int': {
      const n = Number(value);
      const range = flag.max >= Number.MAX_SAFE_INTEGER ? `>= ${flag.min}` : `from ${flag.min} to ${flag.max}`;
      if (!/^[0-9]+$/.test(value) || n < flag.min || n > flag.max)
        return `--${name} must be a whole number ${range}${flag.unit ? ` (${flag.unit})` : ''}, got "${value}".`;
      return undefined;
    }
    case 'fraction': {
      const n = Number(value);
      if (!/^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/.test(value) || !(n > 0 && n <= 1))
        return `--${name} must be a number greater than 0 and at most 1, got "${value}".`;
      return undefined;
    }
    case 'choice':
      return flag.values.includes(value) ? undefined : `--${name} must be one of ${flag.values.join(', ')}; got "${value}".`;
    case 'month':
      return /^[0-9]{4}-(0[1-9]|1[0-2])$/.test(value) ? undefined : `--${name} must be a month as YYYY-MM, got "${value}".`;
  }
}

/** Levenshtein distance, for "did you mean" on a mistyped flag. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

type Refusal = { code: 'USAGE' | 'REQUEST_INVALID'; message: string };

/** Everything wrong with a command line that can be told without the service; undefined when none. */
export function checkCommandLine(argv: string[]): Refusal | undefined {
  const { command, flags, words, repeated } = parseArgs(argv);
  const usage = (message: string): Refusal => ({ code: 'USAGE', message });
  const spec = COMMANDS[command];
  if (!spec) {
    const known = Object.keys(COMMANDS).find((c) => words.slice(0, c.split(' ').length).join(' ') === c);
    if (known)
      return usage(
        `Unexpected argument ${words
          .slice(known.split(' ').length)
          .map((w) => `"${w}"`)
          .join(' ')} for "${known}" (a flag takes its value as --flag VALUE; switches take none). Usage: ${known} ${flagList(COMMANDS[known])}.`,
      );
    return usage(
      `${command ? `Unknown command "${command}"` : 'No command given'}. Usage: npm run --silent admin -- <command> [flags] --json (help: every command's flags). Commands: ${Object.keys(COMMANDS).join('; ')}.`,
    );
  }
  const all = { ...spec.flags, ...COMMON };
  const unknown = Object.keys(flags).filter((n) => !(n in all));
  if (unknown.length) {
    const hints = unknown.map((n) => Object.keys(spec.flags).find((k) => distance(n, k) <= 2)).filter(Boolean);
    return usage(
      `Unknown flag${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `--${n}`).join(' ')} for "${command}"${hints.length ? ` (did you mean ${hints.map((h) => `--${h}`).join(' ')}?)` : ''}. Its flags: ${flagList(spec)}.`,
    );
  }
  if (repeated.length)
    return usage(
      `${repeated.map((n) => `--${n}`).join(' ')} given more than once; give each flag once${repeated.some((n) => all[n].kind === 'list') ? ' (a list is comma-separated)' : ''}.`,
    );
  for (const [name, value] of Object.entries(flags)) {
    if (all[name].kind === 'switch' && value !== true) return usage(`--${name} takes no value, got "${value}".`);
    if (all[name].kind !== 'switch' && value === true) return usage(`--${name} needs a value: ${usageOf(name, all[name])}.`);
  }
  for (const group of spec.exclusive ?? []) {
    const given = group.filter((n) => n in flags);
    if (given.length > 1) return usage(`${given.map((n) => `--${n}`).join(' and ')} contradict each other: give one of them.`);
  }
  for (const [flag, needed] of spec.needs ?? []) if (flag in flags && !(needed in flags)) return usage(`--${flag} needs --${needed}.`);
  const missing = spec.required.filter((r) => !(r in flags));
  if (missing.length) return usage(`${command} needs ${missing.map((m) => `--${m}`).join(' ')}. Usage: ${command} ${flagList(spec)}.`);
  for (const group of spec.oneOf ?? [])
    if (!group.some((n) => n in flags)) return usage(`${command} needs ${group.map((n) => `--${n}`).join(' or ')}. Usage: ${command} ${flagList(spec)}.`);
  for (const [name, value] of Object.entries(flags)) {
    const problem = typeof value === 'string' ? valueProblem(name, all[name], value) : undefined;
    if (problem) return { code: 'REQUEST_INVALID', message: problem };
  }
  return undefined;
}

/** The admin token, and where it came from (an operator with the wrong one needs to know which to fix). */
function adminToken(env: Record<string, string | undefined>): { token: string; file?: string } {
  const config = loadConfig(env);
  if (config.adminToken) return { token: config.adminToken };
  const file = adminTokenFile(config);
  if (existsSync(file)) return { token: readFileSync(file, 'utf8').trim(), file };
  throw Object.assign(
    new Error(
      `ADMIN_TOKEN is not set and ${file} does not exist. Run the CLI with the service's DATA_DIR (the service writes its generated token there on first start) or with the ADMIN_TOKEN it runs with.`,
    ),
    { code: 'ADMIN_AUTH_REQUIRED' },
  );
}

/** Where the CLI sends its requests, said so that an operator knows what to change. */
function describeBase(baseUrl: string, env: Record<string, string | undefined>): string {
  return env.BASE_URL ? `${baseUrl} (BASE_URL)` : `${baseUrl} (BASE_URL is unset: the default for PORT)`;
}

/**
 * `help` (or `--help`, `-h` anywhere): every command with its flags, or one command's when named
 * (`help webhook create`), as the one JSON object; exit 0, the service is not contacted.
 */
export function helpFor(argv: string[]): { usage: string; commands: Record<string, string> } | undefined {
  if (argv[0] !== 'help' && !argv.includes('--help') && !argv.includes('-h')) return undefined;
  const words = argv.filter((a) => !a.startsWith('-') && a !== 'help').join(' ');
  const named = Object.keys(COMMANDS).filter((c) => c === words || (words !== '' && c.startsWith(`${words} `)));
  const shown = named.length ? named : Object.keys(COMMANDS);
  return { usage: 'npm run --silent admin -- <command> [flags] --json', commands: Object.fromEntries(shown.map((c) => [c, flagList(COMMANDS[c])])) };
}

export async function runAdmin(argv: string[], env: Record<string, string | undefined> = process.env): Promise<{ exitCode: number; output: unknown }> {
  const help = helpFor(argv);
  if (help) return { exitCode: 0, output: help };
  const refusal = checkCommandLine(argv);
  if (refusal) return fail(refusal.code, refusal.message);
  const { command, flags } = parseArgs(argv);
  const spec = COMMANDS[command];
  let baseUrl: string;
  let token: { token: string; file?: string };
  try {
    baseUrl = loadConfig(env).baseUrl;
    token = adminToken(env);
  } catch (err) {
    const e = err as { code?: string; message?: string; name?: string };
    return fail(e.code ?? (e.name === 'ConfigError' ? 'CONFIG_INVALID' : 'CLI_ERROR'), e.message ?? String(err));
  }
  const body = spec.body?.(flags);
  let res: Response;
  try {
    res = await fetch(`${baseUrl}${spec.path(flags)}`, {
      method: spec.method,
      headers: { authorization: `Bearer ${token.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(JSON.parse(JSON.stringify(body))) : undefined,
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.message || cause?.code || (err as Error).message;
    return fail(
      'SERVICE_UNREACHABLE',
      `Cannot reach the service at ${describeBase(baseUrl, env)}: ${why}. Is it running (npm start)? Set BASE_URL (or PORT) to what the service runs with.`,
    );
  }
  const raw = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = undefined;
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    const type = res.headers.get('content-type') ?? 'no content type';
    const excerpt = raw.trim().slice(0, 120).replace(/\s+/g, ' ');
    return fail(
      'UNEXPECTED_RESPONSE',
      `The service at ${describeBase(baseUrl, env)} answered ${spec.method} ${spec.path(flags)} with HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}, ${type}, ${raw.length === 0 ? 'an empty body' : `${Buffer.byteLength(raw)} bytes that are not a JSON object (${JSON.stringify(excerpt)})`}. Is BASE_URL the idgate service?`,
    );
  }
  const reply = json as Record<string, unknown>;
  if (!res.ok) {
    const error = (reply.error as { code?: string; message?: string } | undefined) ?? { code: 'HTTP_' + res.status, message: res.statusText };
    // A token read from another DATA_DIR than the service's is the usual cause: say which file it was.
    // The route exists only while the service keeps mail itself (no SMTP_URL, not production).
    if (command === 'mailbox' && res.status === 404)
      error.message =
        `${error.message ?? ''} The service sends mail through SMTP_URL or runs with NODE_ENV=production: it keeps no development mailbox.`.trim();
    if (error.code === 'ADMIN_AUTH_REQUIRED' && token.file)
      error.message =
        `${error.message ?? ''} The CLI sent the token of ${token.file}: run it with the service's DATA_DIR, or set the ADMIN_TOKEN the service runs with.`.trim();
    return { exitCode: 1, output: { error } };
  }
  return { exitCode: 0, output: reply };
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
    const e = err as { code?: string; message?: string };
    process.stdout.write(`${JSON.stringify({ error: { code: e.code ?? 'CLI_ERROR', message: e.message ?? String(err) } })}\n`);
    process.exitCode = 1;
  }
}
