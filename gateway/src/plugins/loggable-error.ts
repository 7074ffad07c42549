import type { FastifyRequest } from 'fastify';
import { loggableError as scrubbedError } from '@idgate/platform';

/** What a request carried that an error message could quote: header values, the URL, path and query values. */
function secretsOf(req: FastifyRequest): string[] {
  const values: unknown[] = [
    ...Object.values(req.headers).flat(),
    req.url,
    ...Object.values((req.params ?? {}) as object),
    ...Object.values((req.query ?? {}) as object),
  ];
  // Short values (a method, "gzip", a small number) are no secret, and cutting them out would garble the stack.
  return values.filter((v): v is string => typeof v === 'string' && v.length >= 6);
}

/**
 * The error as the log gets it (protos' loggableError), with every value this request carried
 * cut out as well: header values, the URL, path and query values.
 */
export function loggableError(err: unknown, req: FastifyRequest): Record<string, unknown> {
  return scrubbedError(err, secretsOf(req));
}
