import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { cpus } from 'node:os';

/**
 * Every setting of idgate, one row each: the environment variable, its type, its default for the
 * embedded mode, and a description (docs/configuration.md's table is generated from it;
 * deploy/env.example is checked against it by deploy/src/manifests.spec.ts).
 * `secret` fields are redacted wherever config is printed or logged.
 */
export type FieldType = 'string' | 'int' | 'bool' | 'url' | 'enum' | 'list';

export interface FieldSpec {
  env: string;
  type: FieldType;
  description: string;
  default?: string | ((env: Record<string, string | undefined>) => string | undefined);
  values?: readonly string[];
  min?: number;
  max?: number;
  secret?: boolean;
  /** A rule beyond the type: the problem with the parsed value, or undefined when it is fine. Never quotes a secret. */
  check?: (value: unknown) => string | undefined;
}

const cores = Math.max(1, cpus().length);

export const FIELDS = {
  nodeEnv: {
    env: 'NODE_ENV',
    type: 'enum',
    values: ['development', 'production', 'test'],
    default: 'development',
    description:
      'development allows http://localhost callbacks and webhooks and generated keys; production refuses embedded defaults and an http BASE_URL, WIDGET_URL or AUTH_URL (except on a loopback host).',
  },
  host: { env: 'HOST', type: 'string', default: '127.0.0.1', description: 'Interface the HTTP gateway (and the METRICS_PORT listener) listens on.' },
  port: { env: 'PORT', type: 'int', min: 0, max: 65535, default: '8080', description: 'HTTP port of the gateway.' },
  metricsPort: {
    env: 'METRICS_PORT',
    type: 'int',
    min: 0,
    max: 65535,
    description:
      'Port of a /metrics-only HTTP listener on HOST for the processes that have no HTTP server: npm run start:core and npm run start:inference (GET /metrics, anything else 404). Unset: none. The gateway and npm start serve /metrics on PORT and ignore it.',
  },
  baseUrl: {
    env: 'BASE_URL',
    type: 'url',
    default: (e) => `http://localhost:${e.PORT ?? '8080'}`,
    description: '{base_url}: public address of the API; also the OIDC issuer.',
  },
  widgetUrl: {
    env: 'WIDGET_URL',
    type: 'url',
    default: (e) => `${trimSlash(e.BASE_URL ?? `http://localhost:${e.PORT ?? '8080'}`)}/widget`,
    description: '{widget_url}: address of the hosted verification widget (verify_url = {widget_url}?t=<init_token>).',
  },
  authUrl: {
    env: 'AUTH_URL',
    type: 'url',
    default: (e) => `${trimSlash(e.BASE_URL ?? `http://localhost:${e.PORT ?? '8080'}`)}/auth`,
    description: '{auth_url}: address of the hosted login/consent screen.',
  },
  trustProxy: {
    env: 'TRUST_PROXY',
    type: 'list',
    check: (v) => trustProxyProblem(v as string[]),
    description:
      'Proxies whose X-Forwarded-For the gateway believes for the client address (ip_country, rate limits by address, the OAuth lockout): comma-separated IP addresses or CIDR ranges of your load balancers (a hop count is not accepted: it cannot tell a proxy from a client that forges the header). Unset: the socket address; behind a load balancer every client then has its address.',
  },
  dataDir: {
    env: 'DATA_DIR',
    type: 'string',
    default: './.data',
    description:
      'Embedded database (PGlite) and generated keys live here. One process per folder: a second one stops at start-up with DATA_DIR_IN_USE (a lock whose process is gone is taken over).',
  },
  databaseUrl: {
    env: 'DATABASE_URL',
    type: 'string',
    secret: true,
    check: (v) => urlWithScheme(v, ['postgres:', 'postgresql:']),
    description: 'postgres:// URL; when set, Postgres is used instead of the embedded PGlite.',
  },
  databaseSchema: {
    env: 'DATABASE_SCHEMA',
    type: 'string',
    description: 'Postgres schema holding the tables (created if missing); the connection default (public) when unset.',
  },
  databasePoolSize: {
    env: 'DATABASE_POOL_SIZE',
    type: 'int',
    min: 1,
    max: 200,
    default: '10',
    description: 'Connections in the Postgres pool (ignored for PGlite).',
  },
  redisUrl: {
    env: 'REDIS_URL',
    type: 'string',
    secret: true,
    check: (v) => urlWithScheme(v, ['redis:', 'rediss:']),
    description: 'redis:// URL; when set, Redis is used instead of the in-process twin.',
  },
  redisKeyPrefix: {
    env: 'REDIS_KEY_PREFIX',
    type: 'string',
    check: (v) => (/^[A-Za-z0-9._:-]{1,64}$/.test(String(v)) ? undefined : 'must be 1-64 of A-Z a-z 0-9 . _ : -'),
    description:
      "Put before every Redis key this service writes (e.g. staging:), so that instances sharing one Redis (staging and production, as DATABASE_SCHEMA separates their tables) never see each other's rate limits, OAuth sessions or caches. Unset: no prefix.",
  },
  modelsDir: {
    env: 'MODELS_DIR',
    type: 'string',
    default: () => defaultModelsDir(),
    description:
      'Folder holding the ONNX model files named in the models manifest. Default ./models, or ../shared/models when ./models does not exist (the layout of a development checkout).',
  },
  modelsManifest: {
    env: 'MODELS_MANIFEST',
    type: 'string',
    default: 'inference/models.manifest.json',
    description:
      'The models manifest (file, sha256, role, calibrated thresholds per model); core reads the on-device policy (required model hashes, liveness threshold, the age model gate policy) from it.',
  },
  adminToken: {
    env: 'ADMIN_TOKEN',
    type: 'string',
    secret: true,
    description:
      'Bearer token of the admin API. When unset, one is generated on first start and written to DATA_DIR/admin-token (mode 0600), where the admin CLI finds it.',
  },
  dataKeys: {
    env: 'DATA_KEYS',
    type: 'list',
    secret: true,
    description:
      'Encryption keys for data at rest (webhook secrets, data-match claims, signing keys): comma-separated kid:base64(32 bytes); the first encrypts, all decrypt (rotation). Generated into DATA_DIR when unset outside production.',
  },
  logLevel: {
    env: 'LOG_LEVEL',
    type: 'enum',
    values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    default: 'info',
    description: 'pino log level.',
  },
  coreMultiplex: {
    env: 'CORE_MULTIPLEX',
    type: 'bool',
    description:
      'true: the gateway sends the hot verify calls (init, result, status, token verification) to core as messages on one long-lived gRPC bidirectional stream; false: one unary call each (docs/architecture.md "Gateway → core transport"). Unset: true (core runs on another event loop in every shape: its own process, or its own thread of the all-in-one process).',
  },
  coreGrpcAddress: {
    env: 'CORE_GRPC_ADDRESS',
    type: 'string',
    default: '127.0.0.1:50051',
    check: (v) => hostPort(String(v).replace(/^dns:\/\/\//, '')),
    description:
      'host:port where core serves gRPC (the gateway dials it). A gateway in its own process also takes dns:///name:port (e.g. a headless Service): it then spreads its calls over every address the name resolves to (round_robin); core itself binds host:port.',
  },
  inferenceGrpcAddress: {
    env: 'INFERENCE_GRPC_ADDRESS',
    type: 'string',
    default: '127.0.0.1:50052',
    check: (v) => hostPort(String(v)),
    description: 'host:port where this inference node serves gRPC.',
  },
  inferenceNodes: {
    env: 'INFERENCE_NODES',
    type: 'list',
    default: '127.0.0.1:50052',
    check: (v) => (v as string[]).map((a) => hostPort(a.replace(/^dns:(\/\/\/)?/, ''))).find(Boolean),
    description: 'Inference nodes core schedules jobs on: comma-separated host:port, or dns:///name:port for a headless service.',
  },
  inferenceEnabled: { env: 'INFERENCE_ENABLED', type: 'bool', default: 'true', description: 'Whether the all-in-one launcher starts an inference node.' },
  inferencePoolSize: {
    env: 'INFERENCE_POOL_SIZE',
    type: 'int',
    min: 1,
    max: 256,
    default: String(cores),
    description: 'Piscina worker threads per inference node (default: CPU cores).',
  },
  inferenceIntraOpThreads: {
    env: 'INFERENCE_INTRA_OP_THREADS',
    type: 'int',
    min: 1,
    max: 64,
    default: '1',
    description: 'onnxruntime intra-op threads per worker; pool size × this should not exceed the cores.',
  },
  inferenceTasksPerWorker: {
    env: 'INFERENCE_TASKS_PER_WORKER',
    type: 'int',
    min: 1,
    max: 8,
    default: '2',
    description:
      "Jobs an inference worker runs interleaved: while one job's image is decoded on libvips' threads, the worker runs another's models. 2 keeps both cores of a 2-worker node busy (about 10% more checks per second than 1, measured by npm run bench:inference); 1: one job at a time per worker.",
  },
  inferenceMaxQueue: {
    env: 'INFERENCE_MAX_QUEUE',
    type: 'int',
    min: 0,
    max: 100000,
    default: '64',
    description: 'Jobs waiting per inference node, beyond those its workers are running, before it answers RESOURCE_EXHAUSTED (backpressure).',
  },
  inferenceExecutionProvider: {
    env: 'INFERENCE_EXECUTION_PROVIDER',
    type: 'enum',
    values: ['cpu', 'cuda', 'webgpu'],
    default: 'cpu',
    description:
      "onnxruntime execution provider of the face models: cuda needs onnxruntime-node's CUDA libraries (not installed by default); webgpu needs a GPU driver with Vulkan and libvulkan1. Falls back to cpu, saying why in the log and in inference health, when the provider cannot load.",
  },
  inferenceWorkerHeapFloorMb: {
    env: 'INFERENCE_WORKER_HEAP_FLOOR_MB',
    type: 'int',
    min: 0,
    max: 65536,
    default: '128',
    description:
      "V8 old-generation size (MB) below which inference workers skip full garbage collections (node --initial-old-space-size, set process-wide when the pool starts; a value given on the node command line wins). 0: V8's default, under which a worker runs a full collection every three to six facial checks (about 9% more CPU per check, measured by npm run bench:inference).",
  },
  inferenceMaxPixels: {
    env: 'INFERENCE_MAX_PIXELS',
    type: 'int',
    min: 10000,
    max: 400_000_000,
    default: '40000000',
    description: 'Images with more pixels are refused before decoding.',
  },
  inferenceMaxImageBytes: {
    env: 'INFERENCE_MAX_IMAGE_BYTES',
    type: 'int',
    min: 1024,
    max: 100_000_000,
    default: '15000000',
    description:
      'Largest accepted image in bytes: document photos, Face 2FA and blacklist images at the gateway (a camera frame has FACE_FRAME_MAX_BYTES), and any image an inference node decodes.',
  },
  faceFrameMaxBytes: {
    env: 'FACE_FRAME_MAX_BYTES',
    type: 'int',
    min: 1024,
    max: 100_000_000,
    default: '4000000',
    description:
      'Largest camera frame (image bytes) of POST /verify/v1/widget/session/frames (1-8 frames). The widget asks the camera for 640x480 and sends JPEG at quality 0.9, about 50-200 kB; a 4K camera frame with sensor noise is about 1.6 MB. A larger frame is 413 IMAGE_TOO_LARGE, and a body too large for 8 of them is refused from its Content-Length before it is read. Document photos, Face 2FA and blacklist images keep INFERENCE_MAX_IMAGE_BYTES.',
  },
  uploadClientMaxInFlight: {
    env: 'UPLOAD_CLIENT_MAX_IN_FLIGHT',
    type: 'int',
    min: 1,
    max: 100_000,
    default: '8',
    description:
      'Image requests (widget frames and document, Face 2FA, blacklist image) one client may have in flight in one gateway process: a widget client by its address, a tenant by its API key. One more is refused before its body is read: 429 UPLOADS_IN_FLIGHT with Retry-After.',
  },
  uploadClientMaxBytesInFlight: {
    env: 'UPLOAD_CLIENT_MAX_BYTES_IN_FLIGHT',
    type: 'int',
    min: 1024,
    max: 10_000_000_000,
    default: '48000000',
    description:
      "Body bytes of the image requests one client may have in flight in one gateway process (each counted by its Content-Length, or by its route's body limit when it has none). Over it: 429 UPLOADS_IN_FLIGHT with Retry-After, before the body is read. Must hold the largest image request (8 frames of FACE_FRAME_MAX_BYTES, or one image of INFERENCE_MAX_IMAGE_BYTES, as base64).",
  },
  uploadMaxInFlight: {
    env: 'UPLOAD_MAX_IN_FLIGHT',
    type: 'int',
    min: 1,
    max: 100_000,
    default: '32',
    description:
      'Image requests one gateway process holds in flight, all clients together. One more is refused before its body is read: 503 UPLOADS_BUSY with Retry-After.',
  },
  uploadMaxBytesInFlight: {
    env: 'UPLOAD_MAX_BYTES_IN_FLIGHT',
    type: 'int',
    min: 1024,
    max: 10_000_000_000,
    default: '64000000',
    description:
      'Body bytes of the image requests one gateway process holds in flight, all clients together; each admitted byte raised the peak resident memory of the all-in-one by 5 to 12 bytes (parsed, decoded, sent on to core and inference, and not yet collected; npm run bench:upload-flood). Over it: 503 UPLOADS_BUSY with Retry-After, before the body is read. Must hold the largest image request, and at least UPLOAD_CLIENT_MAX_BYTES_IN_FLIGHT.',
  },
  sessionTtlSeconds: {
    env: 'SESSION_TTL_SECONDS',
    type: 'int',
    min: 60,
    max: 86400,
    default: '1800',
    description: 'Time to live of a verification session before it expires (spec: about 30 minutes).',
  },
  initTokenTtlSeconds: {
    env: 'INIT_TOKEN_TTL_SECONDS',
    type: 'int',
    min: 30,
    max: 3600,
    default: '600',
    description: 'Lifetime of the xit_ init token (spec: 10 minutes).',
  },
  resultTokenTtlSeconds: {
    env: 'RESULT_TOKEN_TTL_SECONDS',
    type: 'int',
    min: 300,
    max: 2592000,
    default: '604800',
    description: 'Lifetime of the xtk_ result token, counted from session creation (returned as expires_at).',
  },
  deviceNonceTtlSeconds: {
    env: 'DEVICE_NONCE_TTL_SECONDS',
    type: 'int',
    min: 10,
    max: 1800,
    default: '300',
    description: 'Lifetime of the server nonce an on-device verdict must be bound to.',
  },
  rateLimitInitPerMinute: {
    env: 'RATE_LIMIT_INIT_PER_MINUTE',
    type: 'int',
    min: 1,
    max: 1_000_000,
    default: '1000',
    description: 'SDK initialization limit per API key (spec §8: 1000/min).',
  },
  rateLimitTokenVerifyPerMinute: {
    env: 'RATE_LIMIT_TOKEN_VERIFY_PER_MINUTE',
    type: 'int',
    min: 1,
    max: 1_000_000,
    default: '100',
    description: 'Token verification limit per API key (spec §8: 100/min).',
  },
  rateLimitWalletPerMinute: {
    env: 'RATE_LIMIT_WALLET_PER_MINUTE',
    type: 'int',
    min: 1,
    max: 1_000_000,
    default: '60',
    description:
      'EU wallet path calls per minute (spec §8: 60/min): per widget session on the widget wallet calls, per transaction and per client address on the calls wallets make (/wallet/v1).',
  },
  walletVerifierCert: {
    env: 'WALLET_VERIFIER_CERT',
    type: 'string',
    description:
      "PEM file with the EU wallet verifier's access (registration) certificate chain, leaf first, issued by a Member State's access-certificate authority. Unset on an embedded start (no DATABASE_URL, not production): a self-signed development certificate is generated once into DATA_DIR/wallet/, which real wallets refuse (docs/wallet.md). Path E also needs a trust source (WALLET_TRUST_*).",
  },
  walletVerifierKey: {
    env: 'WALLET_VERIFIER_KEY',
    type: 'string',
    description: 'PEM file with the PKCS#8 P-256 private key of WALLET_VERIFIER_CERT; it signs the OpenID4VP request objects.',
  },
  walletTransactionTtlSeconds: {
    env: 'WALLET_TRANSACTION_TTL_SECONDS',
    type: 'int',
    min: 30,
    max: 900,
    default: '300',
    description: 'Lifetime of one wallet transaction (nonce and response key); it is purged from the key-value store after it.',
  },
  rateLimitWidgetPerMinute: {
    env: 'RATE_LIMIT_WIDGET_PER_MINUTE',
    type: 'int',
    min: 1,
    max: 1_000_000,
    default: '120',
    description: 'Widget-facing calls per client address per minute (protects on-device verdict submission).',
  },
  bodyLimitBytes: {
    env: 'BODY_LIMIT_BYTES',
    type: 'int',
    min: 1024,
    max: 100_000_000,
    default: '65536',
    description: 'Largest JSON body accepted by the verify API (image uploads have their own limit).',
  },
  requestTimeoutMs: {
    env: 'REQUEST_TIMEOUT_MS',
    type: 'int',
    min: 1000,
    max: 3_600_000,
    default: '120000',
    description:
      'Longest time a client may take to send one whole HTTP request, headers and body; a slower one (a body that stops arriving) gets 408 REQUEST_TIMEOUT and its connection is closed. The default lets a 15 MB image arrive over a 1 Mbit/s uplink. Noticed within a quarter of it (at most 30 s later).',
  },
  shutdownGraceMs: {
    env: 'SHUTDOWN_GRACE_MS',
    type: 'int',
    min: 0,
    max: 120000,
    default: '10000',
    description: 'On SIGTERM, how long in-flight requests may take before the process exits.',
  },
  apiVersion: {
    env: 'API_VERSION',
    type: 'string',
    default: '2026-11-01',
    check: (v) => (isCalendarDay(String(v)) ? undefined : 'must be a date YYYY-MM-DD naming a real day'),
    description: 'Default dated API version of new projects (webhook payloads carry it unless an endpoint pins another).',
  },
  webhookTimeoutMs: {
    env: 'WEBHOOK_TIMEOUT_MS',
    type: 'int',
    min: 100,
    max: 60000,
    default: '10000',
    description: 'Delivery time-out of one webhook attempt.',
  },
  webhookBrand: {
    env: 'WEBHOOK_BRAND',
    type: 'string',
    default: 'Service',
    description: 'Brand word in webhook header names (X-<Brand>-Signature, -Event, -Delivery).',
  },
  webhookRetryScheduleSeconds: {
    env: 'WEBHOOK_RETRY_SCHEDULE_SECONDS',
    type: 'list',
    default: '30,120,480,1920,7680',
    check: (v) =>
      (v as string[]).length >= 1 && (v as string[]).length <= 5 && (v as string[]).every((e) => /^\d{1,7}$/.test(e) && Number(e) > 0)
        ? undefined
        : 'must be 1 to 5 comma-separated positive integers (seconds)',
    description:
      'Base delays in seconds before each webhook retry (one entry per retry, at most 5; each gets ±20% jitter): 30 s, 2 min, 8 min, 32 min, 2 h 8 min.',
  },
  webhookMaxResponseBytes: {
    env: 'WEBHOOK_MAX_RESPONSE_BYTES',
    type: 'int',
    min: 0,
    max: 1_048_576,
    default: '16384',
    description: "Bytes of a webhook receiver's response body read at most (the rest is discarded, the connection closed).",
  },
  webhookConcurrency: {
    env: 'WEBHOOK_CONCURRENCY',
    type: 'int',
    min: 1,
    max: 1024,
    default: '32',
    description: 'Webhook attempts one core process keeps in flight at once.',
  },
  webhookPollMs: {
    env: 'WEBHOOK_POLL_MS',
    type: 'int',
    min: 5,
    max: 60000,
    default: '50',
    description:
      'How often a webhook dispatcher looks for new outbox events and due retries; while nothing is found it doubles the wait, up to 16 times this, and any work or local event resets it.',
  },
  webhookDatabasePoolSize: {
    env: 'WEBHOOK_DATABASE_POOL_SIZE',
    type: 'int',
    min: 0,
    max: 100,
    default: '4',
    description:
      "Postgres connections of the webhook dispatcher's own pool (0: share the request pool). Keeps deliveries from queueing behind request traffic; unused on PGlite.",
  },
  webhookDispatcherEnabled: {
    env: 'WEBHOOK_DISPATCHER_ENABLED',
    type: 'bool',
    default: 'true',
    description: 'Whether this core process runs the webhook dispatcher (any number may run: deliveries are leased).',
  },
  oauthTokenAuthFailuresPerMinute: {
    env: 'OAUTH_TOKEN_AUTH_FAILURES_PER_MINUTE',
    type: 'int',
    min: 1,
    max: 100_000,
    default: '10',
    description:
      'Failed client authentications at /oauth/token, /oauth/introspect and /oauth/revoke allowed per client address and client id (the pair) per minute; beyond it that pair gets 429 (brute-force guard of client secrets); other clients behind the same address are not affected.',
  },
  webauthnRpId: {
    env: 'WEBAUTHN_RP_ID',
    type: 'string',
    default: (e) => new URL(urlsOf(e).auth).hostname,
    check: (v) => (/^[^\s/:]+$|^\[[0-9a-f:.]+\]$/i.test(String(v)) ? undefined : 'must be a host name (no scheme, port or path), e.g. id.example'),
    description:
      'Relying party ID of service-ID passkeys (WebAuthn): a registrable domain that AUTH_URL, and every origin that signs in with a passkey, is on or under. Passkeys stay bound to it: changing it makes every registered passkey unusable. Default: the host name of AUTH_URL.',
  },
  webauthnOrigins: {
    env: 'WEBAUTHN_ORIGINS',
    type: 'list',
    default: (e) => [...new Set(Object.values(urlsOf(e)).map((u) => new URL(u).origin))].join(','),
    check: (v) => ((v as string[]).every((o) => /^https?:\/\/[^/]+$/.test(o)) ? undefined : 'must be comma-separated origins (scheme://host[:port], no path)'),
    description:
      'Origins (comma-separated, scheme://host[:port]) whose passkey ceremonies are accepted: the sign-in pages under AUTH_URL and the widget at WIDGET_URL. Default: the distinct origins of AUTH_URL, BASE_URL and WIDGET_URL.',
  },
  smtpUrl: {
    env: 'SMTP_URL',
    type: 'string',
    secret: true,
    description:
      'SMTP relay for service-account mail (email verification links): smtp:// (STARTTLS when offered) or smtps:// with user:password. Unset: mails stay in the in-memory development mailbox and are never sent.',
  },
  mailFrom: { env: 'MAIL_FROM', type: 'string', description: 'From address of service-account mail; default no-reply@ the host of BASE_URL.' },
  screeningSource: {
    env: 'SCREENING_SOURCE',
    type: 'string',
    description: 'Sanctions dataset (FollowTheMoney JSON lines): a local path or an http(s) URL; screening is off when unset.',
  },
  screeningRefreshHourUtc: {
    env: 'SCREENING_REFRESH_HOUR_UTC',
    type: 'int',
    min: 0,
    max: 23,
    default: '3',
    description: 'Hour (UTC) of the nightly sanctions dataset refresh.',
  },
  walletTrustLotlUrl: {
    env: 'WALLET_TRUST_LOTL_URL',
    type: 'url',
    check: (v) => urlWithScheme(v, ['https:', 'http:']),
    description:
      'EU wallet path: the List of Trusted Lists (ETSI TS 119 612 XML) whose national lists name the PID and attestation providers (docs/wallet.md "Trusted lists"). Needs WALLET_TRUST_LOTL_SIGNERS.',
  },
  walletTrustLotlSigners: {
    env: 'WALLET_TRUST_LOTL_SIGNERS',
    type: 'string',
    description: 'PEM file of the certificates allowed to sign the LOTL (the ones the European Commission publishes in the Official Journal).',
  },
  walletTrustLists119602: {
    env: 'WALLET_TRUST_LISTS_119602',
    type: 'list',
    check: (v) => (v as string[]).map((u) => urlWithScheme(u, ['https:', 'http:'])).find(Boolean),
    description:
      'EU wallet path: comma-separated URLs of ETSI TS 119 602 lists of trusted entities (JWS; the EU lists of PID providers and of attestation providers). Needs WALLET_TRUST_119602_SIGNERS.',
  },
  walletTrust119602Signers: {
    env: 'WALLET_TRUST_119602_SIGNERS',
    type: 'string',
    description: 'PEM file of the certificates allowed to sign the WALLET_TRUST_LISTS_119602 lists.',
  },
  walletTrustAnchors: {
    env: 'WALLET_TRUST_ANCHORS',
    type: 'string',
    description: 'PEM file of issuer certificates (IACA roots) this deployment trusts itself, in addition to the lists: scope any, never stale.',
  },
  walletTrustRefreshMinutes: {
    env: 'WALLET_TRUST_REFRESH_MINUTES',
    type: 'int',
    min: 5,
    max: 1440,
    default: '60',
    description: 'How often the trusted lists are fetched again; a failed fetch keeps the last good copy until its NextUpdate.',
  },
  walletTrustFetchTimeoutMs: {
    env: 'WALLET_TRUST_FETCH_TIMEOUT_MS',
    type: 'int',
    min: 1000,
    max: 120000,
    default: '20000',
    description: 'Time limit of one trusted-list download.',
  },
  walletTrustMaxListBytes: {
    env: 'WALLET_TRUST_MAX_LIST_BYTES',
    type: 'int',
    min: 65536,
    max: 268435456,
    default: '33554432',
    description: 'Largest trusted-list document accepted (bytes); a longer download is abandoned.',
  },
  ipCountryDb: {
    env: 'IP_COUNTRY_DB',
    type: 'string',
    description:
      'IP-to-country database behind ip_country (and so path C, restricted countries): a MaxMind DB (.mmdb) file, or a CSV of start,end,country rows; off: no lookup (ip_country always null). Unset: the bundled @ip-location-db/geo-whois-asn-country-mmdb package (IPv4 and IPv6; its version is logged at start and in idgate_ip_country_database_info). Read once at start.',
  },
} as const satisfies Record<string, FieldSpec>;

function defaultModelsDir(): string {
  return !existsSync('./models') && existsSync('../shared/models') ? '../shared/models' : './models';
}

/** AUTH_URL, BASE_URL and WIDGET_URL as their own defaults make them (the passkey settings derive from them). */
function urlsOf(e: Record<string, string | undefined>): { auth: string; base: string; widget: string } {
  const base = e.BASE_URL || `http://localhost:${e.PORT ?? '8080'}`;
  return { auth: e.AUTH_URL || `${trimSlash(base)}/auth`, base, widget: e.WIDGET_URL || `${trimSlash(base)}/widget` };
}

function trimSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

/** A URL with one of `schemes`; the problem never quotes the value (it may hold a password). */
function urlWithScheme(value: unknown, schemes: readonly string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    return `must be a ${schemes[0]}// URL`;
  }
  return schemes.includes(url.protocol) ? undefined : `must be a ${schemes.join('// or ')}// URL, got a ${url.protocol}// URL`;
}

/** `host:port` (a name, IPv4 or [IPv6] host; port 0-65535). */
function hostPort(value: string): string | undefined {
  const m = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(value);
  return m && Number(m[2]) <= 65535 ? undefined : `must be host:port, got "${value}"`;
}

/** YYYY-MM-DD naming a real day (2026-13-01 has the shape, and is no day). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** TRUST_PROXY: the proxies' IP addresses and CIDR ranges (never "everyone": that lets any client pick its address). */
function trustProxyProblem(items: readonly string[]): string | undefined {
  const bad = items.find((item) => !isIpOrCidr(item));
  return bad === undefined ? undefined : `must be comma-separated IP addresses or CIDR ranges of the proxies, got "${bad}"`;
}

function isIpOrCidr(item: string): boolean {
  const [address, bits, extra] = item.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}
