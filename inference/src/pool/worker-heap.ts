import { setFlagsFromString } from 'node:v8';
import { FIELDS } from '@idgate/platform';

/**
 * The old-generation size below which V8 skips full garbage collections in the inference
 * workers' heaps (`--initial-old-space-size`).
 *
 * Why: a facial check allocates a few MB of short-lived pixel buffers and tensors but keeps only
 * about 20 MB of JavaScript heap alive. V8 sizes a heap's next collection from what survived the
 * last one, so with the default a worker ran a full (mark-compact) collection every three checks,
 * its concurrent marking on V8's helper threads beside it (42 full collections per 150 checks on
 * one thread; 5-12 with a 128 MB floor). `npm run bench:inference` measures both in the same run
 * (bench/results/inference.json, workerHeapFloor; AMD EPYC, 2 cores; three runs): 8-10% less CPU
 * per check, +3-5% checks/s with 1 worker and +6-11% with 2 (1 -> 2 workers 1.67x against 1.56-1.63x;
 * the smaller gains since the detector's inputs are reused, worker/tensor-scratch.ts),
 * peak RSS the same: a lone worker no longer borrows the second core for marking. Document reads
 * (one worker, 40 specimens read back to back, same session): 315 against 350 ms of CPU each, peak
 * RSS 815 against 780 MB. 64 MB recovered half of the gain, 256 MB no more than 128.
 * INFERENCE_WORKER_HEAP_FLOOR_MB sets it (default 128; 0: V8's default).
 */
export const WORKER_OLD_SPACE_FLOOR_MB = Number(FIELDS.inferenceWorkerHeapFloorMb.default);

/** The V8 flags of a floor, for a process that runs the same code on its main thread (the benchmark's direct baseline). */
export function workerHeapFlags(floorMb: number = WORKER_OLD_SPACE_FLOOR_MB): string[] {
  return [`--initial-old-space-size=${floorMb}`];
}

/**
 * Sets the floor of the isolates this process creates from now on (0: V8's default). V8 reads
 * the flag when an isolate is created, and Node's Worker `resourceLimits` cannot set it, so it is
 * a process-wide flag: in the all-in-one process the core thread (started after the inference
 * node) gets the same floor, trading up to the floor in memory for fewer full collections. A
 * floor given on the node command line (`node --initial-old-space-size=N`) is kept.
 */
export function applyWorkerHeapFloor(floorMb: number, execArgv: readonly string[] = process.execArgv): void {
  if (execArgv.some((arg) => arg.startsWith('--initial-old-space-size'))) return;
  for (const flag of workerHeapFlags(floorMb)) setFlagsFromString(flag);
}
