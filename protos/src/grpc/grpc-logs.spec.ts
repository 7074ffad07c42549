import { Server, setLogger } from '@grpc/grpc-js';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '@idgate/platform';
import { sendGrpcLogsTo } from './grpc-logs.ts';
import { bindServer } from './server-lifecycle.ts';

/** docs/operations.md: a process that cannot start prints one line; grpc-js's own errors go to the JSON log. */
describe('sendGrpcLogsTo', () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const s of servers.splice(0)) s.forceShutdown();
    setLogger(console);
    vi.restoreAllMocks();
  });

  it("grpc-js's error for a port in use becomes one JSON log line (source grpc-js), not text on stderr", async () => {
    const lines: string[] = [];
    sendGrpcLogsTo(createLogger({ level: 'info', component: 'spec', destination: new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) }) }));
    const stderr = vi.spyOn(console, 'error');
    const first = new Server();
    servers.push(first);
    const address = await bindServer(first, '127.0.0.1:0');
    const second = new Server();
    servers.push(second);
    await bindServer(second, address).catch(() => undefined);
    expect(stderr).not.toHaveBeenCalled();
    const logged = lines.map((l) => JSON.parse(l) as { source?: string; level: number; msg: string }).filter((l) => l.source === 'grpc-js');
    expect(logged.length).toBeGreaterThan(0);
    expect(logged[0]).toMatchObject({ level: 40, msg: expect.stringContaining('No address added') });
  });
});
