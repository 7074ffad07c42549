import { createClient } from 'redis';
import type { KeyValueStore } from './types.ts';

type RedisClient = ReturnType<typeof createClient>;

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
    const client: RedisClient = createClient({ url });
    // Without a listener a dropped connection would crash the process; the client reconnects.
    client.on('error', opts.onError ?? (() => undefined));
    await client.connect();
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

  async incrWindow(key: string, ttlMs: number): Promise<number> {
    const k = this.prefix + key;
    const [count] = await this.client.multi().incr(k).pExpire(k, ttlMs).exec();
    return Number(count);
  }

  async pttl(key: string): Promise<number> {
    return this.client.pTTL(this.prefix + key);
  }

  async ping(): Promise<boolean> {
    return (await this.client.ping()) === 'PONG';
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.close();
  }
}
