import type { FastifyInstance } from 'fastify';
import { callUnary, type CoreClients } from '@idgate/protos';

/** Liveness and readiness (DESIGN "Operational contract"). */
export function healthRoutes(app: FastifyInstance, d: { core: CoreClients; isShuttingDown: () => boolean }): void {
  app.get('/healthz', { schema: { tags: ['ops'], summary: '200 while the process lives' } }, async () => ({ status: 'ok' }));

  app.get(
    '/readyz',
    { schema: { tags: ['ops'], summary: '200 once the database is migrated, inference is loaded and the screening list (if configured) is loaded' } },
    async (_req, reply) => {
      if (d.isShuttingDown()) return reply.code(503).send({ status: 'shutting_down' });
      try {
        const r = await callUnary(d.core.health, 'ready', {}, { deadline: new Date(Date.now() + 2000) });
        return reply.code(r.ready ? 200 : 503).send({
          status: r.ready ? 'ready' : 'not_ready',
          database: r.database ?? false,
          inference: r.inference ?? false,
          ...(r.screening === undefined ? {} : { screening: r.screening }),
          // What is missing, in words ("screening list not loaded yet"), while not ready.
          ...(r.ready ? {} : { detail: r.detail ?? 'not ready' }),
        });
      } catch {
        return reply.code(503).send({ status: 'not_ready', core: false, detail: 'core unreachable' });
      }
    },
  );
}
