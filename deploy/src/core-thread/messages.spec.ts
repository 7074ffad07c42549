import { describe, expect, it } from 'vitest';
import { AppError, appError, describeExpectedFailure, DescribedStartupFailure } from '@idgate/protos';
import { reviveFailure, serializeFailure } from './messages.ts';

/** What the main thread gets back for an error thrown on the core thread (postMessage is a structured clone). */
const acrossTheThread = (err: unknown) => reviveFailure(structuredClone(serializeFailure(err)));

describe('errors across the core thread', () => {
  it('a catalogue error is an AppError again, with its code, message and details', () => {
    const back = acrossTheThread(appError('RATE_LIMITED', { message: 'slow down', details: { retryAfterSeconds: 4 } }));
    expect(back).toBeInstanceOf(AppError);
    expect(back).toMatchObject({ code: 'RATE_LIMITED', message: 'slow down', details: { retryAfterSeconds: 4 }, httpStatus: 429 });
    // A start-up report describes it as it would have on the core thread.
    expect(describeExpectedFailure(back)).toEqual({ code: 'RATE_LIMITED', message: 'slow down', details: { retryAfterSeconds: 4 } });
  });

  it("a database error keeps its primitive fields (a driver's SQLSTATE code) and its name", () => {
    const pg = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505', severity: 'ERROR', detail: 'Key (id)=(1)' });
    const back = acrossTheThread(pg);
    expect(back).not.toBeInstanceOf(AppError);
    expect(back).toMatchObject({ name: 'Error', message: 'duplicate key value violates unique constraint', code: '23505', severity: 'ERROR' });
  });

  it('a refused connection at start-up reports as it did there', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' });
    const back = acrossTheThread(new Error('Failed query: select 1', { cause: refused }));
    expect(back).toBeInstanceOf(DescribedStartupFailure);
    expect(describeExpectedFailure(back)).toEqual({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' });
  });
});
