import type { ErrorSpec } from './types.ts';

/**
 * Codes of Face 2FA and the face blacklist (spec §4.1). The `error_code` of a challenge or entry
 * that could not be processed is one of these or an image/face code of inference.ts.
 */
export const FACE_ERRORS = {
  FACE_2FA_NOT_ENROLLED: {
    http: 404,
    grpc: 'NOT_FOUND',
    message: 'This user has no Face 2FA enrollment in this project: register a face first (a registration counts once its status is passed).',
    retryable: false,
  },
  FACE_ENROLLMENT_STALE: {
    http: 409,
    grpc: 'FAILED_PRECONDITION',
    message: 'The enrollment was made with a face model that is no longer active; register the user again.',
    retryable: false,
  },
  FACE_CHECK_INTERRUPTED: {
    http: 503,
    grpc: 'ABORTED',
    message: 'Processing stopped before it finished (the service restarted); send the image again.',
    retryable: true,
  },
  BLACKLIST_SELFIE_UNAVAILABLE: {
    http: 409,
    grpc: 'FAILED_PRECONDITION',
    message:
      'This session has no server-side selfie to blacklist: it is not decided yet, its face check ran on the device, or its 24-hour selfie window has passed.',
    retryable: false,
  },
} as const satisfies Record<string, ErrorSpec>;
