import { createLogger, loadConfigOrExit, runHeadlessProcess } from '@idgate/protos';
import { startInferenceNode } from './index.ts';

/** `npm run start:inference`: one inference node as its own process (DESIGN: processes). */
const config = loadConfigOrExit();
const logger = createLogger({ level: config.logLevel, component: 'inference' });
await runHeadlessProcess({ name: 'inference node', log: logger, host: config.host, metricsPort: config.metricsPort, start: () => startInferenceNode({ config, logger }) });
