import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface LinkOptions {
  /** Bandwidth of each direction, shared by every connection (as one access link is). */
  bitsPerSecond: number;
  /** Round-trip time added to every exchange: half on the way up, half on the way down. */
  rttMs: number;
}

export const UNTHROTTLED: LinkOptions = { bitsPerSecond: Number.POSITIVE_INFINITY, rttMs: 0 };

export interface ThrottledLink {
  /** http://127.0.0.1:<port>: the service as seen through the link. */
  url: string;
  /** Bytes on the wire since the last reset: HTTP headers and bodies as sent, compressed or not. */
  bytes(): { down: number; up: number };
  reset(): void;
  close(): Promise<void>;
}

/**
 * One direction of the link: a chunk leaves when the link is free and arrives half an RTT later.
 * Every connection shares it, so six parallel downloads split the bandwidth as they would.
 */
class Direction {
  private freeAt = 0;
  bytes = 0;
  private readonly o: LinkOptions;
  constructor(o: LinkOptions) {
    this.o = o;
  }

  send(chunk: Buffer, to: Socket): void {
    this.bytes += chunk.length;
    if (!Number.isFinite(this.o.bitsPerSecond) && this.o.rttMs === 0) {
      to.write(chunk);
      return;
    }
    const now = performance.now();
    const start = Math.max(now, this.freeAt);
    this.freeAt = start + (chunk.length * 8 * 1000) / this.o.bitsPerSecond;
    const arrive = this.freeAt + this.o.rttMs / 2;
    setTimeout(() => to.destroyed || to.write(chunk), Math.max(0, arrive - now));
  }

  /** Ends `to` after every chunk already queued has arrived. */
  end(to: Socket): void {
    setTimeout(() => to.end(), Math.max(0, this.freeAt + this.o.rttMs / 2 - performance.now()) + 1);
  }
}

/**
 * A TCP relay in front of a local service that shapes traffic like a slow access link (for the
 * widget benchmark: page load to verdict on an emulated 10 Mbit/s, 40 ms link) and counts the
 * bytes that cross it. It sees everything the browser fetches, the page's and its workers' alike,
 * which the browser's own network emulation does not guarantee.
 */
export async function startThrottledLink(target: { host: string; port: number }, o: LinkOptions): Promise<ThrottledLink> {
  const down = new Direction(o);
  const up = new Direction(o);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const service = connect(target);
    for (const s of [client, service]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.on('data', (c: Buffer) => up.send(c, service));
    service.on('data', (c: Buffer) => down.send(c, client));
    client.on('end', () => up.end(service));
    service.on('end', () => down.end(client));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bytes: () => ({ down: down.bytes, up: up.bytes }),
    reset() {
      down.bytes = 0;
      up.bytes = 0;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
