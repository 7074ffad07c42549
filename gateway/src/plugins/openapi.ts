import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { OAUTH_OPENAPI } from '@idgate/oauth';

/**
 * OpenAPI generated from the route schemas (spec §1 "Machine-readable description"): served at
 * /openapi.json and /docs/swagger.json. Register BEFORE the routes so they are collected.
 * The OAuth / OpenID Connect endpoints are served by oidc-provider, not by schema'd routes:
 * their hand-written path items (oauth/src/openapi.ts) are merged into the generated document.
 */
export async function registerOpenApi(app: FastifyInstance, baseUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'idgate verification API',
        version: '1',
        description: 'Age and identity verification. Verify endpoints authenticate with X-API-Key and answer `{ success, data }` or `{ success: false, error: { code, message } }`. See README for the error catalogue. The OAuth 2.0 / OpenID Connect endpoints (tag `oauth`) answer errors as `{ error, error_description }`.',
      },
      servers: [{ url: baseUrl }],
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' }, admin: { type: 'http', scheme: 'bearer' }, ...OAUTH_OPENAPI.securitySchemes } },
      tags: [{ name: 'verify' }, { name: 'widget' }, { name: 'admin' }, { name: 'ops' }, ...OAUTH_OPENAPI.tags],
    },
    transformObject: (documentObject) => {
      const doc = (documentObject as { openapiObject: { paths?: Record<string, unknown> } }).openapiObject;
      return { ...doc, paths: { ...doc.paths, ...OAUTH_OPENAPI.paths } } as never;
    },
  });
  const document = () => app.swagger();
  app.get('/openapi.json', { schema: { hide: true } }, async () => document());
  app.get('/docs/swagger.json', { schema: { hide: true } }, async () => document());
}
