import type { ErrorSpec } from './types.ts';

/** Codes of the inference node and the scheduler in core (docs/architecture.md). */
export const INFERENCE_ERRORS = {
  IMAGE_EMPTY: { http: 400, grpc: 'INVALID_ARGUMENT', message: 'The image is empty.', retryable: false },
  IMAGE_UNDECODABLE: { http: 422, grpc: 'INVALID_ARGUMENT', message: 'The image could not be decoded (truncated or not an image).', retryable: false },
  IMAGE_TOO_LARGE: { http: 413, grpc: 'OUT_OF_RANGE', message: 'The image exceeds the configured size or pixel limit.', retryable: false },
  IMAGE_ANIMATED: { http: 422, grpc: 'INVALID_ARGUMENT', message: 'Animated images are not accepted; send a single still frame.', retryable: false },
  FACE_NOT_FOUND: { http: 422, grpc: 'FAILED_PRECONDITION', message: 'No face was found in the image.', retryable: false },
  FACE_MULTIPLE: { http: 422, grpc: 'FAILED_PRECONDITION', message: 'More than one face was found; only one person may be in frame.', retryable: false },
  FACE_QUALITY_LOW: {
    http: 422,
    grpc: 'FAILED_PRECONDITION',
    message: 'The face is not usable (size, blur, pose or rotation); the reasons say which.',
    retryable: false,
  },
  INFERENCE_TIMEOUT: { http: 504, grpc: 'DEADLINE_EXCEEDED', message: 'Inference did not finish before the deadline.', retryable: true },
  INFERENCE_WORKER_FAILED: { http: 503, grpc: 'UNAVAILABLE', message: 'An inference worker failed; retry the request.', retryable: true },
  MODEL_UNAVAILABLE: { http: 503, grpc: 'UNAVAILABLE', message: 'A model required for this operation is not loaded.', retryable: true },
} as const satisfies Record<string, ErrorSpec>;
