import { Server, credentials, type Client } from '@grpc/grpc-js';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProtoGrpcType } from '../../gen/health.ts';
import { SERVER_OPTIONS } from './channel.ts';
import { healthService } from './health.ts';
import { loadProto } from './load.ts';
import { bindServer, shutdownServer } from './server-lifecycle.ts';

/** Check(service) as Kubernetes' gRPC probe sends it: the status, or the gRPC error code. */
function check(address: string, service: string): Promise<string | number> {
  const { Health } = loadProto<ProtoGrpcType>('health').grpc.health.v1;
  const client = new Health(address, credentials.createInsecure()) as unknown as Client & {
    check: (req: object, cb: (err: { code: number } | null, res?: { status: string }) => void) => void;
  };
  return new Promise((resolve) =>
    client.check({ service }, (err, res) => {
      client.close();
      resolve(err ? err.code : (res?.status ?? 'none'));
    }),
  );
}

describe('grpc.health.v1 (healthService)', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await shutdownServer(s, 100);
  });

  async function serve(isServing: () => boolean | Promise<boolean>) {
    const server = new Server(SERVER_OPTIONS);
    server.addService(...healthService(isServing, ['idgate.core.v1.VerificationService']));
    servers.push(server);
    return bindServer(server, '127.0.0.1:0');
  }

  it('answers SERVING or NOT_SERVING as the process is, for the server and for its named services', async () => {
    let serving = true;
    const address = await serve(() => serving);
    expect(await check(address, '')).toBe('SERVING');
    expect(await check(address, 'idgate.core.v1.VerificationService')).toBe('SERVING');
    serving = false;
    expect(await check(address, '')).toBe('NOT_SERVING');
  });

  it('an unknown service is NOT_FOUND (5), and a failing readiness check is NOT_SERVING, never an error', async () => {
    const address = await serve(async () => {
      throw new Error('database unreachable');
    });
    expect(await check(address, 'no.such.Service')).toBe(5);
    expect(await check(address, '')).toBe('NOT_SERVING');
  });
});
