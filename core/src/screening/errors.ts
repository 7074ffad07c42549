import type { ErrorCode } from '@idgate/protos';

/** The catalogue codes of this module (protos/src/errors/codes/screening.ts). */
export type ScreeningErrorCode = Extract<ErrorCode, `SCREENING_${string}`>;

/**
 * Errors of the screening module. `code` is a key of SCREENING_ERRORS
 * (protos/src/errors/codes/screening.ts); the transport layer maps it to an AppError.
 * Messages never contain names or other personal data.
 */
export class ScreeningError extends Error {
  readonly code: ScreeningErrorCode;

  constructor(code: ScreeningErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ScreeningError';
    this.code = code;
  }
}

/** No index is loaded yet (first refresh pending or failed). */
export class ScreeningUnavailableError extends ScreeningError {
  constructor() {
    super('SCREENING_UNAVAILABLE', 'no screening list is loaded');
    this.name = 'ScreeningUnavailableError';
  }
}

/** The parts of a query (ScreeningQuery) and of its options (ScreenOptions) that can be invalid. */
export type ScreeningQueryField = 'name' | 'birthDate' | 'nationality' | 'limit' | 'threshold';

/**
 * The query is malformed: `field` says which part, `reason` what is wrong with it ("is required");
 * the message is both ("name is required"). Neither ever holds the value.
 */
export class ScreeningQueryInvalidError extends ScreeningError {
  readonly field: ScreeningQueryField;
  readonly reason: string;

  constructor(field: ScreeningQueryField, reason: string) {
    super('SCREENING_QUERY_INVALID', `${field} ${reason}`);
    this.name = 'ScreeningQueryInvalidError';
    this.field = field;
    this.reason = reason;
  }
}

/** A refresh failed; the previous index keeps serving. */
export class ScreeningRefreshError extends ScreeningError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('SCREENING_REFRESH_FAILED', message, options);
    this.name = 'ScreeningRefreshError';
  }
}
