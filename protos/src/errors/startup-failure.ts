import type { Logger } from '@idgate/platform';
import { isAppError } from './app-error.ts';

/**
 * What an operator sees when a process cannot start. An AppError (a model file missing or
 * altered, MODEL_UNAVAILABLE) or a system error (a database or Redis that refuses the connection,
 * a port in use) is an expected operational failure whose message already names the cause: it is
 * logged and printed as one line, without a stack trace. Anything else is a bug: its stack is kept.
 */
export function reportStartupFailure(err: unknown, log: Logger, processName: string): void {
  process.exitCode = 1;
  const expected = describeExpectedFailure(err);
  if (!expected) {
    log.fatal({ err }, `${processName} failed to start`);
    return;
  }
  log.fatal({ code: expected.code, details: expected.details }, `${processName} failed to start: ${expected.message}`);
  process.stderr.write(`${processName} failed to start: ${expected.message} [${expected.code}]\n`);
}

/**
 * A process entry point's start-up: its result, or, when it fails, the failure reported as above
 * and the process ended with exit code 1 (whatever did start, a pool or a server, must not keep
 * the process alive).
 */
export async function startOrExit<T>(processName: string, log: Logger, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (err) {
    reportStartupFailure(err, log, processName);
    return process.exit();
  }
}

export interface ExpectedFailure {
  code: string;
  message: string;
  details?: unknown;
}

/**
 * An expected failure described where it happened (another thread of this process: the
 * all-in-one's core thread) and thrown again here, so the operator sees the same one line.
 */
export class DescribedStartupFailure extends Error {
  readonly failure: ExpectedFailure;
  constructor(failure: ExpectedFailure) {
    super(failure.message);
    this.name = 'DescribedStartupFailure';
    this.failure = failure;
  }
}

/** The failure as code and message when it is an expected operational one, else undefined (a bug). */
export function describeExpectedFailure(err: unknown): ExpectedFailure | undefined {
  if (err instanceof DescribedStartupFailure) return err.failure;
  if (isAppError(err)) return { code: err.code, message: err.message, details: err.details };
  const system = err as { code?: unknown; syscall?: unknown; message?: unknown } | undefined;
  if (typeof system?.code === 'string' && typeof system.syscall === 'string' && typeof system.message === 'string')
    return { code: system.code, message: system.message };
  // pg and redis report a refused connection as an AggregateError of system errors.
  if (err instanceof AggregateError && err.errors.length > 0) {
    const first = describeExpectedFailure(err.errors[0]);
    return first && { ...first, message: err.errors.map((e: { message?: string }) => e.message).join('; ') };
  }
  // A driver's own error (drizzle's failed query) wrapping the refused connection.
  if (err instanceof Error && err.cause !== undefined && err.cause !== err) return describeExpectedFailure(err.cause);
  return undefined;
}
