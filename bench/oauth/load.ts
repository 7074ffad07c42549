import { Pool } from 'undici';

export interface PhaseResult {
  requests: number;
  errors: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * Runs `next()` from `concurrency` workers until it returns undefined or `durationMs` passes,
 * recording each request's latency. `next` builds the request from the previous answer, so
 * refresh-token chains work; `lasts` (per worker) carries the last answers from one call to the
 * next.
 */
export async function runPhase(
  pool: Pool,
  concurrency: number,
  durationMs: number,
  next: (worker: number, last?: Record<string, any>) => { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string } | undefined,
  lasts: (Record<string, any> | undefined)[] = [],
): Promise<{ latencies: number[]; errors: number; elapsedMs: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const worker = async (w: number) => {
    let last = lasts[w];
    for (;;) {
      lasts[w] = last;
      if (performance.now() - started > durationMs) return;
      const req = next(w, last);
      if (!req) return;
      const t0 = performance.now();
      const res = await pool.request({ method: req.method, path: req.path, headers: req.headers, body: req.body });
      const body = (await res.body.json()) as Record<string, any>;
      latencies.push(performance.now() - t0);
      if (res.statusCode !== 200) errors++;
      last = res.statusCode === 200 ? body : undefined;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, i) => worker(i)));
  return { latencies, errors, elapsedMs: performance.now() - started };
}
