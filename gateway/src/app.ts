import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { CoreClients } from '@idgate/protos';
import type { Config, Logger } from '@idgate/platform';
import type { KeyValueStore } from '@idgate/platform/kv';
import { mountOAuth, type SqlHandle } from '@idgate/oauth';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler.ts';
import { clientErrorHandler } from './plugins/client-error.ts';
import { refuseUnstorableUrlText, registerJsonBodyParser } from './plugins/json-body.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { refuseDuringShutdown } from './plugins/refuse-during-shutdown.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { verifyRoutes } from './routes/verify.routes.ts';
import { widgetRoutes } from './routes/widget.routes.ts';
import { ageOffersFrom, passkeySignIn, serviceIdRoutes, type ServiceIdSignIn } from './routes/service-id.routes.ts';
import { walletEndpointRoutes, walletRoutes } from './routes/wallet.routes.ts';
import { adminRoutes } from './routes/admin.routes.ts';
import { webhookAdminRoutes } from './routes/webhook-admin.routes.ts';
import { oauthAdminRoutes } from './routes/oauth-admin.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { teamAdminRoutes } from './routes/team-admin.routes.ts';
import { healthRoutes } from './routes/health.routes.ts';
import { createDecisionClients } from '@idgate/protos';
import { documentRoutes } from './routes/document.routes.ts';
import { reviewRoutes } from './routes/review.routes.ts';
import { faceRoutes } from './routes/face.routes.ts';
import { rulesRoutes } from './routes/rules.routes.ts';
import { widgetPage } from './pages/widget.page.ts';
import { faviconRoutes } from './pages/favicon.ts';
import { widgetAssetRoutes } from './routes/widget-assets.routes.ts';
import { ensureWidgetBuild } from './widget/build/build-widget.ts';
import { refuseBearer } from './routes/context.ts';
import { ImageUploads } from './plugins/image-upload.ts';
import { UploadBudget, type UploadLimits } from './plugins/upload-budget.ts';

export interface GatewaySettings {
  baseUrl: string;
  bodyLimitBytes: number;
  /** REQUEST_TIMEOUT_MS: a request whose headers and body are not all in by then gets 408. */
  requestTimeoutMs: number;
  adminToken: string;
  rateLimits: { init: number; tokenVerify: number; widget: number; wallet: number };
  /** Origins the widget runs on (WIDGET_URL's and BASE_URL's): a DC API wallet request is made only for these. Default: BASE_URL's. */
  widgetOrigins?: readonly string[];
  /** Fastify's trustProxy: the proxies' addresses/CIDRs (TRUST_PROXY); unset: the socket address. */
  trustProxy?: string[];
  /** Largest accepted image (INFERENCE_MAX_IMAGE_BYTES): document photos, Face 2FA and blacklist images. */
  maxImageBytes: number;
  /** Largest camera frame of the frames route (FACE_FRAME_MAX_BYTES); sizes its body limit. */
  maxFrameBytes: number;
  /** In-flight budgets of the image routes (UPLOAD_* settings; plugins/image-upload.ts). */
  uploadLimits: UploadLimits;
  /** Clock of the rate-limit windows (tests inject a manual one). */
  now?: () => number;
  /** Models the hosted widget runs on the device (MODELS_DIR, MODELS_MANIFEST); without it no models are served. */
  widget?: { modelsDir: string; manifestPath: string };
}

export interface GatewayDeps {
  core: CoreClients;
  kv: KeyValueStore;
  log: Logger;
  settings: GatewaySettings;
  /** The OpenID Connect provider's storage (docs/oauth.md); without it /oauth is not mounted. */
  oauth?: { config: Config; sql: SqlHandle; dataKeys: string[] };
}

/**
 * Node's HTTP server timeouts for REQUEST_TIMEOUT_MS. Node looks for expired requests every
 * connectionsCheckingInterval (30 s by default): a shorter timeout is looked at proportionally more
 * often. The headers' own timeout (Node's 60 s) must not outlast the whole request's.
 */
function httpServerTimeouts(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: Math.min(60_000, requestTimeoutMs),
    connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(requestTimeoutMs / 4))),
  };
}

/** Builds the Fastify app (never listens: tests use inject() or listen on port 0). */
/** The app, with the shutdown switch and the table of every route it registered (read by the tests' route sweeps). */
export type GatewayApp = FastifyInstance & { markShuttingDown(): void; routeTable(): { url: string; methods: string[] }[] };

export async function buildApp(d: GatewayDeps): Promise<GatewayApp> {
  let shuttingDown = false;
  const app = Fastify({
    loggerInstance: d.log as unknown as FastifyBaseLogger,
    // Request URLs carry tokens (/result/xtk_...): Fastify's automatic request logs are off and
    // the onResponse hook below logs the route pattern only.
    logController: new LogController({ disableRequestLogging: true }),
    // No child logger per request: pino serialises a child's bindings on creation, which cost
    // more than the request's own logging (2-3% of the gateway's CPU in bench/verify-flow). The
    // lines we write carry reqId themselves (the response line below, the error handler).
    childLoggerFactory: (logger) => logger,
    bodyLimit: d.settings.bodyLimitBytes,
    // A body that stops arriving must not hold its connection (and its buffered bytes) for ever:
    // Node answers 408 through clientErrorHandler and closes it (docs/errors.md "Malformed requests").
    // Node takes these when the server is created (`http`): Fastify's own requestTimeout is only
    // assigned afterwards, which alone did not take effect, so both say the same.
    requestTimeout: d.settings.requestTimeoutMs,
    http: httpServerTimeouts(d.settings.requestTimeoutMs),
    trustProxy: d.settings.trustProxy ?? false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(given) ? given : randomUUID();
    },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true, useDefaults: false } },
    // Requests that arrive while shutting down are refused by refuseDuringShutdown, in the
    // catalogue's or OAuth's shape, not with Fastify's own body.
    return503OnClosing: false,
    // Refusals made before any route runs answer in the catalogue envelope too, never quoting
    // the URL or the request bytes (docs/errors.md "Malformed requests").
    frameworkErrors: frameworkErrors(d.log),
    clientErrorHandler: clientErrorHandler(d.log),
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook(
    'onRequest',
    refuseDuringShutdown(() => shuttingDown),
  );
  // At send time, not at arrival: a request already in flight when shutdown began must also
  // tell its client to stop reusing the connection (docs/operations.md).
  app.addHook('onSend', async (_req, reply) => {
    if (shuttingDown) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (req, reply) => {
    if (d.log.isLevelEnabled('info'))
      d.log.info(
        { reqId: req.id, method: req.method, route: req.routeOptions.url ?? 'unmatched', status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request',
      );
  });
  const routeIndex = registerErrorHandler(app, d.log);
  registerJsonBodyParser(app);
  app.addHook('onRequest', refuseUnstorableUrlText);
  await registerOpenApi(app, d.settings.baseUrl);
  registerMetrics(app);
  healthRoutes(app, { core: d.core, isShuttingDown: () => shuttingDown });
  // Decisions (docs/decisions/): document capture, review queue, project rules, service IDs; one shared core channel.
  const channel = d.core.verification.getChannel();
  const decisionClients = createDecisionClients(channel.getTarget(), channel);
  // Path D signs in through the OpenID Connect provider's passkeys, mounted after the verify routes.
  const serviceIdSignIn: { current?: ServiceIdSignIn } = {};
  // One budget for every image route of this process: what they hold together is what bounds its memory.
  const uploads = new ImageUploads(new UploadBudget(d.settings.uploadLimits), d.log);
  app.addHook('onClose', uploads.track());
  // Encapsulated: the Bearer refusal and other verify-API hooks apply to /verify/v1 only.
  await app.register(async (verify) => {
    verify.addHook('onRequest', refuseBearer);
    verifyRoutes(verify, {
      core: d.core,
      kv: d.kv,
      now: d.settings.now,
      limits: { init: d.settings.rateLimits.init, tokenVerify: d.settings.rateLimits.tokenVerify },
    });
    widgetRoutes(verify, {
      core: d.core,
      kv: d.kv,
      now: d.settings.now,
      perMinute: d.settings.rateLimits.widget,
      uploads,
      maxFrameBytes: d.settings.maxFrameBytes,
    });
    serviceIdRoutes(verify, {
      core: d.core,
      kv: d.kv,
      now: d.settings.now,
      perMinute: d.settings.rateLimits.widget,
      signIn: () => serviceIdSignIn.current,
      secureCookies: d.settings.baseUrl.startsWith('https:'),
    });
    walletRoutes(verify, {
      clients: decisionClients,
      kv: d.kv,
      now: d.settings.now,
      settings: {
        perMinute: d.settings.rateLimits.wallet,
        widgetOrigins: d.settings.widgetOrigins ?? [new URL(d.settings.baseUrl).origin],
        secureCookies: d.settings.baseUrl.startsWith('https:'),
      },
    });
    documentRoutes(verify, {
      core: d.core,
      kv: d.kv,
      now: d.settings.now,
      perMinute: d.settings.rateLimits.widget,
      uploads,
      maxImageBytes: d.settings.maxImageBytes,
    });
    reviewRoutes(verify, { clients: decisionClients });
    rulesRoutes(verify, { clients: decisionClients });
    faceRoutes(verify, { clients: decisionClients, uploads, maxImageBytes: d.settings.maxImageBytes });
  });
  await walletEndpointRoutes(app, { clients: decisionClients, kv: d.kv, now: d.settings.now, settings: { perMinute: d.settings.rateLimits.wallet } });
  adminRoutes(app, { core: d.core, adminToken: d.settings.adminToken });
  webhookAdminRoutes(app, { core: d.core, adminToken: d.settings.adminToken });
  const oauth = d.oauth
    ? await mountOAuth(app, {
        ...d.oauth,
        log: d.log,
        kv: d.kv,
        settings: { trustProxy: d.settings.trustProxy !== undefined },
        offers: ageOffersFrom(decisionClients),
      })
    : undefined;
  if (oauth) app.addHook('onClose', () => oauth.close());
  if (oauth) serviceIdSignIn.current = passkeySignIn(oauth);
  oauthAdminRoutes(app, { core: d.core, adminToken: d.settings.adminToken, oauth });
  dashboardRoutes(app, {
    clients: decisionClients,
    baseUrl: d.settings.baseUrl,
    mailer: () => oauth?.mailer,
    maxImageBytes: d.settings.maxImageBytes,
    kv: d.kv,
  });
  teamAdminRoutes(app, { clients: decisionClients, adminToken: d.settings.adminToken, baseUrl: d.settings.baseUrl, mailer: () => oauth?.mailer });
  // The hosted widget (docs/widget.md): rebuilt here when its sources changed, so start and tests never serve a stale bundle.
  const widgetBuild = await ensureWidgetBuild();
  widgetPage(app, widgetBuild, { saveUrl: oauth ? `${oauth.settings.authUrl}/save` : undefined });
  faviconRoutes(app);
  if (d.settings.widget) widgetAssetRoutes(app, { build: widgetBuild, ...d.settings.widget });
  await app.ready();
  const out = app as unknown as GatewayApp;
  out.routeTable = () => routeIndex.list();
  out.markShuttingDown = () => {
    shuttingDown = true;
  };
  return out;
}
