import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { MemoryKeyValueStore, RedisKeyValueStore, type KeyValueStore } from '@idgate/platform/kv';
import { BACKENDS } from '../src/index.ts';

/** One contract, every implementation of the Redis interface (STYLE 6.1: contract suites per backend). */
const stores: { name: string; open: () => Promise<KeyValueStore> }[] = [{ name: 'memory twin', open: async () => new MemoryKeyValueStore() }];
const redis = BACKENDS.find((b) => b.redisUrl);
if (redis)
  stores.push({ name: 'redis', open: () => RedisKeyValueStore.connect(redis.redisUrl as string, { prefix: `kv_${randomBytes(4).toString('hex')}:` }) });

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

  it('incrWindow adds several increments at once and answers the new total', async () => {
    const kv = await store();
    expect(await kv.incrWindow('ctr-by', 10_000, 5)).toBe(5);
    expect(await kv.incrWindow('ctr-by', 10_000)).toBe(6);
    expect(await kv.incrWindow('ctr-by', 10_000, 3)).toBe(9);
  });

  it('mget reads several keys at once, null where absent', async () => {
    const kv = await store();
    await kv.set('m1', 'a');
    await kv.set('m3', 'c');
    expect(await kv.mget(['m1', 'm2', 'm3'])).toEqual(['a', null, 'c']);
    expect(await kv.mget([])).toEqual([]);
  });

  it('write applies sets, deletes and index entries together', async () => {
    const kv = await store();
    await kv.set('w-old', 'x');
    await kv.write([
      { op: 'set', key: 'w1', value: 'one', pxMs: 5000 },
      { op: 'del', key: 'w-old' },
      { op: 'index', key: 'w-idx', member: 'w1', untilMs: Date.now() + 5000 },
    ]);
    expect(await kv.mget(['w1', 'w-old'])).toEqual(['one', null]);
    expect(await kv.indexed('w-idx')).toEqual(['w1']);
    const ttl = await kv.pttl('w-idx');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5000);
  });

  it('an index grows atomically under concurrency, drops expired members and lives as long as its longest member', async () => {
    const kv = await store();
    await Promise.all(Array.from({ length: 50 }, (_, i) => kv.write([{ op: 'index', key: 'idx', member: `m${i}`, untilMs: Date.now() + 10_000 }])));
    expect((await kv.indexed('idx')).sort()).toEqual(Array.from({ length: 50 }, (_, i) => `m${i}`).sort());
    await kv.write([{ op: 'index', key: 'short-idx', member: 'gone', untilMs: Date.now() + 30 }]);
    await kv.write([{ op: 'index', key: 'short-idx', member: 'long', untilMs: Date.now() + 60_000 }]);
    expect(await kv.pttl('short-idx')).toBeGreaterThan(30_000);
    await new Promise((r) => setTimeout(r, 80));
    expect(await kv.indexed('short-idx')).toEqual(['long']);
    expect(await kv.indexed('nothing')).toEqual([]);
  });

  it('claim marks once, only while the owner exists, and expires with the owner', async () => {
    const kv = await store();
    await kv.set('code', 'payload', { pxMs: 5000 });
    const wins = await Promise.all(Array.from({ length: 20 }, () => kv.claim('code:used', '1', 'code')));
    expect(wins.filter(Boolean)).toHaveLength(1);
    const ttl = await kv.pttl('code:used');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5000);
    expect(await kv.claim('gone:used', '1', 'gone')).toBe(false);
    expect(await kv.get('gone:used')).toBeNull();
  });

  it('ping answers', async () => {
    expect(await (await store()).ping()).toBe(true);
  });
});
