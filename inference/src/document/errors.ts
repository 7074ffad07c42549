import { ERROR_CATALOGUE, type ErrorCode } from '@idgate/protos';

export type DocumentErrorCode = Extract<ErrorCode, `DOCUMENT_${string}`>;

/**
 * Thrown for input that is not a readable image (empty, truncated, not an image, too many pixels)
 * and for OCR model files that fail their checksum; never for a readable but bad document. The
 * `code` is a key of DOCUMENT_ERRORS, so the gRPC layer maps it without parsing messages.
 */
export class DocumentInputError extends Error {
  readonly code: DocumentErrorCode;
  readonly http: number;
  readonly grpc: string;
  readonly retryable: boolean;

  constructor(code: DocumentErrorCode, detail?: string) {
    const entry = ERROR_CATALOGUE[code];
    super(detail ? `${entry.message}: ${detail}` : entry.message);
    this.name = 'DocumentInputError';
    this.code = code;
    this.http = entry.http;
    this.grpc = entry.grpc;
    this.retryable = entry.retryable;
  }
}
