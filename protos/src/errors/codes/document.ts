import type { ErrorSpec } from './types.ts';

/**
 * Error codes of the document reader (inference/src/document). Only input that cannot be read as an
 * image at all is an error; a readable but bad document is a reading with status
 * `document_unreadable` (SPEC section 2.5), never one of these.
 */
export const DOCUMENT_ERRORS = {
  DOCUMENT_IMAGE_EMPTY: { http: 422, grpc: 'INVALID_ARGUMENT', message: 'The document image is empty', retryable: false },
  DOCUMENT_IMAGE_INVALID: { http: 422, grpc: 'INVALID_ARGUMENT', message: 'The document image could not be decoded', retryable: false },
  DOCUMENT_IMAGE_TOO_LARGE: { http: 413, grpc: 'INVALID_ARGUMENT', message: 'The document image has more bytes or pixels than allowed', retryable: false },
  DOCUMENT_MODEL_INTEGRITY: { http: 500, grpc: 'INTERNAL', message: 'A document OCR model file failed its integrity check', retryable: false },
} as const satisfies Record<string, ErrorSpec>;

export type DocumentErrorCode = keyof typeof DOCUMENT_ERRORS;
