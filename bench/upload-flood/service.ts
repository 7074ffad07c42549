import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

export interface ServiceChild {
  readonly url: string;
  readonly pid: number;
  /** Log lines the service wrote, by pino `msg` (the upload refusals are counted from them). */
  readonly linesByMessage: Map<string, number>;
  stop(): Promise<void>;
}

/**
 * `npm start` (deploy/src/all-in-one.ts) as a child process, with `env` on top of the caller's
 * environment: the shape the report was made against (gateway, core thread and an inference node in
 * one process). Resolves once /readyz answers 200 (models loaded, database migrated).
 */
export async function startService(port: number, env: Record<string, string>): Promise<ServiceChild> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'deploy/src/all-in-one.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const linesByMessage = new Map<string, number>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const msg = messageOf(line);
    linesByMessage.set(msg, (linesByMessage.get(msg) ?? 0) + 1);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url, child, exited);
  return { url, pid: child.pid!, linesByMessage, stop: () => stop(child, exited) };
}

function messageOf(line: string): string {
  try {
    return String((JSON.parse(line) as { msg?: unknown }).msg ?? '');
  } catch {
    return '';
  }
}

async function waitReady(url: string, child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  for (let i = 0; i < 1200; i++) {
    if (gone) throw new Error(`the service exited during start-up (${child.exitCode})`);
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the service was not ready within 120 s');
}

async function stop(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/** Resident memory of a process in MB (Linux /proc), sampled every `everyMs` until stopped; the peak per window. */
export class RssSampler {
  private peak = 0;
  private readonly pid: number;
  private readonly timer: NodeJS.Timeout;
  constructor(pid: number, everyMs = 50) {
    this.pid = pid;
    this.timer = setInterval(() => (this.peak = Math.max(this.peak, this.read())), everyMs);
  }
  /** The peak since the last call (or since start), in MB; starts a new window. */
  takePeak(): number {
    const peak = Math.max(this.peak, this.read());
    this.peak = 0;
    return peak;
  }
  read(): number {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'));
      return m ? Math.round(Number(m[1]) / 1024) : 0;
    } catch {
      return 0;
    }
  }
  stop(): void {
    clearInterval(this.timer);
  }
}
