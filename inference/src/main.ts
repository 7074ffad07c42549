import { runHeadlessProcess } from '@idgate/protos';
import { createLogger, loadConfigOrExit } from '@idgate/platform';
import { startInferenceNode } from './index.ts';

/** `npm run start:inference`: one inference node as its own process (DESIGN: processes). */
// No database, Redis, admin token or data keys here, in production either (loadConfig's role).
const config = loadConfigOrExit(process.env, 'inference');
const logger = createLogger({ level: config.logLevel, component: 'inference' });
await runHeadlessProcess({
  name: 'inference node',
  log: logger,
  host: config.host,
  metricsPort: config.metricsPort,
  start: () => startInferenceNode({ config, logger }),
});
