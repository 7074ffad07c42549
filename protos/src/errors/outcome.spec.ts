import { describe, expect, it } from 'vitest';
import { appError } from './app-error.ts';
import { outcomeOf } from './outcome.ts';

describe('outcomeOf', () => {
  it('classes catalogue errors by their gRPC status, anything else as internal', () => {
    expect(outcomeOf(appError('INFERENCE_BUSY'))).toBe('busy');
    expect(outcomeOf(appError('INFERENCE_TIMEOUT'))).toBe('timeout');
    expect(outcomeOf(appError('INFERENCE_WORKER_FAILED'))).toBe('unavailable');
    expect(outcomeOf(appError('IMAGE_UNDECODABLE'))).toBe('invalid_input');
    expect(outcomeOf(appError('IMAGE_TOO_LARGE'))).toBe('invalid_input');
    expect(outcomeOf(appError('FACE_NOT_FOUND'))).toBe('rejected');
    expect(outcomeOf(appError('INTERNAL'))).toBe('internal');
    expect(outcomeOf(appError('NOT_FOUND'))).toBe('other');
    expect(outcomeOf(new Error('boom: personal data here'))).toBe('internal');
  });
});
