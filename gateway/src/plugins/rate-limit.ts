import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appError } from '@idgate/protos';
import { WindowCounter, type KeyValueStore } from '@idgate/platform/kv';

export interface RateLimitRule {
  /** Counter namespace, e.g. `init`. */
  name: string;
  perMinute: number;
  /**
   * What is limited: the API key (spec §8 limits are per key), the client address, the widget session
   * (X-Widget-Session) or the wallet transaction in the path (`:transaction_id`, the wallet's capability).
   */
  by: 'api-key' | 'client-ip' | 'widget-session' | 'transaction';
}

const WINDOW_MS = 60_000;

/**
 * Fixed one-minute windows through the Redis interface, shared by every gateway instance when
 * Redis is configured; hits on one key in the same event-loop turn share one INCRBY+PEXPIRE
 * round trip (WindowCounter). Over the limit: 429 RATE_LIMITED with
 * Retry-After (seconds to the window's end). The key is hashed: no raw API key reaches Redis.
 */
export function rateLimit(kv: KeyValueStore, rule: RateLimitRule, now: () => number = Date.now) {
  const counter = new WindowCounter(kv);
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const subject = subjectOf(req, rule.by);
    const digest = createHash('sha256').update(subject).digest('base64url').slice(0, 22);
    const t = now();
    const windowEnd = (Math.floor(t / WINDOW_MS) + 1) * WINDOW_MS;
    const count = await counter.incr(`rl:${rule.name}:${digest}:${windowEnd}`, windowEnd - t + 1000);
    const remaining = Math.max(0, rule.perMinute - count);
    reply
      .header('x-ratelimit-limit', rule.perMinute)
      .header('x-ratelimit-remaining', remaining)
      .header('x-ratelimit-reset', Math.ceil((windowEnd - t) / 1000));
    if (count > rule.perMinute) throw appError('RATE_LIMITED', { details: { retryAfterSeconds: (windowEnd - t) / 1000 } });
  };
}

function subjectOf(req: FastifyRequest, by: RateLimitRule['by']): string {
  switch (by) {
    case 'api-key':
      return String(req.headers['x-api-key'] ?? req.ip);
    case 'widget-session':
      return `ws:${String(req.headers['x-widget-session'] ?? req.ip)}`;
    case 'transaction':
      return `tx:${String((req.params as { transaction_id?: unknown } | undefined)?.transaction_id ?? req.ip)}`;
    default:
      return req.ip;
  }
}
