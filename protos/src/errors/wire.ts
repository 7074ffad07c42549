import { AppError, isAppError, type AppErrorDetails } from './app-error.ts';
import { ERROR_CATALOGUE, isErrorCode, type ErrorCode } from './catalogue.ts';

/**
 * An AppError as plain data: what crosses every boundary that structured clone or a protocol
 * would strip the class from (gRPC trailers, the multiplexed stream, the all-in-one's core
 * thread, the inference pool's workers). Each transport carries these three fields its own way
 * (metadata, a proto message, a worker message); the mapping to and from AppError is here only.
 */
export interface WireError {
  /** A catalogue code (ErrorCode); any other string reads back as INTERNAL. */
  readonly code: string;
  /** Absent (a transport that lost it): the catalogue's message for the code. */
  readonly message?: string;
  readonly details?: AppErrorDetails;
}

/** Any thrown value as a WireError: an AppError as it is, anything else as the catalogue's generic INTERNAL (never its message). */
export function toWireError(err: unknown): WireError & { readonly code: ErrorCode; readonly message: string } {
  if (!isAppError(err)) return { code: 'INTERNAL', message: ERROR_CATALOGUE.INTERNAL.message };
  return err.details ? { code: err.code, message: err.message, details: err.details } : { code: err.code, message: err.message };
}

/** The AppError a WireError describes; a code outside the catalogue (a newer peer, a bug) is INTERNAL. */
export function fromWireError(w: WireError): AppError {
  if (!isErrorCode(w.code)) return new AppError('INTERNAL');
  return new AppError(w.code, { message: w.message, details: w.details });
}

/** A WireError's details as bytes, for transports that carry bytes (gRPC metadata, the multiplexed stream). */
export function encodeDetails(details: AppErrorDetails): Buffer {
  return Buffer.from(JSON.stringify(details));
}

/** The details `encodeDetails` wrote; undefined for none. */
export function decodeDetails(raw: Uint8Array | undefined): AppErrorDetails | undefined {
  return raw && raw.length > 0 ? (JSON.parse(Buffer.from(raw).toString('utf8')) as AppErrorDetails) : undefined;
}
