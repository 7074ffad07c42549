import { FIELDS, type FieldSpec } from './fields.ts';
import { largestImageRequest } from './image-requests.ts';

type Fields = typeof FIELDS;
type ValueOf<F extends FieldSpec> = F['type'] extends 'int' ? number : F['type'] extends 'bool' ? boolean : F['type'] extends 'list' ? string[] : string;
type HasDefault<F> = F extends { default: unknown } ? true : false;

/** The validated, frozen configuration. Fields without a default are optional. */
export type Config = {
  readonly [K in keyof Fields as HasDefault<Fields[K]> extends true ? K : never]: ValueOf<Fields[K]>;
} & {
  readonly [K in keyof Fields as HasDefault<Fields[K]> extends true ? never : K]?: ValueOf<Fields[K]>;
};

export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

/**
 * Which process reads the configuration. Production's refusal of embedded defaults (DATABASE_URL,
 * REDIS_URL, ADMIN_TOKEN, DATA_KEYS, https URLs) applies to the parts that use them; an inference
 * node uses none, and the process that decodes untrusted images should not be handed them.
 */
export type ProcessRole = 'all-in-one' | 'gateway' | 'core' | 'inference';

/**
 * Reads every field from `env` (default: process.env), applies defaults, validates types and
 * ranges, applies cross-field rules (for `role`) and freezes the result. A bad value throws a
 * ConfigError naming the variable, so start-up stops with a clear message.
 * This is the only place in the project that reads process.env.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, role: ProcessRole = 'all-in-one'): Config {
  const out: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(FIELDS) as [string, FieldSpec][]) {
    const raw = readRaw(spec, env);
    if (raw === undefined) continue;
    out[key] = parseField(spec, raw);
    const problem = spec.check?.(out[key]);
    if (problem) throw new ConfigError(spec.env, problem);
  }
  if (role !== 'inference') checkCrossFieldRules(out);
  return Object.freeze(out) as Config;
}

function readRaw(spec: FieldSpec, env: Record<string, string | undefined>): string | undefined {
  const given = env[spec.env];
  if (given !== undefined && given !== '') return given;
  return typeof spec.default === 'function' ? spec.default(env) : spec.default;
}

function parseField(spec: FieldSpec, raw: string): unknown {
  switch (spec.type) {
    case 'int': {
      if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(spec.env, `must be an integer, got "${raw}"`);
      const n = Number(raw);
      if (spec.min !== undefined && n < spec.min) throw new ConfigError(spec.env, `must be >= ${spec.min}`);
      if (spec.max !== undefined && n > spec.max) throw new ConfigError(spec.env, `must be <= ${spec.max}`);
      return n;
    }
    case 'bool':
      if (!['true', 'false', '1', '0'].includes(raw)) throw new ConfigError(spec.env, 'must be true or false');
      return raw === 'true' || raw === '1';
    case 'enum':
      if (!spec.values?.includes(raw)) throw new ConfigError(spec.env, `must be one of ${spec.values?.join(', ')}`);
      return raw;
    case 'url': {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        throw new ConfigError(spec.env, 'must be an absolute URL');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(spec.env, 'must be http(s)');
      return raw.endsWith('/') ? raw.slice(0, -1) : raw;
    }
    case 'list':
      return raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    default:
      return raw;
  }
}

function checkCrossFieldRules(c: Record<string, unknown>): void {
  checkUploadBudgets(c as { [K in UploadKeys]: number });
  if (c.nodeEnv !== 'production') return;
  // Production must not run on embedded defaults ("you MUST change it").
  if (!c.databaseUrl) throw new ConfigError('DATABASE_URL', 'is required when NODE_ENV=production (PGlite is for the embedded mode)');
  if (!c.redisUrl) throw new ConfigError('REDIS_URL', 'is required when NODE_ENV=production');
  if (!c.adminToken) throw new ConfigError('ADMIN_TOKEN', 'is required when NODE_ENV=production');
  if (!c.dataKeys) throw new ConfigError('DATA_KEYS', 'is required when NODE_ENV=production');
  // C-OIDF-6: every endpoint the issuer publishes is https. A loopback address reaches no one
  // else, so a production build may still be tried on http://localhost.
  for (const [key, variable] of [
    ['baseUrl', 'BASE_URL'],
    ['widgetUrl', 'WIDGET_URL'],
    ['authUrl', 'AUTH_URL'],
  ] as const) {
    const url = new URL(String(c[key]));
    if (url.protocol !== 'https:' && !isLoopbackHost(url.hostname)) {
      throw new ConfigError(variable, `must be an https URL when NODE_ENV=production (http only for localhost, 127.0.0.1 or [::1]), got ${url.origin}`);
    }
  }
}

type UploadKeys =
  'faceFrameMaxBytes' | 'inferenceMaxImageBytes' | 'uploadClientMaxInFlight' | 'uploadClientMaxBytesInFlight' | 'uploadMaxInFlight' | 'uploadMaxBytesInFlight';

/**
 * The gateway's in-flight budgets of image requests (docs/errors.md "Images"): a budget smaller than
 * the largest request a route accepts would refuse that request for ever, so start-up stops instead.
 */
function checkUploadBudgets(c: { [K in UploadKeys]: number }): void {
  const largest = largestImageRequest(c);
  const holds = 'must hold the largest image request (8 frames of FACE_FRAME_MAX_BYTES, or one image of INFERENCE_MAX_IMAGE_BYTES, as base64 in JSON)';
  if (c.uploadClientMaxBytesInFlight < largest) throw new ConfigError('UPLOAD_CLIENT_MAX_BYTES_IN_FLIGHT', `${holds}: at least ${largest}`);
  if (c.uploadMaxBytesInFlight < Math.max(largest, c.uploadClientMaxBytesInFlight))
    throw new ConfigError(
      'UPLOAD_MAX_BYTES_IN_FLIGHT',
      `${holds} and at least UPLOAD_CLIENT_MAX_BYTES_IN_FLIGHT: at least ${Math.max(largest, c.uploadClientMaxBytesInFlight)}`,
    );
  if (c.uploadMaxInFlight < c.uploadClientMaxInFlight) throw new ConfigError('UPLOAD_MAX_IN_FLIGHT', 'must be at least UPLOAD_CLIENT_MAX_IN_FLIGHT');
}

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** The config as printable JSON with every secret redacted. */
export function describeConfig(config: Config): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(FIELDS) as [string, FieldSpec][]) {
    const value = (config as Record<string, unknown>)[key];
    if (value === undefined) continue;
    out[key] = spec.secret ? '[redacted]' : value;
  }
  return out;
}

/**
 * loadConfig for a process entry point: an invalid configuration prints its message (which names
 * each bad variable, never a secret's value) and exits 2, without a stack trace.
 */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env, role: ProcessRole = 'all-in-one'): Config {
  try {
    return loadConfig(env, role);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return process.exit(2);
  }
}
