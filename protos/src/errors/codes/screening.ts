import type { ErrorSpec } from './types.ts';

/**
 * Codes of the sanctions/PEP screening engine (core/src/screening; docs/screening.md). The engine throws
 * plain errors whose `code` is one of these keys; the lead maps them to AppErrors at the seam.
 */
export const SCREENING_ERRORS = {
  SCREENING_UNAVAILABLE: {
    http: 503,
    grpc: 'UNAVAILABLE',
    message: 'Sanctions screening is not available yet: no screening list has been loaded.',
    retryable: true,
  },
  SCREENING_QUERY_INVALID: {
    http: 400,
    grpc: 'INVALID_ARGUMENT',
    message: 'The screening query is invalid: it needs a name, a birth date as YYYY or YYYY-MM-DD and a two-letter nationality.',
    retryable: false,
  },
  SCREENING_REFRESH_FAILED: {
    http: 502,
    grpc: 'UNAVAILABLE',
    message: 'The screening list could not be refreshed; the previous list is still in use.',
    retryable: true,
  },
} as const satisfies Record<string, ErrorSpec>;

export type ScreeningErrorCode = keyof typeof SCREENING_ERRORS;
