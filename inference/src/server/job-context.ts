import type { sendUnaryData, ServerUnaryCall } from '@grpc/grpc-js';
import { appError, unaryHandler, type CallContext } from '@idgate/protos';

/** What a pool task needs from the gRPC call: when to give up, and a signal that says so. */
export interface JobContext {
  /** Fires at the caller's deadline or when the caller cancels (STYLE 6.5: deadline -> AbortSignal). */
  readonly signal: AbortSignal;
  /** Absolute deadline (epoch ms) passed into the worker for its cooperative checks. */
  readonly deadline?: number;
}

function jobContext(ctx: CallContext, cancelled: AbortSignal): JobContext {
  if (!ctx.deadline) return { signal: cancelled };
  const deadline = ctx.deadline.getTime();
  const timeout = AbortSignal.timeout(Math.max(0, deadline - Date.now()));
  return { signal: AbortSignal.any([cancelled, timeout]), deadline };
}

/**
 * unaryHandler (error mapping to catalogue codes) plus cancellation: the gRPC deadline and a
 * caller's cancel both abort the pool task, so abandoned work leaves the queue.
 */
export function poolHandler<Req, Res>(
  fn: (req: Req, job: JobContext) => Promise<Res>,
  onInternal?: (err: unknown) => void,
): (call: ServerUnaryCall<Req, Res>, cb: sendUnaryData<Res>) => void {
  return (call, cb) => {
    const cancel = new AbortController();
    call.on('cancelled', () => cancel.abort(appError('INFERENCE_TIMEOUT', { details: { reasons: ['cancelled_by_caller'] } })));
    unaryHandler<Req, Res>((req, ctx) => fn(req, jobContext(ctx, cancel.signal)), onInternal)(call, cb);
  };
}
