import { createLogger } from '@idgate/platform';
import { startInferenceNode } from '@idgate/inference';
import { testNodeConfig } from '@idgate/inference/testing';

/**
 * One inference node as its own OS process, for the multi-node test: prints `READY <address>`
 * once it serves, so the test can kill it for real (SIGKILL: no goodbye, connections just drop).
 */
const node = await startInferenceNode({
  config: testNodeConfig({ INFERENCE_POOL_SIZE: process.argv[2] ?? '1' }),
  logger: createLogger({ level: 'silent', component: 'inference-node' }),
});
process.stdout.write(`READY ${node.address}\n`);
process.once('SIGTERM', () => void node.close().then(() => process.exit(0)));
