import type { FastifyInstance } from 'fastify';
import { ADMIN_LIMITS, appError, callUnary, type CoreClients } from '@idgate/protos';
import type { OAuthHandle } from '@idgate/oauth';
import { adminAuth } from '../plugins/admin-auth.ts';
import { arr, obj, oneOf, str, type SchemaTypeProvider } from '../schemas/json-schema.ts';

const tags = ['admin', 'oauth'];
// Query strings are not coerced (ajv coerceTypes: false): the limit arrives as digits, 1 to 200.
const MAILBOX_QUERY = obj({
  to: str(320, { minLength: 1 }),
  limit: str(3, {
    pattern: '^(?:200|1[0-9]{2}|[1-9][0-9]?)$',
    description: `Mails, ${ADMIN_LIMITS.mailboxLimit.min} to ${ADMIN_LIMITS.mailboxLimit.max} (default 20).`,
  }),
});
const SCOPE = oneOf(['openid', 'profile', 'email', 'age_verification', 'connections']);

/**
 * Admin API for OAuth clients of tenants (docs/oauth.md; DESIGN "Operational contract":
 * `oauth-client create --tenant ID --name NAME --redirect-uri URI` → `{ client_id, client_secret }`).
 * The tenant must exist in core; the client itself is registered by the oauth package.
 */
export function oauthAdminRoutes(app: FastifyInstance, d: { core: CoreClients; adminToken: string; oauth?: OAuthHandle }): void {
  app.register(async (instance) => {
    instance.addHook('onRequest', adminAuth(d.adminToken));
    // These routes have no response schemas: only the requests are typed from their schemas.
    const scope = instance.withTypeProvider<SchemaTypeProvider>();
    const oauth = () => {
      if (!d.oauth) throw appError('OAUTH_NOT_CONFIGURED');
      return d.oauth;
    };

    scope.post(
      '/admin/v1/oauth-clients',
      {
        schema: {
          tags,
          body: obj(
            {
              tenant_id: str(64),
              name: str(200, { minLength: 1 }),
              redirect_uris: arr(str(2000), 20, { minItems: 1 }),
              logo_uri: str(2000),
              scopes: arr(SCOPE, 5),
            },
            ['tenant_id', 'name', 'redirect_uris'],
          ),
        },
      },
      async (req) => {
        const b = req.body;
        await callUnary(d.core.admin, 'getAccount', { tenantId: b.tenant_id }); // TENANT_NOT_FOUND when unknown
        const created = await oauth().clients.create({
          tenantId: b.tenant_id,
          name: b.name,
          redirectUris: b.redirect_uris,
          logoUri: b.logo_uri,
          scopes: b.scopes,
        });
        return { client_id: created.clientId, client_secret: created.clientSecret };
      },
    );

    scope.get('/admin/v1/oauth-clients', { schema: { tags, querystring: obj({ tenant_id: str(64) }, ['tenant_id']) } }, async (req) => {
      const clients = await oauth().clients.listForTenant(req.query.tenant_id);
      return {
        clients: clients.map((c) => ({
          client_id: c.clientId,
          name: c.name,
          logo_uri: c.logoUri,
          redirect_uris: c.redirectUris,
          scopes: c.allowedScopes,
          created_at: c.createdAt,
        })),
      };
    });

    scope.post('/admin/v1/oauth/signing-keys/rotate', { schema: { tags } }, async () => ({ kid: await oauth().rotateSigningKey() }));

    // The development mailbox (docs/operations.md "Mail in development"): a route only while mail
    // is not sent (no SMTP_URL, not production); with a relay, its mails are the relay's business.
    const mailbox = d.oauth?.mailbox;
    if (mailbox)
      scope.get('/admin/v1/oauth/mailbox', { schema: { tags, querystring: MAILBOX_QUERY } }, async (req) => ({
        dir: mailbox.dir,
        mails: await mailbox.list({ to: req.query.to, limit: req.query.limit === undefined ? 20 : Number(req.query.limit) }),
      }));
  });
}
