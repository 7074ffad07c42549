import { FaceChecker } from './face-check.ts';
import type { FaceCheckReply, FaceCheckRequest } from './face-check-protocol.ts';

/**
 * The face check off the page's main thread. onnxruntime-web's WASM runs each model call as one
 * synchronous task (about 150 ms a frame for the age model); on the main thread a stream of
 * rejected frames (no face, a group) left no moment for clicks, Cancel or the guidance to paint.
 * Here the page stays responsive whatever the models cost.
 */
interface WorkerScope {
  onmessage: ((e: MessageEvent<FaceCheckRequest>) => void) | null;
  postMessage(message: FaceCheckReply): void;
}
const scope = self as unknown as WorkerScope;
let checker: Promise<FaceChecker> | undefined;

scope.onmessage = (e) => void answer(e.data);

async function answer(m: FaceCheckRequest): Promise<void> {
  try {
    if (m.kind === 'load') {
      checker = FaceChecker.load(m.cfg);
      scope.postMessage({ id: m.id, kind: 'loaded', modelHashes: (await checker).modelHashes() });
      return;
    }
    if (!checker) throw new Error('the models are not loaded');
    if (m.kind === 'reference-ages') {
      const c = await checker;
      const { ages, durationsMs } = await c.referenceAges(m.frames.map((f) => ({ data: new Uint8Array(f.data), width: f.width, height: f.height })));
      scope.postMessage({ id: m.id, kind: 'reference-aged', ages, durationsMs, modelHashes: c.referenceModelHashes() });
      return;
    }
    const result = await (await checker).analyse({ data: new Uint8Array(m.data), width: m.width, height: m.height });
    scope.postMessage({ id: m.id, kind: 'analysed', result });
  } catch (err) {
    scope.postMessage({ id: m.id, kind: 'failed', message: err instanceof Error ? err.message : String(err) });
  }
}
