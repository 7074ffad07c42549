import { parentPort, workerData } from 'node:worker_threads';
import { GpuRunLock } from '../../src/worker/gpu-run-lock.ts';

/**
 * A thread contending for a GpuRunLock (gpu-run-lock.test.ts). `rounds`: hold it that many times,
 * counting in the shared `inside` cell how many holders there are at once, and report the most
 * seen. `rounds` 0: take it, say so, and keep it until the thread is terminated (a timer keeps
 * the thread alive: a promise that never settles does not).
 */
const { lock, inside, rounds } = workerData as { lock: SharedArrayBuffer; inside: SharedArrayBuffer; rounds: number };
const gpu = new GpuRunLock(lock);
const count = new Int32Array(inside);
if (rounds === 0) {
  setInterval(() => {}, 2 ** 30);
  await gpu.hold(() => {
    parentPort?.postMessage('holding');
    return new Promise(() => {});
  });
}
let most = 0;
for (let i = 0; i < rounds; i++) {
  await gpu.hold(async () => {
    most = Math.max(most, Atomics.add(count, 0, 1) + 1);
    await new Promise((resolve) => setTimeout(resolve, 1));
    Atomics.sub(count, 0, 1);
  });
}
parentPort?.postMessage(most);
