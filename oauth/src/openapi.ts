import { CLAIMS_SUPPORTED } from './provider/claims.ts';
import { SCOPES } from './settings.ts';

/**
 * The OpenAPI description of the endpoints oidc-provider serves (spec §4.2): they are not
 * Fastify routes with schemas, so the gateway merges these hand-written path items into the
 * generated document (gateway/src/plugins/openapi.ts). Keep them in step with
 * provider/koa-middleware.ts and docs/oauth.md.
 */
type Schema = Record<string, unknown>;

const str = (description?: string, extra: Schema = {}): Schema => ({ type: 'string', ...(description ? { description } : {}), ...extra });
const form = (properties: Record<string, Schema>, required: string[]): Schema => ({
  required: true,
  content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties, required } } },
});
const json = (description: string, schema: Schema, headers?: Record<string, Schema>): Schema => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema } },
});
const header = (description: string): Schema => ({ description, schema: { type: 'string' } });

/** `{ error, error_description }` of RFC 6749 §5.2 with the codes one response can carry (spec §7.1). */
const oauthError = (codes: string[]): Schema => ({
  type: 'object',
  properties: { error: { type: 'string', enum: codes }, error_description: { type: 'string' } },
  required: ['error'],
});
const errorResponse = (codes: string[], headers?: Record<string, Schema>): Schema =>
  json(`OAuth error; \`error\` codes: ${codes.join(', ')}`, oauthError(codes), headers);

const NO_STORE = { 'Cache-Control': header('`no-store`') };
const INVALID_CLIENT = errorResponse(['invalid_client'], { 'WWW-Authenticate': header('`Basic realm="{base_url}"` (RFC 6749 §5.2)'), ...NO_STORE });
const LOCKED_OUT = errorResponse(['temporarily_unavailable'], {
  'Retry-After': header('Seconds until the one-minute window ends'),
  ...NO_STORE,
});
const LOCKED_OUT_NOTE =
  '429 after more than `OAUTH_TOKEN_AUTH_FAILURES_PER_MINUTE` (default 10) failed client authentications in a minute from one client address for one client id.';

const CLIENT_CREDENTIALS: Record<string, Schema> = {
  client_id: str('Client id (`xoc_…`); with `client_secret` for client_secret_post, or send HTTP Basic instead'),
  client_secret: str('Client secret (`xocs_…`), client_secret_post'),
};

const AUTHORIZE_PARAMETERS: Record<string, Schema & { required?: boolean }> = {
  response_type: { ...str('Must be `code`', { enum: ['code'] }), required: true },
  client_id: { ...str('OAuth client id (`xoc_…`)'), required: true },
  redirect_uri: { ...str('Must exactly match a registered redirect URI', { format: 'uri' }), required: true },
  scope: { ...str(`Space-separated scopes among ${SCOPES.join(', ')}; must include openid`), required: true },
  state: str('Recommended; returned unchanged in the callback'),
  nonce: str('Included in the ID token'),
  code_challenge: { ...str('BASE64URL(SHA256(code_verifier))'), required: true },
  code_challenge_method: { ...str('Must be `S256`', { enum: ['S256'] }), required: true },
  prompt: str('`none`, `login` or `consent` (OpenID Connect Core)'),
  max_age: { type: 'integer', minimum: 0, description: 'Seconds since the last sign-in after which the user signs in again' },
  ui_locales: str('Preferred languages of the sign-in and consent screens'),
};

const authorizeResponses: Record<string, Schema> = {
  '302': {
    description:
      'To the consent screen `{auth_url}/consent?session=<id>` (sign-in first when needed), which then redirects to `redirect_uri?code=xoac_…&state=…&iss=…` (303)',
    headers: { Location: header('`{auth_url}/consent?session=<id>`') },
  },
  '303': {
    description:
      'To `redirect_uri`: with `code`, `state`, `iss` when the user already granted the scopes; or, after the client and redirect_uri are validated, with `error` (invalid_request: missing or `plain` PKCE; unsupported_response_type, invalid_scope, login_required for `prompt=none` without a session, access_denied), `error_description`, `state`, `iss`',
    headers: { Location: header('`redirect_uri` with the answer in its query') },
  },
  '400': {
    description: 'Unknown client or unregistered `redirect_uri`: an HTML error page, never a redirect',
    content: { 'text/html': { schema: { type: 'string' } } },
  },
};

const tokenResponse: Schema = {
  type: 'object',
  properties: {
    access_token: str('RS256-signed JWT (`typ: at+jwt`)'),
    token_type: str(undefined, { enum: ['Bearer'] }),
    expires_in: { type: 'integer', description: 'Seconds (3600)' },
    refresh_token: str('`xort_…`; rotated on every use'),
    id_token: str('RS256-signed JWT'),
    scope: str('Space-separated granted scopes'),
  },
  required: ['access_token', 'token_type', 'expires_in', 'scope'],
};

const userinfoResponses: Record<string, Schema> = {
  '200': json('The claims of the granted scopes (spec §2.6)', {
    type: 'object',
    properties: {
      sub: str('Service ID'),
      display_name: str(),
      email: str(),
      email_verified: { type: 'boolean' },
      age_verified: { type: 'boolean' },
      verified_brackets: { type: 'array', items: str(undefined, { pattern: '^\\+\\d{2}$' }) },
      meets_threshold: { type: 'object', properties: Object.fromEntries(['12', '15', '18', '21', '25'].map((k) => [k, { type: 'boolean' }])) },
      connected_sites_count: { type: 'integer' },
    },
    required: ['sub'],
  }),
  '401': errorResponse(['invalid_token'], { 'WWW-Authenticate': header('`Bearer realm="{base_url}", error="invalid_token", …`') }),
};

const discoveryDocument: Schema = {
  type: 'object',
  description: 'Every field of spec §4.2, plus what oidc-provider publishes besides (for example `authorization_response_iss_parameter_supported`)',
  properties: {
    issuer: str('{base_url}'),
    authorization_endpoint: str(),
    token_endpoint: str(),
    userinfo_endpoint: str(),
    revocation_endpoint: str(),
    introspection_endpoint: str(),
    jwks_uri: str(),
    scopes_supported: { type: 'array', items: str(), example: [...SCOPES] },
    response_types_supported: { type: 'array', items: str(), example: ['code'] },
    grant_types_supported: { type: 'array', items: str(), example: ['authorization_code', 'refresh_token'] },
    token_endpoint_auth_methods_supported: { type: 'array', items: str(), example: ['client_secret_post', 'client_secret_basic'] },
    subject_types_supported: { type: 'array', items: str(), example: ['public'] },
    id_token_signing_alg_values_supported: { type: 'array', items: str(), example: ['RS256'] },
    code_challenge_methods_supported: { type: 'array', items: str(), example: ['S256'] },
    claims_supported: { type: 'array', items: str(), example: CLAIMS_SUPPORTED },
  },
  required: ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri', 'response_types_supported'],
};
const discovery = (summary: string): Schema => ({ get: { tags: ['oauth'], summary, responses: { '200': json('Provider metadata', discoveryDocument) } } });

export const OAUTH_OPENAPI = {
  tags: [{ name: 'oauth', description: 'OAuth 2.0 / OpenID Connect provider (spec §4.2); errors are `{ error, error_description }` (spec §7.1)' }],
  securitySchemes: {
    clientBasic: {
      type: 'http' as const,
      scheme: 'basic',
      description: 'client_secret_basic: `client_id:client_secret`. client_secret_post sends both as form fields instead.',
    },
    accessToken: { type: 'http' as const, scheme: 'bearer', bearerFormat: 'JWT', description: 'An access token from /oauth/token' },
  },
  paths: {
    '/oauth/authorize': {
      get: {
        tags: ['oauth'],
        summary: 'Authorization request (code flow, PKCE S256 required)',
        parameters: Object.entries(AUTHORIZE_PARAMETERS).map(([name, { required, ...schema }]) => ({ name, in: 'query', required: Boolean(required), schema })),
        responses: authorizeResponses,
      },
      post: {
        tags: ['oauth'],
        summary: 'Authorization request by form post (OpenID Connect Core 3.1.2.1)',
        description: 'The same parameters as GET, form-encoded. Answered with 303 to the same request as GET (the browser then sends its sign-in cookie).',
        requestBody: form(
          Object.fromEntries(Object.entries(AUTHORIZE_PARAMETERS).map(([name, { required: _, ...schema }]) => [name, schema])),
          Object.entries(AUTHORIZE_PARAMETERS)
            .filter(([, p]) => p.required)
            .map(([n]) => n),
        ),
        responses: {
          '303': { description: 'To `GET /oauth/authorize?<the posted parameters>`', headers: { Location: header('`{base_url}/oauth/authorize?…`') } },
          '400': errorResponse(['invalid_request']),
        },
      },
    },
    '/oauth/token': {
      post: {
        tags: ['oauth'],
        summary: 'Token endpoint: grants authorization_code and refresh_token',
        description: `Client authentication by client_secret_basic or client_secret_post (spec §5 rule 5). Responses carry \`Cache-Control: no-store\` and \`Pragma: no-cache\`. ${LOCKED_OUT_NOTE}`,
        security: [{ clientBasic: [] }, {}],
        requestBody: form(
          {
            grant_type: str(undefined, { enum: ['authorization_code', 'refresh_token'] }),
            code: str('authorization_code: the code (`xoac_…`)'),
            redirect_uri: str('authorization_code: the redirect_uri of the authorization request'),
            code_verifier: str('authorization_code: the PKCE verifier'),
            refresh_token: str('refresh_token: the refresh token (`xort_…`)'),
            scope: str('refresh_token: optional narrower scope'),
            ...CLIENT_CREDENTIALS,
          },
          ['grant_type'],
        ),
        responses: {
          '200': json('Tokens', tokenResponse, { 'Cache-Control': header('`no-store`'), Pragma: header('`no-cache`') }),
          '400': errorResponse(['invalid_request', 'invalid_grant', 'unsupported_grant_type', 'invalid_scope'], NO_STORE),
          '401': INVALID_CLIENT,
          '429': LOCKED_OUT,
        },
      },
    },
    '/oauth/userinfo': {
      get: { tags: ['oauth'], summary: "Claims of the access token's user", security: [{ accessToken: [] }], responses: userinfoResponses },
      post: { tags: ['oauth'], summary: "Claims of the access token's user (POST)", security: [{ accessToken: [] }], responses: userinfoResponses },
    },
    '/oauth/revoke': {
      post: {
        tags: ['oauth'],
        summary: 'Token revocation (RFC 7009)',
        description:
          "Possession of the token is enough: without client credentials the token is revoked if it still works (a client_id sent alone must be the token's client). With client credentials, only the authenticated client's own tokens are revoked. Revoking a refresh token revokes its whole grant (every access and refresh token of it); revoking an access token revokes that token. Always 200 `{ status: \"ok\" }` for any token, known or not. Wrong credentials are the caller's error: 401. `Cache-Control: no-store`. " +
          LOCKED_OUT_NOTE +
          ' A request without credentials is never refused so.',
        security: [{}, { clientBasic: [] }],
        requestBody: form({ token: str('The access or refresh token'), token_type_hint: str('`access_token` or `refresh_token`'), ...CLIENT_CREDENTIALS }, [
          'token',
        ]),
        responses: {
          '200': json(
            'Revoked, or nothing to revoke',
            { type: 'object', properties: { status: str(undefined, { enum: ['ok'] }) }, required: ['status'] },
            NO_STORE,
          ),
          '400': errorResponse(['invalid_request'], NO_STORE),
          '401': INVALID_CLIENT,
          '429': LOCKED_OUT,
        },
      },
    },
    '/oauth/introspect': {
      post: {
        tags: ['oauth'],
        summary: 'Token introspection (RFC 7662); client authentication required',
        description: `Only the authenticated client's own tokens are active to it. \`Cache-Control: no-store\`. ${LOCKED_OUT_NOTE}`,
        security: [{ clientBasic: [] }, {}],
        requestBody: form({ token: str('The access or refresh token'), token_type_hint: str('`access_token` or `refresh_token`'), ...CLIENT_CREDENTIALS }, [
          'token',
        ]),
        responses: {
          '200': json(
            'Active: the fields below; anything else (unknown, expired, revoked, another client\'s): exactly `{ "active": false }`',
            {
              type: 'object',
              properties: {
                active: { type: 'boolean' },
                scope: str(),
                client_id: str(),
                sub: str(),
                exp: { type: 'integer', description: 'Unix seconds' },
                iat: { type: 'integer', description: 'Unix seconds' },
                iss: str(),
                token_type: str('`Bearer` for access tokens, `refresh_token` for refresh tokens', { enum: ['Bearer', 'refresh_token'] }),
              },
              required: ['active'],
            },
            NO_STORE,
          ),
          '400': errorResponse(['invalid_request'], NO_STORE),
          '401': INVALID_CLIENT,
          '429': LOCKED_OUT,
        },
      },
    },
    '/.well-known/openid-configuration': discovery('OpenID Connect discovery document (spec §4.2)'),
    '/.well-known/oauth-authorization-server': discovery('OAuth 2.0 authorization server metadata (RFC 8414): the same document'),
    '/.well-known/jwks.json': {
      get: {
        tags: ['oauth'],
        summary: 'Signing keys of ID tokens and access tokens',
        responses: {
          '200': json(
            '`Cache-Control: public, max-age=3600`',
            {
              type: 'object',
              properties: {
                keys: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      kty: str(undefined, { enum: ['RSA'] }),
                      use: str(undefined, { enum: ['sig'] }),
                      alg: str(undefined, { enum: ['RS256'] }),
                      kid: str(),
                      n: str('base64url'),
                      e: str('base64url'),
                    },
                    required: ['kty', 'use', 'alg', 'kid', 'n', 'e'],
                  },
                },
              },
              required: ['keys'],
            },
            { 'Cache-Control': header('`public, max-age=3600`') },
          ),
        },
      },
    },
  },
};
