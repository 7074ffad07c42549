import { createLogger, loadConfigOrExit, resolveSecrets, startOrExit } from '@idgate/protos';
import { startCore } from './start.ts';

// `npm run start:core`: core as its own process (needs DATABASE_URL; PGlite cannot be shared
// between processes, so the embedded mode runs everything in one process: `npm start`).
const config = loadConfigOrExit();
const log = createLogger({ level: config.logLevel, component: 'core' });
const secrets = resolveSecrets(config);
const core = await startOrExit('core', log, () => startCore({ config, log, dataKeys: secrets.dataKeys }));
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    log.info({ signal }, 'shutting down');
    core.close().then(() => process.exit(0), () => process.exit(1));
  });
}
