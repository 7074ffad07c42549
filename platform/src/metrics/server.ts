import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../log.ts';
import { collectProcessMetrics, renderMetrics } from './registry.ts';

export interface MetricsServer {
  /** host:port actually bound (port 0 picks a free one). */
  readonly address: string;
  close(): Promise<void>;
}

/**
 * The /metrics listener of a process without an HTTP server of its own (`npm run start:core`,
 * `npm run start:inference` with METRICS_PORT set): `GET /metrics` answers the process registry,
 * anything else 404. node:http, no framework; it never reads a request body.
 * Rejects (EADDRINUSE, …) when it cannot listen, so start-up fails naming the cause.
 */
export async function startMetricsServer(o: { host: string; port: number; log?: Logger }): Promise<MetricsServer> {
  collectProcessMetrics();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    renderMetrics().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (err: unknown) => {
        o.log?.error({ err }, 'metrics collection failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics collection failed\n');
      },
    );
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const bound = `${address.includes(':') ? `[${address}]` : address}:${port}`;
  o.log?.info({ address: bound }, 'metrics listening');
  return {
    address: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
