import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as it arrived (utf8 of the raw bytes). */
  raw: string;
  receivedAt: number;
}

/** What the receiver does with one request: answer with a status (after a delay), or hang up. */
export type Behaviour = (
  r: ReceivedRequest,
  index: number,
) => { status?: number; delayMs?: number; hangUp?: boolean; headers?: Record<string, string>; body?: string };

/**
 * A real HTTP receiver on 127.0.0.1 (node:http, no mocks) that records every request it gets,
 * so tests count deliveries and check bytes and signatures on the receiving side.
 */
export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  behaviour: Behaviour = () => ({ status: 200 });
  private server = http.createServer((req, res) => this.handle(req, res));
  private sockets = new Set<import('node:net').Socket>();

  static async start(): Promise<Receiver> {
    const r = new Receiver();
    r.server.on('connection', (s) => {
      r.sockets.add(s);
      s.on('close', () => r.sockets.delete(s));
    });
    await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
    return r;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Requests whose delivery header names this event. */
  forEvent(eventId: string, brand = 'service'): ReceivedRequest[] {
    return this.requests.filter((r) => r.headers[`x-${brand}-delivery`] === eventId);
  }

  async waitFor(predicate: () => boolean, timeoutMs = 10_000, what = 'receiver condition'): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what} (received ${this.requests.length})`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const record: ReceivedRequest = { path: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() };
      const index = this.requests.push(record) - 1;
      const b = this.behaviour(record, index);
      const answer = () => {
        if (b.hangUp) return req.socket.destroy();
        res.writeHead(b.status ?? 200, { 'content-type': 'text/plain', ...(b.headers ?? {}) }).end(b.body ?? 'ok');
      };
      if (b.delayMs) setTimeout(answer, b.delayMs);
      else answer();
    });
  }
}
