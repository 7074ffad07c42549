import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { InferencePool } from '@idgate/inference';
import { FACES_DIR } from '@idgate/inference/testing';
import { stageSummaries, summarize } from './stats.ts';

/** Selfie-like fixtures the benchmark cycles through (one face each, usable quality). */
const IMAGES = ['spoof_real_T1.jpg', 'age_older_woman.jpg', 'kit_harington_2.jpg', 'obama_2.jpg', 'rose_leslie_1.jpg', 'rdj_2.webp'];

export async function loadImages(): Promise<(i: number) => Buffer> {
  const images = await Promise.all(IMAGES.map((f) => readFile(join(FACES_DIR, f))));
  return (i) => images[i % images.length];
}

/**
 * CPU time of this whole process (main thread, workers, libvips and onnxruntime threads) since
 * `from`: unlike wall time, it barely moves when other processes compete for the cores.
 */
export function cpuMsSince(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
}

/** Runs `fn` n times one after the other: latency, stage timings, throughput, CPU per call. */
export async function timedLoop(n: number, fn: (i: number) => Promise<Record<string, number>>) {
  const latencies: number[] = [];
  const timings: Record<string, number>[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    timings.push(await fn(i));
    latencies.push(performance.now() - t0);
  }
  return {
    latency: summarize(latencies),
    stages: stageSummaries(timings),
    throughput: n / ((performance.now() - started) / 1000),
    cpuMsPerCheck: cpuMsSince(cpu) / n,
  };
}

/** Keeps `concurrency` calls in flight until `total` are done: saturated throughput. */
export async function saturate(total: number, concurrency: number, fn: (i: number) => Promise<unknown>) {
  let next = 0;
  const started = performance.now();
  const lane = async (): Promise<void> => {
    while (next < total) await fn(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { requests: total, concurrency, throughput: total / ((performance.now() - started) / 1000) };
}

/**
 * A pool's saturated throughput on full facial checks: a warm-up, then `total` checks kept
 * `concurrency` at a time in flight; with the CPU time of this process per check.
 */
export async function saturatePool(pool: InferencePool, imageAt: (i: number) => Buffer, o: { warmup: number; total: number; concurrency: number }) {
  const call = (i: number) => {
    const image = new Uint8Array(imageAt(i)).buffer;
    return pool.run('check', { images: [image] }, { transfer: [image] });
  };
  await saturate(o.warmup, o.concurrency, call);
  const cpu = process.cpuUsage();
  const saturated = await saturate(o.total, o.concurrency, call);
  return { ...saturated, cpuMsPerCheck: cpuMsSince(cpu) / saturated.requests };
}
