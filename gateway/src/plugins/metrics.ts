import type { FastifyInstance } from 'fastify';
import { Registry, Histogram, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics (DESIGN "Logging and metrics"): request latency per route and status. */
export function registerMetrics(app: FastifyInstance, registry = new Registry()): Registry {
  collectDefaultMetrics({ register: registry });
  const latency = new Histogram({
    name: 'idgate_http_request_duration_seconds',
    help: 'HTTP request latency by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    latency.observe({ method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (_req, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
