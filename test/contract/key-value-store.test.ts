import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { MemoryKeyValueStore, RedisKeyValueStore, type KeyValueStore } from '@idgate/protos';
import { BACKENDS } from '../src/index.ts';

/** One contract, every implementation of the Redis interface (STYLE 6.1: contract suites per backend). */
const stores: { name: string; open: () => Promise<KeyValueStore> }[] = [{ name: 'memory twin', open: async () => new MemoryKeyValueStore() }];
const redis = BACKENDS.find((b) => b.redisUrl);
if (redis) stores.push({ name: 'redis', open: () => RedisKeyValueStore.connect(redis.redisUrl as string, { prefix: `kv_${randomBytes(4).toString('hex')}:` }) });

describe.each(stores)('KeyValueStore contract: $name', ({ open }) => {
  const opened: KeyValueStore[] = [];
  const store = async () => {
    const s = await open();
    opened.push(s);
    return s;
  };
  afterAll(async () => {
    for (const s of opened) await s.close();
  });

  it('get/set/del round trip', async () => {
    const kv = await store();
    expect(await kv.get('a')).toBeNull();
    expect(await kv.set('a', '1')).toBe(true);
    expect(await kv.get('a')).toBe('1');
    expect(await kv.del('a')).toBe(1);
    expect(await kv.del('a')).toBe(0);
    expect(await kv.pttl('a')).toBe(-2);
  });

  it('NX writes only when absent', async () => {
    const kv = await store();
    expect(await kv.set('lock', 'x', { nx: true, pxMs: 5000 })).toBe(true);
    expect(await kv.set('lock', 'y', { nx: true, pxMs: 5000 })).toBe(false);
    expect(await kv.get('lock')).toBe('x');
    const ttl = await kv.pttl('lock');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5000);
  });

  it('PX expiry drops the key', async () => {
    const kv = await store();
    await kv.set('short', 'v', { pxMs: 30 });
    await new Promise((r) => setTimeout(r, 80));
    expect(await kv.get('short')).toBeNull();
  });

  it('incrWindow counts atomically under concurrency and sets the TTL', async () => {
    const kv = await store();
    const counts = await Promise.all(Array.from({ length: 100 }, () => kv.incrWindow('ctr', 10_000)));
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    const ttl = await kv.pttl('ctr');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(10_000);
  });

  it('ping answers', async () => {
    expect(await (await store()).ping()).toBe(true);
  });
});
