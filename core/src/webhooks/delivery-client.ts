import http from 'node:http';
import https from 'node:https';
import { parseRetryAfter, type AttemptResult } from './retry-policy.ts';
import type { TargetPolicy } from './ssrf-guard.ts';

export interface OutboundRequest {
  url: string;
  /** The stored envelope bytes, sent as they are. */
  body: string;
  headers: Record<string, string>;
}

export interface DeliveryClientOptions {
  timeoutMs: number;
  maxResponseBytes: number;
  userAgent: string;
  /** The URL policy, applied to every attempt (registration is not enough: rules and DNS change). */
  targets: TargetPolicy;
  maxSockets: number;
}

/**
 * One POST per attempt over keep-alive agents, to a target the URL policy allows (nothing is
 * sent, and no socket opened, to one it refuses). No redirect is followed (node:http never does;
 * a 3xx is a failure), the response body is read up to `maxResponseBytes` and then dropped,
 * and the whole exchange (connect, headers, capped body) is bounded by `timeoutMs`.
 */
export class DeliveryClient {
  private readonly o: DeliveryClientOptions;
  private readonly agents: { http: http.Agent; https: https.Agent };

  constructor(o: DeliveryClientOptions) {
    this.o = o;
    const common = { keepAlive: true, maxSockets: o.maxSockets, ...(o.targets.lookup ? { lookup: o.targets.lookup } : {}) };
    this.agents = { http: new http.Agent(common), https: new https.Agent(common) };
  }

  send(req: OutboundRequest): Promise<AttemptResult> {
    const refused = this.o.targets.refuse(req.url);
    if (refused) return Promise.resolve({ error: refused, durationMs: 0 });
    const started = performance.now();
    const url = new URL(req.url);
    const isHttps = url.protocol === 'https:';
    const body = Buffer.from(req.body, 'utf8');
    return new Promise((resolve) => {
      let settled = false;
      const finish = (r: Omit<AttemptResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...r, durationMs: Math.round(performance.now() - started) });
      };
      const request = (isHttps ? https : http).request(
        url,
        {
          method: 'POST',
          agent: isHttps ? this.agents.https : this.agents.http,
          headers: { ...req.headers, 'content-type': 'application/json', 'content-length': String(body.length), 'user-agent': this.o.userAgent },
        },
        (res) => this.readCapped(res, (statusCode) => finish({ statusCode, retryAfterMs: parseRetryAfter(header(res, 'retry-after'), Date.now()) })),
      );
      const timer = setTimeout(() => {
        finish({ error: 'timeout' });
        request.destroy();
      }, this.o.timeoutMs);
      request.on('error', (err: NodeJS.ErrnoException) => finish({ error: errorKind(err) }));
      request.end(body);
    });
  }

  /** Reads at most maxResponseBytes, then reports; a bigger body is cut off (socket dropped). */
  private readCapped(res: http.IncomingMessage, done: (statusCode: number) => void): void {
    let seen = 0;
    const statusCode = res.statusCode ?? 0;
    res.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > this.o.maxResponseBytes) {
        res.destroy();
        done(statusCode);
      }
    });
    res.on('end', () => done(statusCode));
    res.on('error', () => done(statusCode));
    res.on('close', () => done(statusCode));
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}

function header(res: http.IncomingMessage, name: string): string | undefined {
  const v = res.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Error classes recorded on an attempt: never the message (it may echo the URL). */
function errorKind(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ESSRF':
      return 'ssrf_blocked';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'dns_error';
    case 'ECONNREFUSED':
      return 'connection_refused';
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
      return 'connection_reset';
    default:
      return err.code?.startsWith('ERR_TLS') || err.code?.includes('CERT') ? 'tls_error' : 'connection_error';
  }
}
