import { createLogger, loadConfigOrExit, startOrExit } from '@idgate/protos';
import { startInferenceNode } from './index.ts';

/** `npm run start:inference`: one inference node as its own process (DESIGN: processes). */
const config = loadConfigOrExit();
const logger = createLogger({ level: config.logLevel, component: 'inference' });
const node = await startOrExit('inference node', logger, () => startInferenceNode({ config, logger }));
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    logger.info({ signal }, 'inference node stopping');
    node.close().then(() => process.exit(0), () => process.exit(1));
  });
}
