import { Server, credentials, type ServiceDefinition } from '@grpc/grpc-js';
import { afterEach, describe, expect, it } from 'vitest';
import { appError } from '../errors/index.ts';
import { CHANNEL_OPTIONS, CORE_SERVER_OPTIONS, SERVER_OPTIONS } from './channel.ts';
import { callUnary } from './unary.ts';
import { coreProto } from './core-proto.ts';
import { MuxClient } from './mux-client.ts';
import { MuxServer } from './mux-server.ts';
import { bindServer, shutdownServer } from './server-lifecycle.ts';
import type { CallContext } from './unary.ts';
import type { HealthServiceHandlers } from '../../gen/idgate/core/v1/HealthService.ts';
import type { VerificationMuxHandlers } from '../../gen/idgate/core/v1/VerificationMux.ts';

type Methods = Record<string, (req: never, ctx: CallContext) => Promise<unknown>>;

/** A core-like gRPC server whose VerificationMux runs `methods`; it records each stream's peer (one per connection). */
async function serve(methods: Methods, address = '127.0.0.1:0', options = SERVER_OPTIONS) {
  const proto = coreProto();
  const internals: unknown[] = [];
  const streams: string[] = [];
  const mux = new MuxServer(methods, proto.VerificationService.service, (err) => internals.push(err));
  const server = new Server(options);
  const exchange = (call: Parameters<typeof mux.handler>[0]) => {
    streams.push(call.getPeer());
    mux.handler(call);
  };
  server.addService(proto.VerificationMux.service as ServiceDefinition, { Exchange: exchange } satisfies VerificationMuxHandlers);
  const bound = await bindServer(server, address);
  return {
    address: bound,
    internals,
    streams,
    close: (graceMs = 2000) => {
      mux.drain();
      return shutdownServer(server, graceMs);
    },
  };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => err as { code: string; message: string; details?: unknown },
  );

describe('multiplexed gateway → core stream (VerificationMux)', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('answers each message with its own response, decoded as the unary call would, under 200 concurrent calls', async () => {
    const s = await serve({
      getStatus: async (req: { token?: string }, ctx) => {
        await new Promise((r) => setTimeout(r, Math.random() * 20)); // answers arrive out of order
        return { status: `${req.token}:${ctx.apiKey}:${ctx.requestId}`, terminal: true, updatedAt: 'x' };
      },
    });
    cleanups.push(() => s.close());
    const client = new MuxClient(s.address);
    cleanups.push(() => client.close());
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => client.call('getStatus', { token: `t${i}` }, { apiKey: `k${i}`, requestId: `r${i}` })),
    );
    answers.forEach((a, i) => expect(a).toMatchObject({ status: `t${i}:k${i}:r${i}`, terminal: true }));
  });

  it('passes the deadline to core and gives UPSTREAM_TIMEOUT when core does not answer in time', async () => {
    let seen: Date | undefined;
    const s = await serve({
      getStatus: async (_req, ctx) => {
        seen = ctx.deadline;
        await new Promise((r) => setTimeout(r, 300));
        return {};
      },
    });
    cleanups.push(() => s.close());
    const client = new MuxClient(s.address);
    cleanups.push(() => client.close());
    const deadline = new Date(Date.now() + 100);
    expect((await failure(client.call('getStatus', { token: 'x' }, { deadline }))).code).toBe('UPSTREAM_TIMEOUT');
    expect(seen?.getTime()).toBe(deadline.getTime());
  });

  it('carries catalogue errors with their details; an unexpected error becomes INTERNAL without its message', async () => {
    const s = await serve({
      init: async () => {
        throw appError('INVALID_MIN_AGE', { details: { fields: [{ loc: ['body', 'min_age'], msg: 'too young', type: 'value' }] } });
      },
      getResult: async () => {
        throw new Error('connection string postgres://secret@db');
      },
    });
    cleanups.push(() => s.close());
    const client = new MuxClient(s.address);
    cleanups.push(() => client.close());
    expect(await failure(client.call('init', {}))).toMatchObject({ code: 'INVALID_MIN_AGE', details: { fields: [{ msg: 'too young' }] } });
    const internal = await failure(client.call('getResult', { token: 'x' }));
    expect(internal.code).toBe('INTERNAL');
    expect(internal.message).not.toContain('secret');
    expect(s.internals).toHaveLength(1);
  });

  it('a method outside VerificationService is refused by the client, one the server does not serve by the server', async () => {
    const s = await serve({});
    cleanups.push(() => s.close());
    const client = new MuxClient(s.address);
    cleanups.push(() => client.close());
    // @ts-expect-error: not a VerificationService method; the runtime refusal is what is tested.
    expect((await failure(client.call('dropTables', {}))).code).toBe('INTERNAL');
    expect((await failure(client.call('getStatus', { token: 'x' }))).code).toBe('METHOD_NOT_ALLOWED');
  });

  it('graceful shutdown: in-flight messages are answered, then the stream ends and the server stops within the grace period', async () => {
    const s = await serve({
      getStatus: async () => {
        await new Promise((r) => setTimeout(r, 150));
        return { status: 'done' };
      },
    });
    const client = new MuxClient(s.address);
    cleanups.push(() => client.close());
    const inFlight = client.call('getStatus', { token: 'x' });
    await new Promise((r) => setTimeout(r, 30));
    const started = Date.now();
    await s.close(5000);
    expect(Date.now() - started).toBeLessThan(2000); // not held until the forced shutdown
    expect(await inFlight).toMatchObject({ status: 'done' });
  });

  it('a stream is retired after its maximum age: calls still on it are answered, new calls go out on a fresh stream', async () => {
    const s = await serve({
      getStatus: async (req: { token?: string }) => {
        await new Promise((r) => setTimeout(r, 80));
        return { status: req.token };
      },
    });
    cleanups.push(() => s.close());
    const client = new MuxClient(s.address, undefined, { maxStreamAgeMs: 50 });
    cleanups.push(() => client.close());
    const calls: Promise<{ status?: string }>[] = [];
    for (let i = 0; i < 12; i++) {
      calls.push(client.call('getStatus', { token: `t${i}` }));
      await new Promise((r) => setTimeout(r, 20)); // calls in flight on every stream when it is retired
    }
    expect((await Promise.all(calls)).map((a) => a.status)).toEqual(calls.map((_, i) => `t${i}`));
    expect(s.streams.length).toBeGreaterThanOrEqual(3);
  });

  it('core ends connections at their maximum age (GOAWAY): a steady stream of calls moves to the new connection and none fails', async () => {
    const s = await serve(
      {
        getStatus: async () => {
          await new Promise((r) => setTimeout(r, 30));
          return { status: 'ok' };
        },
      },
      '127.0.0.1:0',
      {
        ...CORE_SERVER_OPTIONS,
        'grpc.max_connection_age_ms': 300,
        'grpc.max_connection_age_grace_ms': 600,
      },
    );
    cleanups.push(() => s.close());
    const client = new MuxClient(s.address, undefined, { maxStreamAgeMs: 100 });
    cleanups.push(() => client.close());
    const outcomes: Promise<unknown>[] = [];
    const until = Date.now() + 1500;
    while (Date.now() < until) {
      outcomes.push(client.call('getStatus', { token: 'x' }).catch((err: { code?: string }) => `failed ${err.code}`));
      await new Promise((r) => setTimeout(r, 10));
    }
    const answers = await Promise.all(outcomes);
    expect(answers.filter((a) => typeof a === 'string')).toEqual([]);
    expect(new Set(s.streams).size, 'more than one connection (peer port) over the run').toBeGreaterThan(1);
  });

  it("unary calls too: across core's connection-age GOAWAY a steady stream of them moves to the new connection and none fails", async () => {
    const proto = coreProto();
    const server = new Server({ ...CORE_SERVER_OPTIONS, 'grpc.max_connection_age_ms': 300, 'grpc.max_connection_age_grace_ms': 600 });
    const peers = new Set<string>();
    server.addService(proto.HealthService.service as ServiceDefinition, {
      Ready: (call, cb) => {
        peers.add(call.getPeer());
        setTimeout(() => cb(null, { ready: true }), 20);
      },
    } satisfies HealthServiceHandlers);
    const address = await bindServer(server, '127.0.0.1:0');
    cleanups.push(() => shutdownServer(server, 100));
    const client = new proto.HealthService(address, credentials.createInsecure(), CHANNEL_OPTIONS);
    cleanups.push(() => client.close());
    const outcomes: Promise<unknown>[] = [];
    const until = Date.now() + 1500;
    while (Date.now() < until) {
      outcomes.push(callUnary(client, 'ready', {}).catch((err: { code?: string }) => `failed ${err.code}`));
      await new Promise((r) => setTimeout(r, 5));
    }
    expect((await Promise.all(outcomes)).filter((a) => typeof a === 'string')).toEqual([]);
    expect(peers.size).toBeGreaterThan(1);
  });

  it('core gone: waiting calls fail UPSTREAM_UNAVAILABLE, and the next call after core is back opens a new stream', async () => {
    const first = await serve({ getStatus: () => new Promise(() => undefined) });
    const client = new MuxClient(first.address);
    cleanups.push(() => client.close());
    const stuck = client.call('getStatus', { token: 'x' });
    await new Promise((r) => setTimeout(r, 30));
    await first.close(50); // forced: the stuck call is cut off
    expect((await failure(stuck)).code).toBe('UPSTREAM_UNAVAILABLE');
    const second = await serve({ getStatus: async () => ({ status: 'back' }) }, first.address);
    cleanups.push(() => second.close());
    let answer: unknown;
    for (let i = 0; i < 50 && !answer; i++)
      answer = await client.call('getStatus', { token: 'y' }).catch(() => new Promise((r) => setTimeout(() => r(undefined), 100)));
    expect(answer).toMatchObject({ status: 'back' });
  });
});
