import { describe, expect, it } from 'vitest';
import { ConfigError, createLogger, loadConfig } from '@idgate/platform';
import { startCore } from '../src/index.ts';

describe('startCore refuses an address it cannot listen on', () => {
  it("CORE_GRPC_ADDRESS=dns:///name:port (a gateway's way to find every core) stops core, naming the variable, before anything opens", async () => {
    const config = loadConfig({ NODE_ENV: 'test', CORE_GRPC_ADDRESS: 'dns:///idgate-core:50051', DATA_DIR: '/nonexistent/never-created' });
    const started = startCore({ config, log: createLogger({ level: 'silent', component: 'test' }), dataKeys: [] });
    await expect(started).rejects.toThrowError(ConfigError);
    await expect(started).rejects.toThrowError(/CORE_GRPC_ADDRESS must be host:port where core listens/);
  });
});
