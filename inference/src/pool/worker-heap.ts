import { setFlagsFromString } from 'node:v8';

/**
 * The old-generation size below which V8 skips full garbage collections in the inference
 * workers' heaps (`--initial-old-space-size`).
 *
 * Why: a facial check allocates a few MB of short-lived pixel buffers and tensors but keeps only
 * about 20 MB of JavaScript heap alive. V8 sizes a heap's next collection from what survived the
 * last one, so with the default a worker ran a full (mark-compact) collection every three checks,
 * its concurrent marking on V8's helper threads beside it: 42 full collections per 150 checks and
 * 54-59 ms of CPU per check. With a 128 MB floor: 5-12 per 150 checks and 47-49 ms (about 17% less
 * CPU), peak RSS unchanged, and a lone worker no longer borrows the second core for marking, which
 * is what made 1 -> 2 workers scale poorly (`npm run bench:inference`; AMD EPYC, 2 cores). 64 MB
 * recovered half of that, 256 MB no more than 128.
 */
export const WORKER_OLD_SPACE_FLOOR_MB = 128;

/** The V8 flag, for a process that runs the same code on its main thread (the benchmark's direct baseline). */
export const WORKER_HEAP_FLAGS = [`--initial-old-space-size=${WORKER_OLD_SPACE_FLOOR_MB}`] as const;

/**
 * Applies WORKER_HEAP_FLAGS to the isolates this process creates from now on. V8 reads the flag
 * when an isolate is created, and Node's Worker `resourceLimits` cannot set it, so it is a
 * process-wide flag: in the all-in-one process the core thread (started after the inference
 * node) gets the same floor, trading up to the floor in memory for fewer full collections. A
 * floor the operator set on the command line (`node --initial-old-space-size=N`) is kept, and
 * `--initial-old-space-size=0` keeps V8's default (how `npm run bench:inference` measures the gain).
 */
export function raiseWorkerHeapFloor(execArgv: readonly string[] = process.execArgv): void {
  if (execArgv.some((arg) => arg.startsWith('--initial-old-space-size'))) return;
  for (const flag of WORKER_HEAP_FLAGS) setFlagsFromString(flag);
}
