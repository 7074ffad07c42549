import { createClient } from 'redis';
import type { KeyValueStore, KvWrite } from './types.ts';

type RedisClient = ReturnType<typeof createClient>;

/** claim(): SET NX with the owner's remaining PTTL, in one atomic step (KEYS: key, owner). */
const CLAIM_SCRIPT = `local ttl = redis.call('PTTL', KEYS[2])
if ttl == -2 then return 0 end
if ttl == -1 then return redis.call('SET', KEYS[1], ARGV[1], 'NX') and 1 or 0 end
return redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ttl) and 1 or 0`;

/** Attempts after the first (200 ms apart) before start-up gives up on an unreachable Redis. */
const STARTUP_CONNECT_RETRIES = 5;

/** KeyValueStore on a real Redis server through the `redis` client. */
export class RedisKeyValueStore implements KeyValueStore {
  private readonly client: RedisClient;
  private readonly prefix: string;

  private constructor(client: RedisClient, prefix: string) {
    this.client = client;
    this.prefix = prefix;
  }

  /** Connects; `prefix` namespaces every key (tests give each file its own). */
  static async connect(url: string, opts: { prefix?: string; onError?: (err: unknown) => void } = {}): Promise<RedisKeyValueStore> {
    // The client's default strategy retries forever, so a Redis that is down at start-up would
    // hang the process silently. Until the first connection, a few quick tries and then the
    // connection error (start-up fails naming it); after that, reconnect with a capped back-off.
    let everConnected = false;
    const reconnectStrategy = (retries: number, cause: Error): number | Error => {
      if (everConnected) return Math.min(2 ** retries * 50, 2000);
      return retries >= STARTUP_CONNECT_RETRIES ? cause : 200;
    };
    const client: RedisClient = createClient({ url, socket: { reconnectStrategy } });
    client.once('ready', () => {
      everConnected = true;
    });
    // Without a listener a dropped connection would crash the process; the client reconnects.
    client.on('error', opts.onError ?? (() => undefined));
    try {
      await client.connect();
    } catch (err) {
      // The client wraps the refused connection (ReconnectStrategyError); pass on the socket's own
      // error, whose code (ECONNREFUSED, ENOTFOUND) says what went wrong.
      const wrapped = err as { socketError?: unknown; originalError?: unknown };
      throw wrapped.socketError ?? wrapped.originalError ?? err;
    }
    return new RedisKeyValueStore(client, opts.prefix ?? '');
  }

  async get(key: string): Promise<string | null> {
    return (await this.client.get(this.prefix + key)) as string | null;
  }

  async set(key: string, value: string, opts: { pxMs?: number; nx?: boolean } = {}): Promise<boolean> {
    const res = await this.client.set(this.prefix + key, value, {
      ...(opts.pxMs !== undefined ? { expiration: { type: 'PX', value: opts.pxMs } } : {}),
      ...(opts.nx ? { condition: 'NX' } : {}),
    });
    return res === 'OK';
  }

  async del(key: string): Promise<number> {
    return this.client.del(this.prefix + key);
  }

  async incrWindow(key: string, ttlMs: number, by = 1): Promise<number> {
    const k = this.prefix + key;
    const [count] = await this.client.multi().incrBy(k, by).pExpire(k, ttlMs).exec();
    return Number(count);
  }

  async pttl(key: string): Promise<number> {
    return this.client.pTTL(this.prefix + key);
  }

  async mget(keys: string[]): Promise<(string | null)[]> {
    if (keys.length === 0) return [];
    return (await this.client.mGet(keys.map((k) => this.prefix + k))) as (string | null)[];
  }

  async write(ops: KvWrite[]): Promise<void> {
    if (ops.length === 0) return;
    const m = this.client.multi();
    for (const o of ops) {
      const k = this.prefix + o.key;
      if (o.op === 'set') m.set(k, o.value, o.pxMs !== undefined ? { expiration: { type: 'PX', value: o.pxMs } } : {});
      else if (o.op === 'del') m.del(k);
      else {
        // a sorted set scored by each member's end; its key expires with the last member (PEXPIRE NX/GT: Redis ≥ 7.0)
        const now = Date.now();
        const px = Math.max(1, Math.ceil(o.untilMs - now));
        m.zAdd(k, { score: o.untilMs, value: o.member }).zRemRangeByScore(k, '-inf', `(${now}`).pExpire(k, px, 'NX').pExpire(k, px, 'GT');
      }
    }
    await m.exec();
  }

  async indexed(key: string): Promise<string[]> {
    return (await this.client.zRangeByScore(this.prefix + key, Date.now(), '+inf')) as string[];
  }

  async claim(key: string, value: string, owner: string): Promise<boolean> {
    return Number(await this.client.eval(CLAIM_SCRIPT, { keys: [this.prefix + key, this.prefix + owner], arguments: [value] })) === 1;
  }

  async ping(): Promise<boolean> {
    return (await this.client.ping()) === 'PONG';
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.close();
  }
}
