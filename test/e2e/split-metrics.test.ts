import { spawn, type ChildProcess } from 'node:child_process';
import { SHARED_MODELS_DIR } from '@idgate/inference/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function start(entry: string, env: Record<string, string>): { child: ChildProcess; logs: () => string } {
  let out = '';
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', entry], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  return { child, logs: () => out };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

async function scrape(url: string, ms = 45_000, proc?: { child: ChildProcess; logs: () => string }): Promise<string> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (proc && proc.child.exitCode !== null) throw new Error(`exited ${proc.child.exitCode} before ${url} answered\n${proc.logs()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return await res.text();
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer in ${ms} ms\n${proc?.logs() ?? ''}`);
}

/**
 * Split-process mode (docs/operations.md "Metrics", METRICS_PORT): `npm run start:inference` and
 * `npm run start:core` have no HTTP server; with METRICS_PORT each serves GET /metrics (only) on
 * HOST, and closes it on SIGTERM.
 */
describe('METRICS_PORT in split-process mode', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'idgate-split-metrics-'));
  let inference: ReturnType<typeof start>;
  let core: ReturnType<typeof start>;
  let ports: { inferenceGrpc: number; inferenceMetrics: number; coreGrpc: number; coreMetrics: number };
  // BASE_URL: vitest sets one of its own ('/') in the environment the children inherit.
  const common = {
    HOST: '127.0.0.1',
    BASE_URL: 'http://localhost:8080',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    ADMIN_TOKEN: '',
    SHUTDOWN_GRACE_MS: '1000',
    ...(process.env.SHARED_DIR && !process.env.MODELS_DIR ? { MODELS_DIR: SHARED_MODELS_DIR } : {}),
  };

  beforeAll(async () => {
    ports = { inferenceGrpc: await freePort(), inferenceMetrics: await freePort(), coreGrpc: await freePort(), coreMetrics: await freePort() };
    inference = start('inference/src/main.ts', {
      ...common,
      INFERENCE_POOL_SIZE: '1',
      INFERENCE_GRPC_ADDRESS: `127.0.0.1:${ports.inferenceGrpc}`,
      METRICS_PORT: String(ports.inferenceMetrics),
    });
    await scrape(`http://127.0.0.1:${ports.inferenceMetrics}/metrics`, 45_000, inference);
    // Core on the embedded database (its own process here: nothing else opens DATA_DIR).
    core = start('core/src/main.ts', {
      ...common,
      CORE_GRPC_ADDRESS: `127.0.0.1:${ports.coreGrpc}`,
      INFERENCE_NODES: `127.0.0.1:${ports.inferenceGrpc}`,
      METRICS_PORT: String(ports.coreMetrics),
    });
  }, 90_000);
  afterAll(async () => {
    for (const p of [core, inference]) {
      if (p && p.child.exitCode === null) {
        const exit = exited(p.child);
        p.child.kill('SIGKILL');
        await exit;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the inference node serves its queue gauges and process metrics; anything else is 404', async () => {
    const text = await scrape(`http://127.0.0.1:${ports.inferenceMetrics}/metrics`);
    expect(text).toMatch(/^idgate_inference_workers 1$/m);
    expect(text).toMatch(/^idgate_inference_queue_depth 0$/m);
    expect(text).toContain('# TYPE idgate_inference_stage_duration_seconds histogram');
    expect(text).toContain('process_cpu_user_seconds_total');
    for (const path of ['/', '/healthz', '/metrics/']) expect((await fetch(`http://127.0.0.1:${ports.inferenceMetrics}${path}`)).status).toBe(404);
  });

  it('core serves its scheduler and webhook metrics: the node it found is up', async () => {
    const text = await scrape(`http://127.0.0.1:${ports.coreMetrics}/metrics`, 45_000, core);
    expect(text).toMatch(/^idgate_inference_nodes\{health="healthy"\} 1$/m);
    expect(text).toContain(`idgate_inference_node_outstanding_jobs{node="127.0.0.1:${ports.inferenceGrpc}"} 0`);
    expect(text).toMatch(/^idgate_webhook_attempts_in_flight 0$/m);
    expect((await fetch(`http://127.0.0.1:${ports.coreMetrics}/readyz`)).status).toBe(404);
  });

  it('SIGTERM: both exit 0 and the metrics listeners are closed', async () => {
    for (const [p, port] of [
      [core, ports.coreMetrics],
      [inference, ports.inferenceMetrics],
    ] as const) {
      const exit = exited(p.child);
      p.child.kill('SIGTERM');
      expect(await exit, p.logs()).toBe(0);
      await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
    }
  }, 30_000);
});
