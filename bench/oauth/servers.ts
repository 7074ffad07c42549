import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import Fastify from 'fastify';
import Provider from 'oidc-provider';
import { createLogger, loadConfig } from '@idgate/platform';
import { openKeyValueStore, RedisKeyValueStore, type KeyValueStore } from '@idgate/platform/kv';
import { openDatabase } from '@idgate/core';
import { mountOAuth, DEFAULT_LIFETIMES } from '@idgate/oauth';
import { AccessTokenJwt } from '../../oauth/src/provider/access-token-jwt.ts';
import { jwtAccessTokens } from '../../oauth/src/provider/patches.ts';
import type { SigningJwk } from '../../oauth/src/keys/signing-keys.ts';
import { mintCodes, REDIRECT_URI } from './mint.ts';

/**
 * One server per child process: `ours <port> <pg-url|-> <redis-url|->` is the gateway's OAuth
 * mount on Postgres + Redis (or PGlite + the in-process KV when given `-`); `bare <port>` is
 * oidc-provider alone with its in-memory adapter, configured like ours where the spec makes it
 * cost something: an RS256 2048-bit key, PKCE required, refresh rotation, and access tokens
 * issued as RS256 JWTs (spec §2.6) by the same model patch ours uses, so both sign twice per
 * token response. Both answer `{ mint: n }` on IPC with codes.
 */
const [mode, portArg, pgUrl, redisUrl] = process.argv.slice(2);
const port = Number(portArg);
const issuer = `http://127.0.0.1:${port}`;

async function ours() {
  const config = loadConfig({ NODE_ENV: 'test', PORT: String(port), BASE_URL: issuer, LOG_LEVEL: 'silent', OAUTH_TOKEN_AUTH_FAILURES_PER_MINUTE: '1000' });
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const database = await openDatabase(pgUrl !== '-' ? { url: pgUrl, schemaName: schema, poolSize: 10 } : {});
  await database.migrate();
  const kv: KeyValueStore = redisUrl !== '-' ? await RedisKeyValueStore.connect(redisUrl, { prefix: `${schema}:` }) : await openKeyValueStore(undefined);
  const app = Fastify();
  const oauth = await mountOAuth(app, {
    config,
    log: createLogger({ level: 'silent', component: 'bench' }),
    kv,
    sql: (database.pglite ?? database.pool) as never,
    dataKeys: [`k1:${randomBytes(32).toString('base64')}`],
  });
  await app.listen({ host: '127.0.0.1', port });
  const { clientId, clientSecret } = await oauth.clients.create({ tenantId: 'ten_bench', name: 'Bench', redirectUris: [REDIRECT_URI] });
  const user = await oauth.users.create({ email: `${schema}@example.org`, passwordHash: 'unused', displayName: 'Bench' });
  const cleanup = async () => {
    await app.close();
    if (database.pool) await database.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await kv.close();
    await database.close();
  };
  return { provider: () => oauth.provider(), clientId, clientSecret, accountId: user!.id, cleanup };
}

async function bare() {
  const clientId = 'bench-client';
  const clientSecret = randomBytes(24).toString('base64url');
  const l = DEFAULT_LIFETIMES;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = { ...privateKey.export({ format: 'jwk' }), kid: 'bench', alg: 'RS256', use: 'sig', kty: 'RSA' } as SigningJwk;
  const provider = new Provider(issuer, {
    jwks: { keys: [key as never] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, display_name: 'Bench', email: 'bench@example.org', email_verified: true, age_verified: true }),
    }),
    claims: { openid: ['sub'], profile: ['display_name'], email: ['email', 'email_verified'], age_verification: ['age_verified'] },
    scopes: ['openid', 'profile', 'email', 'age_verification'],
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false }, userinfo: { enabled: true } },
    issueRefreshToken: async () => true,
    rotateRefreshToken: true,
    expiresWithSession: async () => false,
    ttl: {
      AccessToken: l.accessToken,
      AuthorizationCode: l.authorizationCode,
      IdToken: l.idToken,
      RefreshToken: l.refreshToken,
      Grant: l.grant,
      Session: l.session,
      Interaction: l.interaction,
    },
  });
  jwtAccessTokens(provider, new AccessTokenJwt(issuer, key, [key]));
  const handle = provider.callback();
  // Fire-and-forget: Koa answers a request's errors itself (ctx.onerror), so this promise never rejects.
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { provider: () => provider, clientId, clientSecret, accountId: 'usr_bench', cleanup: async () => void server.close() };
}

const s = mode === 'bare' ? await bare() : await ours();
process.on('message', (msg: { mint?: number }) => {
  if (msg.mint) void mintCodes(s.provider(), s.clientId, s.accountId, msg.mint).then((codes) => process.send!({ codes }));
});
process.on('SIGTERM', () => void s.cleanup().finally(() => process.exit(0)));
process.send!({ ready: true, clientId: s.clientId, clientSecret: s.clientSecret });
