import { isAppError } from './app-error.ts';
import type { GrpcStatusName } from './codes/types.ts';

/**
 * The `outcome` label of latency metrics: `ok`, or the class of the catalogue error (never its
 * message, which may quote input). Classes follow the catalogue's gRPC status, so every code has
 * one and the label stays bounded:
 * - `busy`: backpressure (RESOURCE_EXHAUSTED: INFERENCE_BUSY, RATE_LIMITED)
 * - `timeout`: a deadline passed or the caller cancelled (DEADLINE_EXCEEDED, CANCELLED)
 * - `unavailable`: a backend, model or worker could not serve (UNAVAILABLE)
 * - `invalid_input`: the input was refused (INVALID_ARGUMENT, OUT_OF_RANGE: undecodable or too large images)
 * - `rejected`: a valid input with a negative answer (FAILED_PRECONDITION: no face, several faces, low quality)
 * - `internal`: a bug, or an error outside the catalogue
 * - `other`: any other status (authentication, not found, …)
 */
export type OutcomeClass = 'ok' | 'busy' | 'timeout' | 'unavailable' | 'invalid_input' | 'rejected' | 'internal' | 'other';

const BY_STATUS: Partial<Record<GrpcStatusName, OutcomeClass>> = {
  RESOURCE_EXHAUSTED: 'busy',
  DEADLINE_EXCEEDED: 'timeout',
  CANCELLED: 'timeout',
  UNAVAILABLE: 'unavailable',
  INVALID_ARGUMENT: 'invalid_input',
  OUT_OF_RANGE: 'invalid_input',
  FAILED_PRECONDITION: 'rejected',
  INTERNAL: 'internal',
};

/** The outcome class of a failure (see OutcomeClass). */
export function outcomeOf(err: unknown): OutcomeClass {
  if (!isAppError(err)) return 'internal';
  return BY_STATUS[err.spec.grpc] ?? 'other';
}
