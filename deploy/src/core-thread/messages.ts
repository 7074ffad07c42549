import { describeExpectedFailure, DescribedStartupFailure, fromWireError, isAppError, toWireError, type ExpectedFailure, type WireError } from '@idgate/protos';
import { loggableError, type Config } from '@idgate/platform';

/**
 * What crosses between the all-in-one process's main thread (gateway, OAuth, inference node) and
 * its core thread. Everything here is structured-cloneable: plain data, Dates, byte arrays.
 */

/** The core thread's workerData. */
export interface CoreThreadInit {
  config: Config;
  dataKeys: string[];
  /** Inference nodes core schedules onto (the process's own node first). */
  inferenceNodes: string[];
  /** Overrides CORE_GRPC_ADDRESS (tests bind port 0). */
  grpcAddress?: string;
}

/** Main → core: a request answered by one Reply with the same id. */
export type CoreThreadRequest = { id: number; kind: 'sql'; text: string; params: unknown[] } | { id: number; kind: 'metrics' } | { id: number; kind: 'close' };

/** Core → main. `ready` and `start-failed` come once, unasked; replies answer requests. */
export type CoreThreadMessage =
  | { kind: 'ready'; address: string }
  | { kind: 'start-failed'; failure: SerializedFailure }
  | { kind: 'reply'; id: number; ok: true; value: unknown }
  | { kind: 'reply'; id: number; ok: false; failure: SerializedFailure };

/**
 * An error as it can cross a thread. Structured clone keeps an Error's name, message and stack
 * but drops its own fields (a driver's SQLSTATE `code`, an AppError's catalogue code), so those
 * travel beside it: `appError` is a catalogue error as every boundary carries it (WireError),
 * `expected` the operator-facing description of a start-up failure (a model missing, a database
 * refusing the connection), `fields` the primitive fields of any other error.
 */
export interface SerializedFailure {
  name: string;
  message: string;
  stack?: string;
  appError?: WireError;
  expected?: ExpectedFailure;
  fields: Record<string, string | number | boolean>;
}

export function serializeFailure(err: unknown): SerializedFailure {
  const e = err instanceof Error ? err : new Error(String(err));
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(e)) if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as string | number | boolean;
  // The stack as the logs would show it: secrets and query values cut out (loggableError).
  const stack = loggableError(e).stack;
  return {
    name: e.name,
    message: e.message,
    stack: typeof stack === 'string' ? stack : undefined,
    ...(isAppError(err) ? { appError: toWireError(err) } : {}),
    expected: describeExpectedFailure(err),
    fields,
  };
}

/**
 * The error again on this side: a catalogue error is an AppError again (a start-up report
 * describes it as it would have there), an expected failure reports as it did there, anything
 * else keeps its fields.
 */
export function reviveFailure(f: SerializedFailure): Error {
  if (f.appError) {
    const err = fromWireError(f.appError);
    if (f.stack) err.stack = f.stack;
    return err;
  }
  if (f.expected) return new DescribedStartupFailure(f.expected);
  const err = Object.assign(new Error(f.message), f.fields);
  err.name = f.name;
  if (f.stack) err.stack = f.stack;
  return err;
}
