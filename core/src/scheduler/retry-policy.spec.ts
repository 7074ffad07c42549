import { Metadata, status } from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import { appError, fromServiceError } from '@idgate/protos';
import { classifyFailure } from './retry-policy.ts';

function transportError(code: number) {
  return Object.assign(new Error('transport'), { code, details: 'transport', metadata: new Metadata() });
}

describe('which failures are retried on another node', () => {
  it('retries when the node did not answer (unavailable, connection dropped)', () => {
    expect(classifyFailure(fromServiceError(transportError(status.UNAVAILABLE)))).toBe('node_down');
    expect(classifyFailure(fromServiceError(transportError(status.INTERNAL)))).toBe('node_down');
    expect(classifyFailure(appError('MODEL_UNAVAILABLE'))).toBe('node_down');
  });

  it('tries another node when one is busy', () => {
    expect(classifyFailure(appError('INFERENCE_BUSY', { details: { retryAfterSeconds: 2 } }))).toBe('node_busy');
  });

  it('never retries an answer: biometric outcome, invalid image, timeout, worker crash, bug', () => {
    for (const code of [
      'FACE_NOT_FOUND',
      'FACE_MULTIPLE',
      'FACE_QUALITY_LOW',
      'IMAGE_UNDECODABLE',
      'IMAGE_TOO_LARGE',
      'INFERENCE_TIMEOUT',
      'INFERENCE_WORKER_FAILED',
      'UPSTREAM_TIMEOUT',
      'REQUEST_INVALID',
    ] as const) {
      expect(classifyFailure(appError(code))).toBe('final');
    }
    const answeredInternal = new Metadata();
    answeredInternal.set('idgate-error-code', 'INTERNAL');
    expect(classifyFailure(fromServiceError({ ...transportError(status.INTERNAL), metadata: answeredInternal }))).toBe('final');
    expect(classifyFailure(new Error('not an AppError'))).toBe('final');
  });
});
