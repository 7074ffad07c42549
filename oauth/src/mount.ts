import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type Provider from 'oidc-provider';
import { unstorableText, unstorableTextRefusal } from '@idgate/protos';
import type { Config, Logger } from '@idgate/platform';
import type { KeyValueStore } from '@idgate/platform/kv';
import type { SqlHandle } from './db/sql.ts';
import { settingsFrom, authPath, type OAuthSettings } from './settings.ts';
import { SealingCipher } from './crypto/cipher.ts';
import { SigningKeys } from './keys/signing-keys.ts';
import { ClientRegistry } from './clients/client-registry.ts';
import { ClaimsSnapshots } from './accounts/claims-snapshots.ts';
import { UsersRepository } from './accounts/users.repository.ts';
import { AccountService } from './accounts/account-service.ts';
import { GrantsService } from './accounts/grants.ts';
import { buildProvider } from './provider/build-provider.ts';
import { sweepExpired } from './adapter/sql-adapter.ts';
import { devMailbox, type Mailer } from './mail/mailer.ts';
import { SmtpMailer } from './mail/smtp-mailer.ts';
import { DevMailer } from './mail/dev-mailer.ts';
import { MailboxDirectory } from './mail/mailbox-dir.ts';
import { registerFormParser } from './web/http-helpers.ts';
import { consentRoutes } from './web/consent.routes.ts';
import { portalRoutes } from './web/portal.routes.ts';
import { PortalSessions } from './web/portal-session.ts';
import { LoginGuard } from './accounts/login-guard.ts';
import { PasskeyService } from './passkeys/passkey-service.ts';
import { passkeyRoutes } from './passkeys/passkeys.routes.ts';
import { saveRoutes } from './web/save.routes.ts';
import type { AgeOfferSource } from './accounts/age-offers.ts';
import { SharedSignIn } from './web/shared-sign-in.ts';
import { consentSignUpRoutes } from './web/consent-signup.routes.ts';

export interface OAuthDeps {
  config: Config;
  log: Logger;
  kv: KeyValueStore;
  /** The database: core's PGlite instance in embedded mode, a pg Pool otherwise. */
  sql: SqlHandle;
  /** DATA_KEYS (`kid:base64`): seal the signing keys and derive cookie keys. */
  dataKeys: string[];
  mailer?: Mailer;
  settings?: Partial<OAuthSettings>;
  /** Offers of passed verifications (core's ServiceIdService); without it there is no save page. */
  offers?: AgeOfferSource;
}

export interface OAuthHandle {
  clients: ClientRegistry;
  users: UsersRepository;
  settings: OAuthSettings;
  /** Passkeys of service IDs (WebAuthn): registration, discoverable sign-in, listing, removal. */
  passkeys: PasskeyService;
  /**
   * The development mailbox folder (DATA_DIR/mailbox): only without SMTP_URL, outside production,
   * and when no Mailer was given. The admin API lists it (`GET /admin/v1/oauth/mailbox`).
   */
  mailbox?: MailboxDirectory;
  /** The mail transport of this mount (SMTP, or the development mailbox): the dashboard's invitations use it too. */
  mailer: Mailer;
  provider(): Provider;
  /** Retires the signing key and starts signing with a new one (C-OIDF-8); returns its kid. */
  rotateSigningKey(): Promise<string>;
  close(): Promise<void>;
}

const KEY_REFRESH_MS = 5 * 60_000;
const SWEEP_MS = 10 * 60_000;

/**
 * Mounts the OpenID Connect provider on the gateway: oidc-provider's endpoints under /oauth
 * and /.well-known, the login/consent screens and the user portal under {auth_url}'s path.
 * The tables must exist (core's migrations create them).
 */
export async function mountOAuth(app: FastifyInstance, d: OAuthDeps): Promise<OAuthHandle> {
  const settings = settingsFrom(d.config, d.settings);
  const keys = new SigningKeys(d.sql, new SealingCipher(d.dataKeys), Math.max(settings.lifetimes.accessToken, settings.lifetimes.idToken));
  const clients = new ClientRegistry(d.sql, { production: settings.production });
  const snapshots = new ClaimsSnapshots(d.kv);
  const users = new UsersRepository(d.sql, snapshots);
  const build = async () =>
    buildProvider({ settings, sql: d.sql, kv: d.kv, log: d.log, clients, users, snapshots, keys: await keys.load(), dataKeys: d.dataKeys });
  let provider = await build();
  let kids = kidsOf(provider);
  // Other instances rotate keys too: pick up a changed key set without a restart.
  const refresh = async () => {
    const next = await keys.load();
    if (next.published.map((k) => k.kid).join() !== kids) ({ provider, kids } = await rebuilt(build));
  };
  const timers = [
    setInterval(() => void refresh().catch((err) => d.log.warn({ err }, 'signing key refresh failed')), KEY_REFRESH_MS),
    setInterval(() => void sweepExpired(d.sql).catch(() => undefined), SWEEP_MS),
  ];
  for (const t of timers) t.unref();

  mountProviderRoutes(app, () => provider, settings);
  const base = authPath(settings);
  const grants = new GrantsService({ sql: d.sql, clients, users, provider: () => provider });
  const from = d.config.mailFrom ?? `idgate <no-reply@${new URL(settings.issuer).hostname}>`;
  const smtp = !d.mailer && d.config.smtpUrl ? new SmtpMailer(d.config.smtpUrl, from) : undefined;
  if (!d.mailer && !smtp && settings.production) d.log.warn('SMTP_URL is not set: email verification links are kept in the development mailbox and never sent');
  // Production never writes confirmation links to disk: there, SMTP_URL is the way mail goes out.
  const mailbox = !d.mailer && !smtp && !settings.production ? new MailboxDirectory(join(resolve(d.config.dataDir), 'mailbox')) : undefined;
  if (mailbox) d.log.info({ dir: mailbox.dir }, 'SMTP_URL is not set: mails go to the development mailbox (npm run admin -- mailbox)');
  const mailer = d.mailer ?? smtp ?? new DevMailer({ memory: devMailbox, folder: mailbox, from, log: d.log });
  const accounts = new AccountService({ users, kv: d.kv, mailer, authUrl: settings.authUrl });
  const sessions = new PortalSessions(d.kv);
  const secureCookies = settings.issuer.startsWith('https:');
  const signIn = new SharedSignIn({ provider: () => provider, sessions, users, base, secureCookies });
  const passkeys = new PasskeyService({ sql: d.sql, kv: d.kv, rp: settings.webauthn });
  await app.register(async (scope) => {
    registerFormParser(scope);
    scope.addHook('onRequest', async (req) => {
      pinOrigin(req, settings);
      // The pages' query strings under the forms' rule (`?uid=%00` must not reach the database).
      const issues = unstorableText(req.query, ['query']);
      if (issues.length) throw unstorableTextRefusal(issues);
    });
    consentRoutes(scope, { provider: () => provider, accounts, clients, base, signIn });
    consentSignUpRoutes(scope, { provider: () => provider, accounts, signIn, base, log: d.log });
    portalRoutes(scope, { accounts, users, grants, sessions, passkeys, base, secureCookies, log: d.log, signIn });
    if (d.offers) saveRoutes(scope, { offers: d.offers, accounts, users, sessions, signIn, kv: d.kv, base, secureCookies, log: d.log });
    passkeyRoutes(scope, {
      passkeys,
      provider: () => provider,
      users,
      sessions,
      signIn,
      guard: new LoginGuard(d.kv),
      base,
      authOrigin: new URL(settings.authUrl).origin,
      secureCookies,
    });
  });

  return {
    clients,
    users,
    settings,
    passkeys,
    mailbox,
    mailer,
    provider: () => provider,
    async rotateSigningKey() {
      const kid = await keys.rotate();
      ({ provider, kids } = await rebuilt(build));
      return kid;
    },
    async close() {
      for (const t of timers) clearInterval(t);
      smtp?.close();
    },
  };
}

async function rebuilt(build: () => Promise<Provider>): Promise<{ provider: Provider; kids: string }> {
  const provider = await build();
  return { provider, kids: kidsOf(provider) };
}

function kidsOf(provider: Provider): string {
  return ((provider as unknown as { jwks?: { keys: { kid: string }[] } }).jwks?.keys ?? []).map((k) => k.kid).join();
}

/** oidc-provider's endpoints under /oauth (provider/build-provider.ts `routes`) and their methods. */
const PROVIDER_ROUTES: ReadonlyArray<readonly [string, readonly HTTPMethods[]]> = [
  ['/oauth/authorize', ['GET', 'POST']],
  ['/oauth/authorize/:uid', ['GET']], // resumes an authorization after the login/consent interaction
  ['/oauth/token', ['POST']],
  ['/oauth/userinfo', ['GET', 'POST']],
  ['/oauth/revoke', ['POST']],
  ['/oauth/introspect', ['POST']],
];

/** An OPTIONS request that is no CORS preflight gets 204 and Allow; a preflight goes to the provider. */
function withPlainOptions(methods: readonly HTTPMethods[], handler: (req: FastifyRequest, reply: FastifyReply) => Promise<void>) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (req.method === 'OPTIONS' && !req.headers['access-control-request-method']) {
      await reply
        .code(204)
        .header('allow', [...methods, 'OPTIONS'].join(', '))
        .send();
      return;
    }
    return handler(req, reply);
  };
}

/**
 * oidc-provider (Koa) gets the raw request: its own body parsing, cookies and responses. The
 * Fastify scope has a pass-through content-type parser so the body stream stays unread.
 */
function mountProviderRoutes(app: FastifyInstance, provider: () => Provider, settings: OAuthSettings): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const callbacks = new WeakMap<Provider, ReturnType<Provider['callback']>>();
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      pinOrigin(req, settings);
      reply.hijack();
      const p = provider();
      let callback = callbacks.get(p);
      if (!callback) callbacks.set(p, (callback = p.callback()));
      await callback(req.raw, reply.raw);
    };
    const hide = { hide: true, tags: ['oauth'] };
    // Each endpoint with exactly its methods (OPTIONS: CORS preflight), so a wrong method is a 405
    // naming the right ones (Allow), in JSON, never the provider's plain-text 404.
    for (const [url, methods] of PROVIDER_ROUTES)
      scope.route({ method: [...methods, 'OPTIONS'], url, handler: withPlainOptions(methods, handler), schema: hide });
    scope.route({ method: ['GET', 'OPTIONS'], url: '/.well-known/openid-configuration', handler, schema: hide });
    // RFC 8414 metadata (RFC 9700 §2 item 11): oidc-provider serves the same document there.
    scope.route({ method: ['GET', 'OPTIONS'], url: '/.well-known/oauth-authorization-server', handler, schema: hide });
    scope.route({ method: ['GET', 'OPTIONS'], url: '/.well-known/jwks.json', handler, schema: hide });
  });
}

/**
 * Every URL and cookie the provider makes follows {base_url}, whatever Host the request
 * carried (discovery never reflects a forged Host header). The client address is the one
 * Fastify resolved (it honours the gateway's trustProxy).
 */
function pinOrigin(req: FastifyRequest, settings: OAuthSettings): void {
  const issuer = new URL(settings.issuer);
  req.raw.headers['x-forwarded-host'] = issuer.host;
  req.raw.headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
  req.raw.headers['x-forwarded-for'] = req.ip;
}
