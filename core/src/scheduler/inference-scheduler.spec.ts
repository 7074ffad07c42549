import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { afterEach, describe, expect, it } from 'vitest';
import { isAppError, toServiceError, appError, type InferenceServiceClient } from '@idgate/protos';
import { InferenceScheduler } from './inference-scheduler.ts';

type Behaviour = 'ok' | 'dead' | 'busy' | 'no_face';
type Callback = (err: ServiceError | null, res?: unknown) => void;

/** A fake node: answers health, and checkFace according to its behaviour; counts calls. */
function fakeNode(address: string, behaviour: { current: Behaviour }, calls: string[]) {
  const answer = (cb: Callback, kind: Behaviour): void => {
    if (kind === 'ok') cb(null, { node: address });
    else if (kind === 'dead')
      cb(Object.assign(new Error('Connection dropped'), { code: status.UNAVAILABLE, details: 'Connection dropped', metadata: new Metadata() }));
    else if (kind === 'busy') cb(toServiceError(appError('INFERENCE_BUSY', { details: { retryAfterSeconds: 3 } })) as ServiceError);
    else cb(toServiceError(appError('FACE_NOT_FOUND')) as ServiceError);
  };
  return {
    health: (_req: unknown, _md: Metadata, _o: unknown, cb: Callback) =>
      behaviour.current === 'dead' ? answer(cb, 'dead') : cb(null, { ready: true, poolSize: 1, maxQueue: 2, meanRunTimeMs: 500 }),
    checkFace: (_req: unknown, _md: Metadata, _o: unknown, cb: Callback) => {
      calls.push(address);
      setImmediate(() => answer(cb, behaviour.current));
    },
    close: () => undefined,
  } as unknown as InferenceServiceClient;
}

let scheduler: InferenceScheduler | undefined;
afterEach(() => scheduler?.close());

async function setup(behaviours: Record<string, Behaviour>) {
  const calls: string[] = [];
  const state = Object.fromEntries(Object.entries(behaviours).map(([a, b]) => [a, { current: b }]));
  scheduler = new InferenceScheduler({ nodes: Object.keys(behaviours), clientFactory: (a) => fakeNode(a, state[a], calls) });
  await scheduler.start();
  return { scheduler, calls, state };
}

async function failure(p: Promise<unknown>) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isAppError(err)) throw new Error(`expected AppError, got ${String(err)}`);
  return err;
}

describe('InferenceScheduler', () => {
  it('spreads jobs over healthy nodes by outstanding jobs', async () => {
    const { scheduler: s, calls } = await setup({ a: 'ok', b: 'ok', c: 'ok' });
    await Promise.all(Array.from({ length: 6 }, () => s.call('checkFace', { frames: [] })));
    expect(new Set(calls)).toEqual(new Set(['a', 'b', 'c']));
    expect(s.nodes().map((n) => n.answered)).toEqual([2, 2, 2]);
  });

  it('retries a job once on another node when its node dies, and marks that node down', async () => {
    const { scheduler: s, calls, state } = await setup({ a: 'ok', b: 'ok' });
    state.a.current = 'dead';
    const results = await Promise.all(Array.from({ length: 4 }, () => s.call('checkFace', { frames: [] })));
    expect(results).toEqual(Array(4).fill({ node: 'b' }));
    const sentToA = calls.filter((c) => c === 'a').length;
    expect(sentToA).toBeGreaterThanOrEqual(1);
    expect(calls.length).toBe(4 + sentToA); // each job that met the dead node was retried exactly once
    expect(s.nodes().find((n) => n.address === 'a')?.health).toBe('down');
    await s.call('checkFace', { frames: [] });
    expect(calls.filter((c) => c === 'a').length).toBe(sentToA); // a down node gets no new jobs
  });

  it('does not retry a biometric or input answer', async () => {
    const { scheduler: s, calls } = await setup({ a: 'no_face', b: 'no_face' });
    expect((await failure(s.call('checkFace', { frames: [] }))).code).toBe('FACE_NOT_FOUND');
    expect(calls.length).toBe(1);
  });

  it('answers UPSTREAM_UNAVAILABLE when every node is down', async () => {
    const { scheduler: s } = await setup({ a: 'dead', b: 'dead' });
    const err = await failure(s.call('checkFace', { frames: [] }));
    expect(err.code).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('turns saturation into INFERENCE_BUSY with retryAfterSeconds (backpressure)', async () => {
    const { scheduler: s, calls } = await setup({ a: 'busy', b: 'busy' });
    const err = await failure(s.call('checkFace', { frames: [] }));
    expect(err.code).toBe('INFERENCE_BUSY');
    expect(err.details?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(calls.length).toBe(2);
  });

  it('refuses without calling when every node is at capacity (pool + queue)', async () => {
    const { scheduler: s, calls } = await setup({ a: 'ok' });
    const inFlight = Array.from({ length: 3 }, () => s.call('checkFace', { frames: [] }));
    const err = await failure(s.call('checkFace', { frames: [] }));
    expect(err.code).toBe('INFERENCE_BUSY');
    expect(calls.length).toBe(3);
    await Promise.all(inFlight);
  });

  it('brings a node back after a successful health check', async () => {
    const { scheduler: s, state } = await setup({ a: 'dead' });
    expect(s.ready()).toBe(false);
    expect(s.nodes()[0].health).toBe('down');
    state.a.current = 'ok';
    await s.checkHealth();
    expect(s.nodes()[0].health).toBe('healthy');
    expect(s.ready()).toBe(true);
    expect(await s.call('checkFace', { frames: [] })).toEqual({ node: 'a' });
  });
});
