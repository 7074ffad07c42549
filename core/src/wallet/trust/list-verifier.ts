import { Worker } from 'node:worker_threads';
import { TrustListError } from './errors.ts';
import { verifyList, type VerifiedList, type VerifyListReply, type VerifyListRequest } from './verify-list.ts';

/** Checks one list document (signature with the allowed keys, then its anchors); rejects with a TrustListError. */
export interface ListVerifier {
  verify(req: VerifyListRequest): Promise<VerifiedList>;
  /** Stops the verification thread, if any (core's shutdown). */
  close(): Promise<void>;
}

const WORKER_FILE = new URL('./list-verifier.worker.ts', import.meta.url);

export interface WorkerListVerifierOptions {
  /** Longest one list may take in the thread before the thread is ended and the list refused (default 60 s). */
  readonly timeoutMs?: number;
  /** Old-generation heap of the thread (default 512 MB): a hostile list runs it out of memory, not core. */
  readonly maxHeapMb?: number;
  /**
   * How long the thread may sit idle before it is ended (default 30 s); the next list starts a new one (about
   * 0.3 s, off the event loop). A thread that verified a 1,000-service list keeps a ~190 MB heap: not worth
   * holding for the hour between refreshes.
   */
  readonly idleMs?: number;
  /** The thread's entry (tests substitute one that hangs or dies). */
  readonly workerFile?: URL;
}

/**
 * One verification thread for the trusted lists, started on the first list, ended when idle (idleMs) and by
 * close(). Why a thread:
 * xadesjs parses and canonicalises the XML synchronously, which held core's event loop for up to ~2 s per
 * refresh of a 1,000-service list (docs/decisions/wallet-trust.md); every verification in flight waited.
 *
 * Lists go to the thread one at a time (the work is CPU-bound: more at once would not finish sooner), each
 * with its own time limit. A thread that dies, runs out of memory or out of time fails the lists it held with
 * TrustListError('worker'); the next list starts a fresh one. The thread keeps core's process alive only while
 * it has a list to check.
 */
export class WorkerListVerifier implements ListVerifier {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve(list: VerifiedList): void; reject(err: Error): void; timer: NodeJS.Timeout }>();
  private nextId = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly timeoutMs: number;
  private readonly maxHeapMb: number;
  private readonly idleMs: number;
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly workerFile: URL;

  constructor(o: WorkerListVerifierOptions = {}) {
    this.timeoutMs = o.timeoutMs ?? 60_000;
    this.maxHeapMb = o.maxHeapMb ?? 512;
    this.idleMs = o.idleMs ?? 30_000;
    this.workerFile = o.workerFile ?? WORKER_FILE;
  }

  /** Whether the thread is running now (tests and the bench). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  verify(req: VerifyListRequest): Promise<VerifiedList> {
    const turn = this.queue.then(() => this.send(req));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private send(req: VerifyListRequest): Promise<VerifiedList> {
    if (this.closed) return Promise.reject(new TrustListError('worker', 'the list verification thread is closed'));
    const worker = this.started();
    clearTimeout(this.idleTimer);
    const id = this.nextId++;
    return new Promise<VerifiedList>((resolve, reject) => {
      const timer = setTimeout(
        () => this.lost(worker, new TrustListError('worker', `list verification took longer than ${this.timeoutMs} ms`)),
        this.timeoutMs,
      );
      this.pending.set(id, { resolve, reject, timer });
      worker.ref();
      worker.postMessage({ id, req });
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.workerFile, { name: 'wallet-trust-verify', resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb } });
    worker.unref();
    worker.on('message', (m: { id: number; reply: VerifyListReply }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      if (this.pending.size === 0) this.idle(worker);
      if (m.reply.ok) p.resolve(m.reply.list);
      else p.reject(new TrustListError(m.reply.failure, m.reply.message));
    });
    worker.on('error', (err) => this.lost(worker, new TrustListError('worker', `the list verification thread failed: ${err.message}`)));
    worker.on('exit', (code) => this.lost(worker, new TrustListError('worker', `the list verification thread exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }

  /** Nothing to check: the thread no longer holds the process open, and ends unless a list comes within idleMs. */
  private idle(worker: Worker): void {
    worker.unref();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.worker !== worker || this.pending.size > 0) return;
      this.worker = undefined;
      void worker.terminate();
    }, this.idleMs);
    this.idleTimer.unref();
  }

  /** The thread is dead or stuck: end it, fail what it held; the next list starts a fresh one. */
  private lost(worker: Worker, err: TrustListError): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    void worker.terminate();
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.pending.clear();
  }
}

/** Verification on the calling thread: the behaviour before the thread, kept for the bench's comparison. */
export const inThreadListVerifier: ListVerifier = { verify: verifyList, close: () => Promise.resolve() };
