import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import { OAUTH_OPENAPI } from '@idgate/oauth';
import { errors } from '../schemas/json-schema.ts';

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
        description:
          'Age and identity verification. Verify endpoints authenticate with X-API-Key and answer `{ success, data }` or `{ success: false, error: { code, message } }`. See docs/errors.md for the error catalogue. The OAuth 2.0 / OpenID Connect endpoints (tag `oauth`) answer errors as `{ error, error_description }`.',
      },
      servers: [{ url: baseUrl }],
      components: { securitySchemes: SECURITY_SCHEMES },
      tags: [{ name: 'verify' }, { name: 'widget' }, { name: 'wallet' }, { name: 'admin' }, { name: 'ops' }, ...OAUTH_OPENAPI.tags],
    },
    transformObject: (documentObject) => {
      const doc = (documentObject as { openapiObject: { paths?: Record<string, unknown> } }).openapiObject;
      return { ...doc, paths: { ...doc.paths, ...OAUTH_OPENAPI.paths } } as never;
    },
  });
  app.addHook('onRoute', declareSecurity);
  const document = () => app.swagger();
  app.get('/openapi.json', { schema: { hide: true } }, async () => document());
  app.get('/docs/swagger.json', { schema: { hide: true } }, async () => document());
}

const SECURITY_SCHEMES = {
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'sk_live_ (secret), pk_live_ (public) or ak_live_ (restricted, scoped) key of a project; docs/verify-api.md "API keys and scopes".',
  },
  widgetSession: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Widget-Session',
    description: 'The xws_ widget session token answered by POST /verify/v1/widget/sessions.',
  },
  admin: { type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN of the operator.' },
  ...OAUTH_OPENAPI.securitySchemes,
} as const;

/**
 * Each operation says how it authenticates (`security`), read from what the route itself takes:
 * an X-API-Key header, an X-Widget-Session header, or the admin prefix. The admin routes get their
 * 401 documented here, since the admin scope's hook (not the route) answers it. Routes that take
 * none of these (health, starting a widget session from the init token in the body) declare
 * `security: []`. The OAuth endpoints are described by hand (oauth/src/openapi.ts).
 */
function declareSecurity(route: RouteOptions): void {
  const schema = route.schema as
    (Record<string, unknown> & { headers?: { properties?: Record<string, unknown> }; response?: Record<string, unknown>; hide?: boolean }) | undefined;
  if (!schema || schema.hide || schema.security) return;
  const headers = Object.keys(schema.headers?.properties ?? {});
  if (route.url.startsWith('/admin/')) {
    schema.security = [{ admin: [] }];
    schema.response = { ...errors({ 401: ['ADMIN_AUTH_REQUIRED'] }), ...schema.response };
  } else if (headers.includes('x-api-key')) {
    schema.security = [{ apiKey: [] }];
  } else if (headers.includes('x-widget-session')) {
    schema.security = [{ widgetSession: [] }];
  } else if (route.url.startsWith('/verify/') || route.url.startsWith('/wallet/') || route.url === '/healthz' || route.url === '/readyz') {
    // /wallet/v1 (the EU wallet's calls): the transaction id in the path is the capability, no credential.
    schema.security = [];
  }
}
