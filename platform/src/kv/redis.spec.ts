import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { openKeyValueStore } from './index.ts';

/** A free loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('RedisKeyValueStore.connect', () => {
  it('an unreachable Redis at start-up fails within seconds with the socket error, instead of retrying forever', async () => {
    const started = Date.now();
    const error = await openKeyValueStore(`redis://127.0.0.1:${await closedPort()}`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error).toMatchObject({ code: 'ECONNREFUSED', syscall: 'connect' });
  });
});
