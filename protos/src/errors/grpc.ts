import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { AppError, isAppError, type AppErrorDetails } from './app-error.ts';
import { isErrorCode } from './catalogue.ts';

const CODE_KEY = 'idgate-error-code';
const DETAILS_KEY = 'idgate-error-details-bin';

/** grpc-js's wording when a message exceeds grpc.max_send/receive_message_length. */
const MESSAGE_TOO_LARGE = /message larger than max/i;
/** Retry-After for a RESOURCE_EXHAUSTED that came without one (not from our scheduler). */
const BARE_BUSY_RETRY_AFTER_SECONDS = 1;

/** A gRPC error object (what a handler passes to its callback) for any thrown value. */
export function toServiceError(err: unknown): Partial<ServiceError> {
  const appErr = isAppError(err) ? err : new AppError('INTERNAL', { cause: err });
  const metadata = new Metadata();
  metadata.set(CODE_KEY, appErr.code);
  if (appErr.details) metadata.set(DETAILS_KEY, encodeDetails(appErr.details));
  return { code: status[appErr.spec.grpc], details: appErr.message, metadata };
}

/** Rebuilds the AppError a remote handler threw; bare transport statuses map to UPSTREAM_*. */
export function fromServiceError(err: unknown): AppError {
  if (isAppError(err)) return err;
  const se = err as Partial<ServiceError>;
  const code = se.metadata?.get(CODE_KEY)[0];
  if (isErrorCode(code)) {
    const raw = se.metadata?.get(DETAILS_KEY)[0];
    return new AppError(code, { message: se.details, details: Buffer.isBuffer(raw) ? decodeDetails(raw) : undefined });
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

/** An error's details as bytes for the wire (metadata here, the multiplexed stream's replies). */
export function encodeDetails(details: AppErrorDetails): Buffer {
  return Buffer.from(JSON.stringify(details));
}

/** The details `encodeDetails` wrote; undefined for none. */
export function decodeDetails(raw: Uint8Array | undefined): AppErrorDetails | undefined {
  return raw && raw.length > 0 ? (JSON.parse(Buffer.from(raw).toString('utf8')) as AppErrorDetails) : undefined;
}
