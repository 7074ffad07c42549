import { Worker } from 'node:worker_threads';
import type { Config, MetricsSnapshot } from '@idgate/platform';
import type { SqlHandle } from '@idgate/oauth';
import { reviveFailure, type CoreThreadInit, type CoreThreadMessage, type CoreThreadRequest } from './messages.ts';

const WORKER_FILE = new URL('./worker.ts', import.meta.url);

/** A request before its id is given (Omit distributed over the union's members). */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

/** Core running on a thread of its own (see startCoreThread). */
export interface CoreThread {
  /** host:port core serves gRPC on. */
  readonly address: string;
  /**
   * Embedded (PGlite) mode: the OAuth adapter's handle on core's one database; each statement runs
   * in the core thread, on the one PGlite instance (DESIGN "Embedded mode": one handle, shared).
   * Undefined on Postgres, where the gateway opens its own small pool.
   */
  readonly sql?: SqlHandle;
  /** The core thread's metrics registry, for the gateway's /metrics to merge. */
  metrics(): Promise<MetricsSnapshot>;
  /** Graceful: core finishes its in-flight calls and jobs, closes its storage; then the thread ends. */
  close(): Promise<void>;
}

export interface CoreThreadOptions {
  config: Config;
  dataKeys: string[];
  inferenceNodes: string[];
  grpcAddress?: string;
  /** The thread died after it started (an uncaught error, a crash): core is gone. */
  onCrash(err: Error): void;
  /** The thread's entry (default: worker.ts); tests substitute a stand-in that misbehaves on purpose. */
  workerFile?: URL;
}

/**
 * Starts core (storage, migrations, gRPC server, background jobs) on a worker thread of this
 * process. Why a thread: gateway and core each have event-loop work per request (HTTP parsing,
 * auth, schema checks on one side; gRPC, statements, result records on the other) and on one loop
 * they queue behind each other; on two, a second core runs them side by side, as the production
 * shape's two processes do. gRPC over loopback stays the only way between them (DESIGN).
 * Resolves once core serves; rejects with the reason core could not start.
 */
export async function startCoreThread(o: CoreThreadOptions): Promise<CoreThread> {
  const init: CoreThreadInit = { config: o.config, dataKeys: o.dataKeys, inferenceNodes: o.inferenceNodes, grpcAddress: o.grpcAddress };
  const worker = new Worker(o.workerFile ?? WORKER_FILE, { workerData: init });
  const pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  let nextId = 0;
  let closing = false;
  let gone: Error | undefined;

  const request = (req: Unnumbered<CoreThreadRequest>): Promise<unknown> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...req, id });
    });
  };
  // Once the thread is gone (closed, or dead), every waiting and later request fails with why.
  const stopped = (err: Error, crashed: boolean) => {
    if (gone) return; // an uncaught error is followed by the exit: one report
    gone = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    if (crashed) o.onCrash(err);
  };

  // Until core serves: its first message says whether it started; an error or exit before is a failure too.
  const address = await new Promise<string>((resolve, reject) => {
    const onMessage = (m: CoreThreadMessage) => {
      if (m.kind === 'ready') settle(() => resolve(m.address));
      else if (m.kind === 'start-failed') settle(() => reject(reviveFailure(m.failure)));
    };
    const onError = (err: Error) => settle(() => reject(err));
    const onExit = (code: number) => settle(() => reject(new Error(`the core thread exited (code ${code}) before core started`)));
    // Only these three go (not removeAllListeners: Worker keeps listeners of its own on itself).
    const settle = (then: () => void) => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      then();
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });

  worker.on('message', (m: CoreThreadMessage) => {
    if (m.kind !== 'reply') return;
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (m.ok) p?.resolve(m.value);
    else p?.reject(reviveFailure(m.failure));
  });
  worker.on('error', (err) => stopped(err, true));
  worker.on('exit', (code) => stopped(new Error(closing ? 'the core thread has stopped' : `the core thread exited unexpectedly (code ${code})`), !closing));

  const sql: SqlHandle | undefined = o.config.databaseUrl
    ? undefined
    : { query: async <R>(text: string, params: unknown[] = []) => (await request({ kind: 'sql', text, params })) as { rows: R[] } };

  return {
    address,
    sql,
    metrics: async () => (await request({ kind: 'metrics' })) as MetricsSnapshot,
    async close() {
      if (closing) return;
      closing = true;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      await request({ kind: 'close' });
      await exited;
    },
  };
}
