import { Server, type ServiceDefinition } from '@grpc/grpc-js';
import { afterEach, describe, expect, it } from 'vitest';
import { CORE_SERVER_OPTIONS } from './channel.ts';
import { createCoreClients } from './core-client.ts';
import { coreProto } from './core-proto.ts';
import { MuxServer } from './mux-server.ts';
import { bindServer, shutdownServer } from './server-lifecycle.ts';
import { callUnary } from './unary.ts';
import type { HealthServiceHandlers } from '../../gen/idgate/core/v1/HealthService.ts';
import type { VerificationMuxHandlers } from '../../gen/idgate/core/v1/VerificationMux.ts';

/** A stand-in core replica: Ready and the multiplexed getStatus, each answering with its name. */
async function replica(name: string) {
  const proto = coreProto();
  const server = new Server(CORE_SERVER_OPTIONS);
  const mux = new MuxServer({ getStatus: async () => ({ status: name }) }, proto.VerificationService.service, () => undefined);
  server.addService(proto.HealthService.service as ServiceDefinition, {
    Ready: (_c, cb) => cb(null, { ready: true, detail: name }),
  } satisfies HealthServiceHandlers);
  server.addService(proto.VerificationMux.service as ServiceDefinition, { Exchange: mux.handler } satisfies VerificationMuxHandlers);
  const address = await bindServer(server, '127.0.0.1:0');
  return {
    address,
    close: () => {
      mux.drain();
      return shutdownServer(server, 100);
    },
  };
}

describe('a gateway dialling several cores (CORE_GRPC_ADDRESS=dns:///name:port)', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('spreads unary calls over every address the target names (round_robin); the multiplexed calls are answered', async () => {
    const a = await replica('a');
    const b = await replica('b');
    cleanups.push(a.close, b.close);
    const core = createCoreClients(`ipv4:${a.address},${b.address}`);
    cleanups.push(() => core.close());
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push((await callUnary(core.health, 'ready', {})).detail);
    expect(new Set(answers)).toEqual(new Set(['a', 'b']));
    expect(['a', 'b']).toContain((await core.verify('getStatus', { token: 'x' }, {})).status);
  });

  it('resolves a dns:/// name (here localhost) and keeps one host:port as it was (pick_first)', async () => {
    const a = await replica('a');
    cleanups.push(a.close);
    const port = a.address.split(':').pop();
    for (const target of [`dns:///localhost:${port}`, a.address]) {
      const core = createCoreClients(target);
      cleanups.push(() => core.close());
      expect((await callUnary(core.health, 'ready', {})).detail, target).toBe('a');
    }
  });
});
