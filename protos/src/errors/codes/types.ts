/** gRPC status names used by the catalogue (subset of @grpc/grpc-js `status`). */
export type GrpcStatusName =
  | 'INVALID_ARGUMENT'
  | 'UNAUTHENTICATED'
  | 'PERMISSION_DENIED'
  | 'NOT_FOUND'
  | 'ALREADY_EXISTS'
  | 'FAILED_PRECONDITION'
  | 'RESOURCE_EXHAUSTED'
  | 'OUT_OF_RANGE'
  | 'UNIMPLEMENTED'
  | 'UNAVAILABLE'
  | 'DEADLINE_EXCEEDED'
  | 'INTERNAL'
  | 'ABORTED'
  | 'CANCELLED';

export interface ErrorSpec {
  /** HTTP status the gateway answers with. */
  http: number;
  /** gRPC status core and inference answer with. */
  grpc: GrpcStatusName;
  /** Human message; safe to show to a tenant (never carries personal data). */
  message: string;
  /** Whether the same request may succeed when retried later. */
  retryable: boolean;
}
