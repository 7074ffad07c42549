import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';

/**
 * OpenAPI generated from the route schemas (spec §1 "Machine-readable description"): served at
 * /openapi.json and /docs/swagger.json. Register BEFORE the routes so they are collected.
 */
export async function registerOpenApi(app: FastifyInstance, baseUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'idgate verification API',
        version: '1',
        description: 'Age and identity verification. Verify endpoints authenticate with X-API-Key and answer `{ success, data }` or `{ success: false, error: { code, message } }`. See README for the error catalogue.',
      },
      servers: [{ url: baseUrl }],
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' }, admin: { type: 'http', scheme: 'bearer' } } },
      tags: [{ name: 'verify' }, { name: 'widget' }, { name: 'admin' }, { name: 'ops' }],
    },
  });
  const document = () => app.swagger();
  app.get('/openapi.json', { schema: { hide: true } }, async () => document());
  app.get('/docs/swagger.json', { schema: { hide: true } }, async () => document());
}
