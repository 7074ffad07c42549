import { describe, expect, it } from 'vitest';
import type { MuxError__Output } from '../../gen/idgate/core/v1/MuxError.ts';
import { fromMuxError, toMuxError } from '../grpc/mux-codec.ts';
import { AppError, appError, type AppErrorDetails } from './app-error.ts';
import { ERROR_CATALOGUE, type ErrorCode } from './catalogue.ts';
import { fromServiceError, toServiceError } from './grpc.ts';
import { fromWireError, toWireError, type WireError } from './wire.ts';

const CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];
const DETAILS: AppErrorDetails = {
  fields: [{ loc: ['body', 'user_id'], msg: 'user_id must be 1 to 128 characters', type: 'value' }],
  reasons: ['why', 'ünïcode ✓'],
  retryAfterSeconds: 7,
  nested: { list: [1, 'two', null], flag: true },
};

/** The four boundaries an AppError crosses, each as a round trip from a thrown value to the AppError on the far side. */
const BOUNDARIES: Record<string, (err: unknown) => AppError> = {
  'wire error itself': (err) => fromWireError(toWireError(err)),
  'gRPC trailers (unary calls)': (err) => fromServiceError(toServiceError(err)),
  'multiplexed stream (MuxError)': (err) => fromMuxError(toMuxError(err).error as MuxError__Output),
  // The core thread and the inference pool's workers post the WireError: structured clone is the transport.
  'worker-thread message (structured clone)': (err) => fromWireError(structuredClone(toWireError(err))),
};

describe('toWireError / fromWireError: the one encoding of AppError across boundaries', () => {
  for (const [boundary, roundTrip] of Object.entries(BOUNDARIES)) {
    it(`${boundary}: every catalogue code survives with its message and details`, () => {
      for (const code of CODES) {
        const back = roundTrip(appError(code, { message: `${code}: a message of its own`, details: DETAILS }));
        expect(back, code).toBeInstanceOf(AppError);
        expect({ code: back.code, message: back.message, details: back.details }, code).toEqual({
          code,
          message: `${code}: a message of its own`,
          details: DETAILS,
        });
        expect(back.httpStatus, code).toBe(ERROR_CATALOGUE[code].http);
      }
    });

    it(`${boundary}: a code without details comes back without details, with the catalogue's message`, () => {
      for (const code of CODES) {
        const back = roundTrip(appError(code));
        expect({ code: back.code, message: back.message, details: back.details }, code).toEqual({
          code,
          message: ERROR_CATALOGUE[code].message,
          details: undefined,
        });
      }
    });

    it(`${boundary}: anything that is not an AppError is INTERNAL, its message left behind`, () => {
      const back = roundTrip(new TypeError('cannot read user_id of undefined (a secret: sk_live_x)'));
      expect({ code: back.code, message: back.message, details: back.details }).toEqual({
        code: 'INTERNAL',
        message: ERROR_CATALOGUE.INTERNAL.message,
        details: undefined,
      });
    });
  }

  it('a code outside the catalogue (a newer peer) reads back as INTERNAL, not as an AppError without a spec', () => {
    const back = fromWireError({ code: 'NOT_A_CODE', message: 'from the future' } satisfies WireError);
    expect(back.code).toBe('INTERNAL');
    expect(back.httpStatus).toBe(500);
  });

  it('is plain data: no class, no cause, nothing structured clone would drop', () => {
    const wire = toWireError(appError('RATE_LIMITED', { details: { retryAfterSeconds: 3 }, cause: new Error('inner') }));
    expect(Object.getPrototypeOf(wire)).toBe(Object.prototype);
    expect(structuredClone(wire)).toEqual(wire);
    expect(wire).toEqual({ code: 'RATE_LIMITED', message: ERROR_CATALOGUE.RATE_LIMITED.message, details: { retryAfterSeconds: 3 } });
  });
});
