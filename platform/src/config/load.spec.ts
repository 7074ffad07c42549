import { describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig } from './load.ts';

describe('loadConfig', () => {
  it('gives the embedded defaults of the operational contract', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      baseUrl: 'http://localhost:8080',
      widgetUrl: 'http://localhost:8080/widget',
      authUrl: 'http://localhost:8080/auth',
      dataDir: './.data',
      nodeEnv: 'development',
    });
    expect(['./models', '../shared/models']).toContain(c.modelsDir);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('derives BASE_URL from PORT and the widget/auth URLs from BASE_URL', () => {
    expect(loadConfig({ PORT: '9000' }).baseUrl).toBe('http://localhost:9000');
    const c = loadConfig({ BASE_URL: 'https://id.example/' });
    expect(c.baseUrl).toBe('https://id.example');
    expect(c.widgetUrl).toBe('https://id.example/widget');
    expect(loadConfig({ WIDGET_URL: 'https://w.example/v' }).widgetUrl).toBe('https://w.example/v');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ BASE_URL: 'not a url' }, 'BASE_URL'],
    [{ BASE_URL: 'ftp://x' }, 'BASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ INFERENCE_POOL_SIZE: '0' }, 'INFERENCE_POOL_SIZE'],
    [{ INFERENCE_ENABLED: 'maybe' }, 'INFERENCE_ENABLED'],
    [{ NODE_ENV: 'production' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'production', DATABASE_URL: 'postgres://x' }, 'REDIS_URL'],
    [{ DATABASE_URL: 'notaurl' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'mysql://u:pw@x/y' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'notaurl' }, 'REDIS_URL'],
    [{ REDIS_URL: 'http://x:6379' }, 'REDIS_URL'],
    [{ CORE_GRPC_ADDRESS: 'nonsense' }, 'CORE_GRPC_ADDRESS'],
    [{ INFERENCE_GRPC_ADDRESS: 'h:99999' }, 'INFERENCE_GRPC_ADDRESS'],
    [{ INFERENCE_NODES: '127.0.0.1:50052,oops' }, 'INFERENCE_NODES'],
    [{ API_VERSION: '2026-13-01' }, 'API_VERSION'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '1' }, 'TRUST_PROXY'],
    [{ WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,2,3,4,5,6' }, 'WEBHOOK_RETRY_SCHEDULE_SECONDS'],
    [{ WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,x' }, 'WEBHOOK_RETRY_SCHEDULE_SECONDS'],
    [{ REDIS_KEY_PREFIX: 'has space' }, 'REDIS_KEY_PREFIX'],
    [{ REDIS_KEY_PREFIX: 'x'.repeat(65) }, 'REDIS_KEY_PREFIX'],
    [{ REQUEST_TIMEOUT_MS: '999' }, 'REQUEST_TIMEOUT_MS'],
  ])('a bad value stops start-up naming the variable: %j', (env, variable) => {
    expect(() => loadConfig(env)).toThrowError(ConfigError);
    try {
      loadConfig(env);
    } catch (e) {
      expect((e as ConfigError).variable).toBe(variable);
      expect((e as Error).message).toContain(variable);
    }
  });

  it('CORE_GRPC_ADDRESS takes host:port, or dns:///name:port for a gateway spreading over every core', () => {
    expect(loadConfig({ CORE_GRPC_ADDRESS: 'dns:///idgate-core:50051' }).coreGrpcAddress).toBe('dns:///idgate-core:50051');
    expect(() => loadConfig({ CORE_GRPC_ADDRESS: 'dns:///idgate-core' })).toThrowError(/CORE_GRPC_ADDRESS/);
    expect(() => loadConfig({ CORE_GRPC_ADDRESS: 'dns://idgate-core:50051' })).toThrowError(/CORE_GRPC_ADDRESS/);
  });

  it('an inference node in production needs none of the embedded-default replacements (it uses no database, Redis, admin token or data key); every other role does', () => {
    const bare = { NODE_ENV: 'production', BASE_URL: 'http://idgate.internal' };
    expect(loadConfig(bare, 'inference').nodeEnv).toBe('production');
    for (const role of ['all-in-one', 'gateway', 'core'] as const) expect(() => loadConfig(bare, role), role).toThrowError(/DATABASE_URL/);
    // Values are still checked for an inference node.
    expect(() => loadConfig({ ...bare, INFERENCE_POOL_SIZE: '0' }, 'inference')).toThrowError(/INFERENCE_POOL_SIZE/);
  });

  describe('C-OIDF-6: in production every published URL is https', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://x', ADMIN_TOKEN: 'adm', DATA_KEYS: 'k1:AAAA' };

    it.each([
      [{ BASE_URL: 'http://idp.example' }, 'BASE_URL'],
      [{ BASE_URL: 'https://idp.example', WIDGET_URL: 'http://idp.example/widget' }, 'WIDGET_URL'],
      [{ BASE_URL: 'https://idp.example', AUTH_URL: 'http://auth.example/auth' }, 'AUTH_URL'],
      [{ BASE_URL: 'http://10.0.0.5:8080' }, 'BASE_URL'],
    ])('refuses %j with a one-line message naming the variable', (env, variable) => {
      let error: unknown;
      try {
        loadConfig({ ...production, ...env });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variable).toBe(variable);
      expect((error as Error).message).toMatch(new RegExp(`^Invalid configuration: ${variable} must be an https URL when NODE_ENV=production`));
      expect((error as Error).message).not.toContain('\n');
    });

    it('accepts https, and http on a loopback host; development keeps plain http', () => {
      expect(loadConfig({ ...production, BASE_URL: 'https://idp.example' })).toMatchObject({
        baseUrl: 'https://idp.example',
        widgetUrl: 'https://idp.example/widget',
        authUrl: 'https://idp.example/auth',
      });
      for (const base of ['http://localhost:8080', 'http://127.0.0.1:9000', 'http://[::1]:8080'])
        expect(loadConfig({ ...production, BASE_URL: base }).baseUrl).toBe(base);
      expect(loadConfig({ ...production }).baseUrl).toBe('http://localhost:8080');
      expect(loadConfig({ BASE_URL: 'http://idp.example' }).baseUrl).toBe('http://idp.example');
    });
  });

  it('accepts the address forms operators use, and never quotes a database or Redis URL (it may hold a password)', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgresql://u:pw@db:5432/idgate',
      REDIS_URL: 'rediss://:pw@cache:6380',
      CORE_GRPC_ADDRESS: '[::1]:50051',
      INFERENCE_NODES: 'inf-0.inf:50052,dns:///inference.default.svc:50052',
    });
    expect(c.inferenceNodes).toHaveLength(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,::1' }).trustProxy).toEqual(['10.0.0.0/8', '192.0.2.7', '::1']);
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:hunter2@x/y' })).toThrowError(
      /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL, got a mysql:\/\/ URL$/,
    );
  });

  describe('image uploads: a face frame is capped at what a camera sends, and the in-flight budgets hold the largest request', () => {
    it('defaults: 4 MB frames, 8 requests and 48 MB per client, 32 requests and 64 MB per process', () => {
      expect(loadConfig({})).toMatchObject({
        faceFrameMaxBytes: 4_000_000,
        inferenceMaxImageBytes: 15_000_000,
        uploadClientMaxInFlight: 8,
        uploadClientMaxBytesInFlight: 48_000_000,
        uploadMaxInFlight: 32,
        uploadMaxBytesInFlight: 64_000_000,
      });
    });

    it.each([
      // 8 frames of 6 MB are 64 MB of base64: more than a client may hold.
      [{ FACE_FRAME_MAX_BYTES: '6000000' }, 'UPLOAD_CLIENT_MAX_BYTES_IN_FLIGHT'],
      [{ INFERENCE_MAX_IMAGE_BYTES: '40000000' }, 'UPLOAD_CLIENT_MAX_BYTES_IN_FLIGHT'],
      [{ UPLOAD_MAX_BYTES_IN_FLIGHT: '40000000' }, 'UPLOAD_MAX_BYTES_IN_FLIGHT'],
      [{ UPLOAD_CLIENT_MAX_BYTES_IN_FLIGHT: '100000000' }, 'UPLOAD_MAX_BYTES_IN_FLIGHT'],
      [{ UPLOAD_CLIENT_MAX_IN_FLIGHT: '40' }, 'UPLOAD_MAX_IN_FLIGHT'],
    ])('%j stops start-up naming %s', (env, variable) => {
      expect(() => loadConfig(env)).toThrowError(expect.objectContaining({ name: 'ConfigError', variable }));
    });

    it('small limits that still hold the largest request are accepted (the integration tests use them)', () => {
      const c = loadConfig({
        FACE_FRAME_MAX_BYTES: '30000',
        INFERENCE_MAX_IMAGE_BYTES: '60000',
        UPLOAD_CLIENT_MAX_BYTES_IN_FLIGHT: '400000',
        UPLOAD_MAX_BYTES_IN_FLIGHT: '800000',
      });
      expect(c.uploadMaxBytesInFlight).toBe(800_000);
    });
  });

  it('redacts secrets when described', () => {
    const d = describeConfig(loadConfig({ DATABASE_URL: 'postgres://u:pw@h/db', ADMIN_TOKEN: 'secret-admin' }));
    expect(JSON.stringify(d)).not.toContain('pw@');
    expect(JSON.stringify(d)).not.toContain('secret-admin');
    expect(d.databaseUrl).toBe('[redacted]');
  });
});
