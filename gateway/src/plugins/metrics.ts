import type { FastifyInstance } from 'fastify';
import { collectProcessMetrics, defineHistogram, renderMetrics } from '@idgate/platform';

const requestDuration = defineHistogram({
  name: 'idgate_http_request_duration_seconds',
  help: 'HTTP request latency by method, route pattern (never the URL) and status',
  labelNames: ['method', 'route', 'status'],
});

/**
 * Prometheus metrics (DESIGN "Logging and metrics"): request latency per route and status, and
 * GET /metrics serving the process registry, so the all-in-one process shows core's and the
 * inference node's metrics here too.
 */
export function registerMetrics(app: FastifyInstance): void {
  collectProcessMetrics();
  app.addHook('onResponse', async (req, reply) => {
    requestDuration.observe({ method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (_req, reply) => {
    const { contentType, body } = await renderMetrics();
    reply.type(contentType).header('cache-control', 'no-store');
    return body;
  });
}
