import { Server } from '@grpc/grpc-js';
import { afterEach, describe, expect, it } from 'vitest';
import { describeExpectedFailure } from '../errors/startup-failure.ts';
import { bindServer } from './server-lifecycle.ts';

describe('bindServer', () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const s of servers.splice(0)) s.forceShutdown();
  });

  it('a port in use is an EADDRINUSE error naming the address: one line at start-up, no stack', async () => {
    const first = new Server();
    servers.push(first);
    const address = await bindServer(first, '127.0.0.1:0');
    const second = new Server();
    servers.push(second);
    const error = await bindServer(second, address).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'EADDRINUSE', syscall: 'listen', message: `cannot listen on ${address} (gRPC): address already in use` });
    expect(describeExpectedFailure(error)).toMatchObject({ code: 'EADDRINUSE' });
  });
});
