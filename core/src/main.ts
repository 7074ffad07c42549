import { runHeadlessProcess } from '@idgate/protos';
import { createLogger, loadConfigOrExit, resolveSecrets } from '@idgate/platform';
import { startCore } from './start.ts';

// `npm run start:core`: core as its own process (needs DATABASE_URL; PGlite cannot be shared
// between processes, so the embedded mode runs everything in one process: `npm start`).
const config = loadConfigOrExit();
const log = createLogger({ level: config.logLevel, component: 'core' });
const secrets = resolveSecrets(config);
await runHeadlessProcess({
  name: 'core',
  log,
  host: config.host,
  metricsPort: config.metricsPort,
  start: () => startCore({ config, log, dataKeys: secrets.dataKeys }),
});
