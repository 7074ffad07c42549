import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./inference-node.process.ts', import.meta.url));

export interface NodeProcess {
  readonly address: string;
  readonly child: ChildProcess;
  kill(signal?: NodeJS.Signals): void;
}

/** Starts an inference node process and resolves with its address once it is ready. */
export function spawnInferenceNode(poolSize = 1, timeoutMs = 60_000): Promise<NodeProcess> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', SCRIPT, String(poolSize)], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => fail(new Error(`inference node not ready in ${timeoutMs} ms: ${err}`)), timeoutMs);
    const fail = (e: Error): void => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(e);
    };
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => fail(new Error(`inference node exited with ${code}: ${err}`)));
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (\S+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ address: m[1], child, kill: (signal = 'SIGKILL') => child.kill(signal) });
    });
  });
}
