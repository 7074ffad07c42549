import type { FastifyRequest } from 'fastify';

/** Anything in an error message that looks like a key or token the service issues (DESIGN prefixes). */
const SECRET_SHAPED = /\b((?:sk|pk|ak)_live_|xit_|xtk_|xws_|xho_|whsec_|xocs?_|xoac_|xort_|adm_)[^\s"'`,;)]+/g;

/** What a request carried that an error message could quote: header values, the URL, path and query values. */
function secretsOf(req: FastifyRequest): string[] {
  const values: unknown[] = [...Object.values(req.headers).flat(), req.url, ...Object.values((req.params ?? {}) as object), ...Object.values((req.query ?? {}) as object)];
  // Short values (a method, "gzip", a small number) are no secret, and cutting them out would garble the stack.
  return values.filter((v): v is string => typeof v === 'string' && v.length >= 6).sort((a, b) => b.length - a.length);
}

/**
 * The error as the log gets it: name, code, message and stack (and its causes), with every
 * request value it quotes and anything shaped like a secret cut out. pino's redaction works
 * on field paths and cannot see inside a message; grpc-js, for one, quotes a refused
 * metadata value whole. Other properties (a query's parameters, metadata) are left out.
 */
export function loggableError(err: unknown, req: FastifyRequest): Record<string, unknown> {
  return loggable(err, secretsOf(req));
}

function loggable(err: unknown, secrets: string[], depth = 0): Record<string, unknown> {
  const scrub = (text: string) => secrets.reduce((t, s) => t.split(s).join('[redacted]'), text).replace(SECRET_SHAPED, '$1[redacted]');
  const e = (err instanceof Error ? err : new Error(String(err))) as Error & { code?: unknown };
  // No prototype: pino's err serializer then names the type after `name`, not "Object".
  return Object.assign(Object.create(null) as Record<string, unknown>, {
    name: e.name,
    message: scrub(e.message),
    stack: scrub(e.stack ?? ''),
    ...(e.code !== undefined ? { code: scrub(String(e.code)) } : {}),
    ...(e.cause !== undefined && depth < 3 ? { cause: loggable(e.cause, secrets, depth + 1) } : {}),
  });
}
