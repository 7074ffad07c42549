import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { pathToFileURL } from 'node:url';
import { loadConfig, type Config } from '@idgate/platform';

/**
 * The image's Docker HEALTHCHECK (`node deploy/docker/healthcheck.ts`). One image runs every part,
 * so the check first finds out which part this container runs (from the command lines under
 * /proc), then probes what that part exposes:
 * - `npm start` (all-in-one) and `npm run start:gateway`: GET /healthz on PORT (HTTP 200);
 * - `npm run start:core`: a TCP connection to core's gRPC port (CORE_GRPC_ADDRESS);
 * - `npm run start:inference`: a TCP connection to the node's gRPC port (INFERENCE_GRPC_ADDRESS).
 * core and the inference node serve no /healthz; a port that accepts is the signal (it is bound only
 * once migrations ran, or every worker loaded its models). Their grpc.health.v1 service, which the
 * Kubernetes probes ask, would need a gRPC client here; the TCP check keeps this script tiny.
 * Kubernetes ignores HEALTHCHECK: the manifests in deploy/k8s declare their own probes.
 */

export type Part = 'all-in-one' | 'gateway' | 'core' | 'inference';

export type Probe = { kind: 'http'; host: string; port: number; path: '/healthz' } | { kind: 'tcp'; host: string; port: number };

/** Entry scripts of package.json's start scripts, by part. */
const ENTRY_POINTS: ReadonlyArray<[string, Part]> = [
  ['deploy/src/all-in-one.ts', 'all-in-one'],
  ['gateway/src/main.ts', 'gateway'],
  ['core/src/main.ts', 'core'],
  ['inference/src/main.ts', 'inference'],
];

/** The part whose entry script one of these command lines runs (argv joined by spaces), if any. */
export function partOf(commandLines: readonly string[]): Part | undefined {
  for (const line of commandLines) {
    for (const [entry, part] of ENTRY_POINTS) {
      if (line.split(' ').some((arg) => arg === entry || arg.endsWith(`/${entry}`))) return part;
    }
  }
  return undefined;
}

/** A wildcard listen address is reached on loopback from inside the container. */
function reachable(host: string): string {
  return host === '0.0.0.0' || host === '::' || host === '[::]' || host === '' ? '127.0.0.1' : host.replace(/^\[(.*)\]$/, '$1');
}

function split(address: string): { host: string; port: number } {
  const colon = address.lastIndexOf(':');
  return { host: reachable(address.slice(0, colon)), port: Number(address.slice(colon + 1)) };
}

/** What to probe for a part under this configuration. */
export function probeFor(part: Part, config: Pick<Config, 'host' | 'port' | 'coreGrpcAddress' | 'inferenceGrpcAddress'>): Probe {
  switch (part) {
    case 'all-in-one':
    case 'gateway':
      return { kind: 'http', host: reachable(config.host), port: config.port, path: '/healthz' };
    case 'core':
      return { kind: 'tcp', ...split(config.coreGrpcAddress) };
    case 'inference':
      return { kind: 'tcp', ...split(config.inferenceGrpcAddress) };
  }
}

/** Resolves when the probe succeeds, rejects with the reason otherwise. */
export async function runProbe(probe: Probe, timeoutMs = 4000): Promise<void> {
  if (probe.kind === 'http') {
    const host = probe.host.includes(':') ? `[${probe.host}]` : probe.host;
    const res = await fetch(`http://${host}:${probe.port}${probe.path}`, { signal: AbortSignal.timeout(timeoutMs) });
    if (res.status !== 200) throw new Error(`GET ${probe.path} answered ${res.status}`);
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const socket = connect({ host: probe.host, port: probe.port });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no TCP connection to ${probe.host}:${probe.port} within ${timeoutMs} ms`)));
    socket.once('connect', () => {
      socket.end();
      resolve();
    });
    socket.once('error', reject);
  });
}

/** argv of every process this container can see, each joined by spaces. */
function commandLines(): string[] {
  const out: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      out.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim());
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

async function main(): Promise<void> {
  const part = partOf(commandLines());
  if (!part) {
    process.stderr.write('healthcheck: no idgate process found in this container\n');
    process.exit(1);
  }
  try {
    // The inference node's configuration holds no database or secrets, even in production.
    await runProbe(probeFor(part, loadConfig(process.env, part === 'inference' ? 'inference' : 'all-in-one')));
    process.exit(0);
  } catch (err) {
    process.stderr.write(`healthcheck (${part}): ${(err as Error).message}\n`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
