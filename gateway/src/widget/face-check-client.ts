import type { AgeRange, RgbImage } from '@idgate/inference/vision';
import type { FrameResult } from './face-check.ts';
import type { FaceCheckReply, FaceCheckRequest } from './face-check-protocol.ts';
import type { WidgetConfig } from './widget-config.ts';

/** What the capture loop needs of a face check. */
export interface FrameAnalyser {
  analyse(img: RgbImage): Promise<FrameResult>;
  /** sha256 of every model actually run: the evidence's model_hashes. */
  modelHashes(): string[];
  /** The reference age model's ranges for frames already analysed, and the hashes of that run. */
  referenceAges?(images: readonly RgbImage[]): Promise<ReferenceAges>;
}

export interface ReferenceAges {
  ages: (AgeRange | undefined)[];
  durationsMs: number[];
  modelHashes: string[];
}

type Pending = { resolve(reply: FaceCheckReply): void; reject(err: Error): void };

/**
 * The face check running in a dedicated worker (face-check.worker.ts), so the page's main thread
 * only grabs frames and paints. One request at a time is enough: the capture loop awaits each frame.
 */
export class WorkerFaceChecker implements FrameAnalyser {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private hashes: string[] = [];

  private constructor(workerUrl: string) {
    this.worker = new Worker(workerUrl, { type: 'module', name: 'face-check' });
    this.worker.onmessage = (e: MessageEvent<FaceCheckReply>) => {
      const p = this.pending.get(e.data.id);
      this.pending.delete(e.data.id);
      p?.resolve(e.data);
    };
    // A worker that cannot start (no module workers, a script that fails to load) fails every call.
    this.worker.onerror = (e) => this.failAll(new Error(e.message || 'the face-check worker failed'));
  }

  static async load(cfg: WidgetConfig): Promise<WorkerFaceChecker> {
    // A browser without WebAssembly on the page has none in its workers either: fail here, and the
    // page offers the server-side check, rather than after a worker start and a model download.
    if (typeof WebAssembly !== 'object' || typeof Worker !== 'function') throw new Error('onnxruntime-web cannot run in this browser');
    const checker = new WorkerFaceChecker(cfg.faceWorkerPath);
    try {
      const reply = await checker.request({ kind: 'load', cfg });
      if (reply.kind !== 'loaded') throw new Error('the face-check worker did not load its models');
      checker.hashes = reply.modelHashes;
      return checker;
    } catch (err) {
      checker.close();
      throw err;
    }
  }

  modelHashes(): string[] {
    return this.hashes;
  }

  async analyse(img: RgbImage): Promise<FrameResult> {
    // A copy goes to the worker: the page still hashes these pixels and judges their light after the answer.
    const data = img.data.buffer.slice(img.data.byteOffset, img.data.byteOffset + img.data.byteLength) as ArrayBuffer;
    const reply = await this.request({ kind: 'analyse', data, width: img.width, height: img.height }, [data]);
    if (reply.kind !== 'analysed') throw new Error('the face-check worker answered out of turn');
    return reply.result;
  }

  async referenceAges(images: readonly RgbImage[]): Promise<ReferenceAges> {
    const frames = images.map((img) => ({
      data: img.data.buffer.slice(img.data.byteOffset, img.data.byteOffset + img.data.byteLength) as ArrayBuffer,
      width: img.width,
      height: img.height,
    }));
    const reply = await this.request(
      { kind: 'reference-ages', frames },
      frames.map((f) => f.data),
    );
    if (reply.kind !== 'reference-aged') throw new Error('the face-check worker answered out of turn');
    return { ages: reply.ages, durationsMs: reply.durationsMs, modelHashes: reply.modelHashes };
  }

  close(): void {
    this.worker.terminate();
    this.failAll(new Error('the face check was closed'));
  }

  private request(message: DistributiveOmit<FaceCheckRequest, 'id'>, transfer: Transferable[] = []): Promise<FaceCheckReply> {
    const id = this.nextId++;
    return new Promise<FaceCheckReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id }, transfer);
    }).then((reply) => {
      if (reply.kind === 'failed') throw new Error(reply.message);
      return reply;
    });
  }

  private failAll(err: Error): void {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
