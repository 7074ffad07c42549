import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { appError, type CallContext, type ErrorCode } from '@idgate/protos';

/** How long a request may take end to end; the deadline travels to core and inference. */
export const REQUEST_DEADLINE_MS = 15_000;

/** Every key and token the service issues is visible ASCII (prefix + URL-safe alphabet). */
const CREDENTIAL = /^[\x21-\x7e]*$/;

/**
 * What core learns about the caller, from the headers, as gRPC metadata (printable ASCII only).
 * Per header (docs/errors.md "Malformed requests"): a credential with other characters (`sk_live_é`) is
 * an invalid credential, answered with that header's own code; the request id is ours
 * (genReqId); the client address is sent only when it is an IP address (with trustProxy it
 * comes from X-Forwarded-For, which the client writes). No other header reaches core.
 */
export function callContext(req: FastifyRequest): CallContext {
  return {
    apiKey: credential(req.headers['x-api-key'], 'AUTH_INVALID_KEY'),
    widgetSession: credential(req.headers['x-widget-session'], 'WIDGET_SESSION_INVALID'),
    requestId: String(req.id),
    clientIp: isIP(req.ip) ? req.ip : undefined,
    deadline: new Date(Date.now() + REQUEST_DEADLINE_MS),
  };
}

function credential(value: string | string[] | undefined, invalid: ErrorCode): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!CREDENTIAL.test(value)) throw appError(invalid);
  return value;
}

/**
 * preValidation of a POST whose body is optional or empty by contract: Fastify validates even an
 * absent body, so absent becomes `{}` and the route's schema decides the rest (an unknown field
 * is REQUEST_INVALID, as on every other route).
 */
export async function absentBodyAsEmptyObject(req: FastifyRequest): Promise<void> {
  req.body ??= {};
}

/** Spec §5 rule 1: the verify API authenticates with X-API-Key; Bearer is refused, clearly. */
export async function refuseBearer(req: FastifyRequest): Promise<void> {
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && /^bearer\s/i.test(auth)) throw appError('AUTH_BEARER_NOT_ACCEPTED');
}

/** Drops undefined members so JSON and proto3 `optional` agree on "absent". */
export function compact<T extends Record<string, unknown>>(o: T): T {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}
