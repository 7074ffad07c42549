import { setLogger } from '@grpc/grpc-js';
import { format } from 'node:util';
import { loggableError } from '@idgate/platform';
import type { Logger } from '@idgate/platform';

/**
 * grpc-js writes its own errors to stderr as plain text ("E No address added out of total 1
 * resolved" beside our one start-up line for a port in use): send them into the process's JSON
 * log instead, scrubbed like any error message (a refused metadata value is quoted whole).
 * GRPC_VERBOSITY still says which grpc-js logs are written. grpc-js keeps one logger per thread:
 * call once in each entry point and in the all-in-one's core thread.
 */
export function sendGrpcLogsTo(log: Logger): void {
  const grpcLog = log.child({ source: 'grpc-js' });
  const text = (args: unknown[]) => String(loggableError(format(...args)).message);
  setLogger({
    error: (...args: unknown[]) => grpcLog.warn(text(args)),
    info: (...args: unknown[]) => grpcLog.info(text(args)),
    debug: (...args: unknown[]) => grpcLog.debug(text(args)),
  });
}
