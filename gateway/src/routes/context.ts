import type { FastifyRequest } from 'fastify';
import { appError, type CallContext } from '@idgate/protos';

/** How long a request may take end to end; the deadline travels to core and inference. */
export const REQUEST_DEADLINE_MS = 15_000;

export function callContext(req: FastifyRequest): CallContext {
  const apiKey = req.headers['x-api-key'];
  const widget = req.headers['x-widget-session'];
  return {
    apiKey: typeof apiKey === 'string' ? apiKey : undefined,
    widgetSession: typeof widget === 'string' ? widget : undefined,
    requestId: String(req.id),
    clientIp: req.ip,
    deadline: new Date(Date.now() + REQUEST_DEADLINE_MS),
  };
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
