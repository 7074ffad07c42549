import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { AppError, isAppError } from './app-error.ts';
import { ERROR_CATALOGUE, isErrorCode } from './catalogue.ts';
import { decodeDetails, encodeDetails, fromWireError, toWireError } from './wire.ts';

const CODE_KEY = 'idgate-error-code';
const DETAILS_KEY = 'idgate-error-details-bin';

/** grpc-js's wording when a message exceeds grpc.max_send/receive_message_length. */
const MESSAGE_TOO_LARGE = /message larger than max/i;
/** Retry-After for a RESOURCE_EXHAUSTED that came without one (not from our scheduler). */
const BARE_BUSY_RETRY_AFTER_SECONDS = 1;

/** A gRPC error object (what a handler passes to its callback) for any thrown value. */
export function toServiceError(err: unknown): Partial<ServiceError> {
  const wire = toWireError(err);
  const metadata = new Metadata();
  metadata.set(CODE_KEY, wire.code);
  if (wire.details) metadata.set(DETAILS_KEY, encodeDetails(wire.details));
  return { code: status[ERROR_CATALOGUE[wire.code].grpc], details: wire.message, metadata };
}

/** Rebuilds the AppError a remote handler threw; bare transport statuses map to UPSTREAM_*. */
export function fromServiceError(err: unknown): AppError {
  if (isAppError(err)) return err;
  const se = err as Partial<ServiceError>;
  const code = se.metadata?.get(CODE_KEY)[0];
  if (isErrorCode(code)) {
    const raw = se.metadata?.get(DETAILS_KEY)[0];
    return fromWireError({ code, message: se.details, details: Buffer.isBuffer(raw) ? decodeDetails(raw) : undefined });
  }
  switch (se.code) {
    case status.DEADLINE_EXCEEDED:
      return new AppError('UPSTREAM_TIMEOUT', { cause: err });
    case status.UNAVAILABLE:
    case status.CANCELLED:
      return new AppError('UPSTREAM_UNAVAILABLE', { cause: err });
    case status.RESOURCE_EXHAUSTED:
      // grpc-js's own size check ("Sent/Received message larger than max"): retrying never helps.
      if (MESSAGE_TOO_LARGE.test(se.details ?? '')) return new AppError('PAYLOAD_TOO_LARGE', { cause: err });
      return new AppError('INFERENCE_BUSY', { details: { retryAfterSeconds: BARE_BUSY_RETRY_AFTER_SECONDS }, cause: err });
    default:
      return new AppError('INTERNAL', { cause: err });
  }
}
