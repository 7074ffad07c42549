import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real local HTTP server for test lists; `files` can be replaced or a path made to fail between refreshes. */
export interface TestListServer {
  readonly origin: string;
  /** Path → body; a missing path answers 404. Mutable so a test can publish a new version. */
  readonly files: Map<string, string>;
  /** Paths that answer 500 (a publisher outage). */
  readonly failing: Set<string>;
  /** How many requests each path received. */
  readonly hits: Map<string, number>;
  close(): Promise<void>;
}

export async function serveTestLists(initial: Readonly<Record<string, string>> = {}): Promise<TestListServer> {
  const files = new Map(Object.entries(initial));
  const failing = new Set<string>();
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const body = files.get(path);
    if (failing.has(path)) res.writeHead(500).end('unavailable');
    else if (body === undefined) res.writeHead(404).end('not found');
    else res.writeHead(200, { 'content-type': path.endsWith('.jws') ? 'application/jose' : 'application/xml' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    files,
    failing,
    hits,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
