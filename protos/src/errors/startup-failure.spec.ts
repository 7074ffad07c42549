import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startMetricsServer } from '@idgate/platform';
import { openKeyValueStore } from '@idgate/platform/kv';
import { appError } from './app-error.ts';
import { describeExpectedFailure } from './startup-failure.ts';

function systemError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, syscall: 'connect' });
}

describe('describeExpectedFailure (start-up errors printed as one line, without a stack)', () => {
  it('takes an AppError by its code and message', () => {
    const err = appError('MODEL_UNAVAILABLE', { message: 'Model file missing: /m/yunet.onnx', details: { file: '/m/yunet.onnx' } });
    expect(describeExpectedFailure(err)).toEqual({
      code: 'MODEL_UNAVAILABLE',
      message: 'Model file missing: /m/yunet.onnx',
      details: { file: '/m/yunet.onnx' },
    });
  });

  it('finds a refused connection inside a driver error and inside an AggregateError', () => {
    const refused = systemError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432');
    expect(describeExpectedFailure(new Error('Failed query: CREATE SCHEMA', { cause: refused }))).toEqual({
      code: 'ECONNREFUSED',
      message: 'connect ECONNREFUSED 127.0.0.1:5432',
    });
    const both = new AggregateError([refused, systemError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432')]);
    expect(describeExpectedFailure(both)).toEqual({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432; connect ECONNREFUSED ::1:5432' });
  });

  it('treats anything else as a bug (its stack is kept)', () => {
    expect(describeExpectedFailure(new TypeError('x is undefined'))).toBeUndefined();
    expect(describeExpectedFailure(new Error('wrapped', { cause: new RangeError('bad') }))).toBeUndefined();
    expect(describeExpectedFailure('a string')).toBeUndefined();
    expect(describeExpectedFailure(undefined)).toBeUndefined();
  });

  it("takes the platform's own start-up failures: Redis refusing the connection, a metrics port in use", async () => {
    const probe: Server = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const refused = await openKeyValueStore(`redis://127.0.0.1:${port}`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(describeExpectedFailure(refused)).toMatchObject({ code: 'ECONNREFUSED' });

    const metrics = await startMetricsServer({ host: '127.0.0.1', port: 0 });
    const inUse = await startMetricsServer({ host: '127.0.0.1', port: Number(metrics.address.split(':').pop()) }).then(
      () => undefined,
      (e: unknown) => e,
    );
    await metrics.close();
    expect(describeExpectedFailure(inUse)).toMatchObject({ code: 'EADDRINUSE' });
  });
});
