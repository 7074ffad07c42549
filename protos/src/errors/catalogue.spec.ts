import { describe, expect, it } from 'vitest';
import { status } from '@grpc/grpc-js';
import { ERROR_CATALOGUE } from './catalogue.ts';
import { appError } from './app-error.ts';
import { fromServiceError, toServiceError } from './grpc.ts';
import { toHttpResponse } from './http.ts';

describe('error catalogue', () => {
  it('holds the spec codes with their statuses (spec §7.2)', () => {
    expect(ERROR_CATALOGUE.INVALID_VERIFICATION_MODE.http).toBe(400);
    for (const c of ['ALLOWANCE_EXHAUSTED', 'BUDGET_EXCEEDED', 'PAYMENT_REQUIRED'] as const) expect(ERROR_CATALOGUE[c].http).toBe(402);
    expect(ERROR_CATALOGUE.EXPECTED_REQUIRES_DOCUMENT.http).toBe(400);
  });

  it('every entry has a valid HTTP status, a gRPC status and a message', () => {
    for (const [code, spec] of Object.entries(ERROR_CATALOGUE)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(spec.http).toBeGreaterThanOrEqual(400);
      expect(spec.http).toBeLessThan(600);
      expect(status[spec.grpc]).toBeTypeOf('number');
      expect(spec.message.length).toBeGreaterThan(5);
    }
  });

  it('every code survives the gRPC round trip with its details', () => {
    for (const code of Object.keys(ERROR_CATALOGUE) as (keyof typeof ERROR_CATALOGUE)[]) {
      const back = fromServiceError(toServiceError(appError(code, { details: { reasons: ['r1'] } })));
      expect(back.code).toBe(code);
      expect(back.details).toEqual({ reasons: ['r1'] });
    }
  });

  it('unknown errors become INTERNAL without leaking their message', () => {
    const back = fromServiceError(toServiceError(new Error('secret stack detail')));
    expect(back.code).toBe('INTERNAL');
    const { status: http, body } = toHttpResponse(back);
    expect(http).toBe(500);
    expect(JSON.stringify(body)).not.toContain('secret stack detail');
  });

  it('renders Retry-After from details', () => {
    const r = toHttpResponse(appError('RATE_LIMITED', { details: { retryAfterSeconds: 12.2 } }), 'req-1');
    expect(r.headers['retry-after']).toBe('13');
    expect(r.body).toEqual({
      success: false,
      error: { code: 'RATE_LIMITED', message: ERROR_CATALOGUE.RATE_LIMITED.message, details: { retry_after_seconds: 13 }, request_id: 'req-1' },
    });
  });

  // A bare RESOURCE_EXHAUSTED (no catalogue code in the metadata) comes from grpc-js itself.
  it('a message over the gRPC size limit is PAYLOAD_TOO_LARGE (413), not a busy service that retrying would fix', () => {
    for (const details of ['Sent message larger than max (70000123 vs. 67108864)', 'Received message larger than max (70000123 vs. 67108864)']) {
      const back = fromServiceError({ code: status.RESOURCE_EXHAUSTED, details });
      expect(back.code).toBe('PAYLOAD_TOO_LARGE');
      expect(toHttpResponse(back).status).toBe(413);
    }
  });

  it('any other bare RESOURCE_EXHAUSTED is INFERENCE_BUSY with a Retry-After, as docs/errors.md promises for 503', () => {
    const r = toHttpResponse(fromServiceError({ code: status.RESOURCE_EXHAUSTED, details: 'Bandwidth exhausted' }));
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ error: { code: 'INFERENCE_BUSY' } });
    expect(r.headers['retry-after']).toBe('1');
  });
});
