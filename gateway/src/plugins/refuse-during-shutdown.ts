import type { FastifyReply, FastifyRequest } from 'fastify';
import { appError } from '@idgate/protos';

/** Routes still served while the process shuts down: liveness, readiness (answers 503 itself), metrics. */
const SERVED_DURING_SHUTDOWN = new Set(['/healthz', '/readyz', '/metrics']);

/** Where errors follow RFC 6749 (`{ error, error_description }`, spec §7.1) rather than the verify envelope. */
const OAUTH_PATH = /^\/(oauth|\.well-known)(\/|$)/;

/**
 * onRequest: a request that arrives after shutdown began (on a keep-alive connection that was busy
 * when it began, or between two sweeps of idle connections) is refused at once, in the answer its
 * API speaks: the catalogue's 503 NOT_READY, or on the OAuth endpoints 503 `temporarily_unavailable`
 * with no-store (app.ts's onSend adds `Connection: close`). In-flight requests finish untouched.
 * (Fastify's own return503OnClosing would answer with a body of its own instead.)
 */
export function refuseDuringShutdown(isShuttingDown: () => boolean) {
  // A callback hook, not an async one: it runs on every request, and mostly only reads a flag.
  return (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void => {
    if (!isShuttingDown() || SERVED_DURING_SHUTDOWN.has(req.url.split('?')[0])) return done();
    if (!OAUTH_PATH.test(req.url)) return done(appError('NOT_READY', { details: { retryAfterSeconds: 1 } }));
    void reply
      .code(503)
      .headers({ 'cache-control': 'no-store', pragma: 'no-cache', 'retry-after': '1' })
      .type('application/json; charset=utf-8')
      .send({ error: 'temporarily_unavailable', error_description: 'The service is shutting down; retry the request.' });
  };
}
