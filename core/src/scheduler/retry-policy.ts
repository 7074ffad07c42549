import { isAppError, type AppError } from '@idgate/protos';

/** What the scheduler does after a failed attempt on one node. */
export type FailureKind =
  /** The node did not answer (died, unreachable, connection lost) or cannot serve (models): mark it down, retry elsewhere. */
  | 'node_down'
  /** The node is saturated (RESOURCE_EXHAUSTED): try another node, do not mark it down. */
  | 'node_busy'
  /** The node answered: biometric outcome, invalid image, timeout, worker crash. Never retried. */
  | 'final';

const TRANSPORT_STATUSES = new Set([1 /* CANCELLED */, 2 /* UNKNOWN */, 13 /* INTERNAL */, 14 /* UNAVAILABLE */]);

/**
 * Classifies a failed call. A node that answered put its catalogue code in the trailing metadata;
 * a failure WITHOUT that code comes from the transport (connection refused or dropped mid-call),
 * which is exactly "the node died". Retrying those is safe: inference has no side effects, so a
 * job a dead node may have half-done cannot be doubled.
 */
export function classifyFailure(err: unknown): FailureKind {
  if (!isAppError(err)) return 'final';
  if (err.code === 'INFERENCE_BUSY') return 'node_busy';
  if (err.code === 'UPSTREAM_UNAVAILABLE' || err.code === 'MODEL_UNAVAILABLE') return 'node_down';
  if (err.code === 'INTERNAL' && isTransportFailure(err)) return 'node_down';
  return 'final';
}

function isTransportFailure(err: AppError): boolean {
  const cause = err.cause as { code?: number; metadata?: { get(key: string): unknown[] } } | undefined;
  if (!cause || typeof cause.code !== 'number') return false;
  const answered = (cause.metadata?.get('idgate-error-code') ?? []).length > 0;
  return !answered && TRANSPORT_STATUSES.has(cause.code);
}
