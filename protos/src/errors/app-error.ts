import { ERROR_CATALOGUE, type ErrorCode } from './catalogue.ts';
import type { ErrorSpec } from './codes/types.ts';

/** Field-level detail of a validation error (svix-style loc/msg/type). */
export interface FieldIssue {
  loc: string[];
  msg: string;
  type: string;
}

export interface AppErrorDetails {
  fields?: FieldIssue[];
  reasons?: string[];
  retryAfterSeconds?: number;
  [key: string]: unknown;
}

/**
 * The one error type of the service. Build it with appError(code); transports render it
 * (errors/http.ts, errors/grpc.ts). `details` must never carry personal data or secrets.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly spec: ErrorSpec;
  readonly details: AppErrorDetails | undefined;

  constructor(code: ErrorCode, opts: { message?: string; details?: AppErrorDetails; cause?: unknown } = {}) {
    const spec = ERROR_CATALOGUE[code];
    super(opts.message ?? spec.message, { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.spec = spec;
    this.details = opts.details;
  }

  get httpStatus(): number {
    return this.spec.http;
  }
}

/** @example throw appError('INVALID_VERIFICATION_MODE') */
export function appError(code: ErrorCode, opts: { message?: string; details?: AppErrorDetails; cause?: unknown } = {}): AppError {
  return new AppError(code, opts);
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

/**
 * REQUEST_INVALID for one field, in the shape the gateway's schema validation uses:
 * `loc` starts with where the field is (`body`, `query`, `params`), then its path.
 * @example throw invalidField(['query', 'limit'], 'limit must be 1 to 100')
 */
export function invalidField(loc: string[], msg: string, type = 'value'): AppError {
  return appError('REQUEST_INVALID', { details: { fields: [{ loc, msg, type }] } });
}
