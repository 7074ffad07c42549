/** Anything in an error message that looks like a key or token the service issues (DESIGN prefixes). */
const SECRET_SHAPED = /\b((?:sk|pk|ak)_live_|xit_|xtk_|xws_|xho_|whsec_|xocs?_|xoac_|xort_|adm_)[^\s"'`,;)]+/g;

/**
 * drizzle's DrizzleQueryError message is "Failed query: <sql>\nparams: <values>": the values are
 * what a row held (a tenant's user id, a sealed token), so everything from "params:" to the end
 * of that line goes; the SQL stays, it is the useful part of the report.
 */
const QUERY_PARAMS = /(^|\n)params: [^\n]*/g;

/**
 * The error as a log line may carry it: name, code, message and stack (and its causes), with
 * the given request values, query parameters and anything shaped like a secret cut out. pino's
 * redaction works on field paths and cannot see inside a message; grpc-js, for one, quotes a
 * refused metadata value whole, and drizzle quotes a failed query's parameters. Every other
 * property (a query's `params`, a pg error's `detail` with the clashing key, metadata) is left
 * out. createLogger installs this as the `err` serializer, so `log.error({ err })` is safe.
 */
export function loggableError(err: unknown, secrets: readonly string[] = [], depth = 0): Record<string, unknown> {
  const ordered = [...secrets].sort((a, b) => b.length - a.length);
  const scrub = (text: string) =>
    ordered
      .reduce((t, s) => t.split(s).join('[redacted]'), text)
      .replace(QUERY_PARAMS, '$1params: [redacted]')
      .replace(SECRET_SHAPED, '$1[redacted]');
  if (!(err instanceof Error)) return Object.assign(Object.create(null) as Record<string, unknown>, { type: typeof err, message: scrub(String(err)) });
  const e = err as Error & { code?: unknown };
  // No prototype: pino's err serializer then names the type after `name`, not "Object".
  return Object.assign(Object.create(null) as Record<string, unknown>, {
    type: e.name,
    name: e.name,
    message: scrub(e.message),
    stack: scrub(e.stack ?? ''),
    ...(e.code !== undefined ? { code: scrub(String(e.code)) } : {}),
    ...(e.cause !== undefined && depth < 3 ? { cause: loggableError(e.cause, ordered, depth + 1) } : {}),
  });
}
