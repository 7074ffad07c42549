import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openKeyValueStore, type KeyValueStore } from '@idgate/platform/kv';
import { REVEAL_TTL_MS, RevealStore, type Reveal } from './reveal-store.ts';

const SESSION = 'xds_aaaaaaaaaaaaaaaaaaaaaaaa';
const OTHER = 'xds_bbbbbbbbbbbbbbbbbbbbbbbb';
const KEYS: Reveal = { kind: 'keys', title: 'Restricted key created', keys: [{ label: 'Restricted key', value: 'ak_live_secretvalue0000' }] };

describe('RevealStore', () => {
  let kv: KeyValueStore;
  let store: RevealStore;
  beforeEach(async () => {
    kv = await openKeyValueStore(undefined);
    store = new RevealStore(kv);
  });
  afterEach(async () => {
    await kv.close();
  });

  it('keeps a record for 5 minutes under a random id, without the session token or the secret in the clear', async () => {
    const id = await store.put(SESSION, KEYS);
    expect(id).toMatch(/^[\w-]{32}$/);
    expect(await store.put(SESSION, KEYS)).not.toBe(id);
    const ttl = await kv.pttl(`dashboard:reveal:${id}`);
    expect(ttl).toBeGreaterThan(REVEAL_TTL_MS - 5000);
    expect(ttl).toBeLessThanOrEqual(REVEAL_TTL_MS);
    const stored = (await kv.get(`dashboard:reveal:${id}`))!;
    expect(stored).not.toContain(SESSION);
    // Sealed with a key derived from the session token: the store alone never holds a usable secret.
    for (const k of KEYS.keys) expect(stored).not.toContain(k.value);
    expect(stored).not.toContain(Buffer.from(JSON.stringify(KEYS)).toString('base64'));
  });

  it('shows once to its session; then "already shown" to it and unknown to any other', async () => {
    const id = await store.put(SESSION, KEYS);
    expect(await store.take(OTHER, id, 'keys')).toEqual({ state: 'unknown' });
    expect(await store.take(SESSION, id, 'webhook')).toEqual({ state: 'unknown' });
    expect(await store.take(SESSION, id, 'keys')).toEqual({ state: 'shown-now', reveal: KEYS });
    expect(await kv.get(`dashboard:reveal:${id}`)).toBeNull();
    expect(await kv.get(`dashboard:reveal-shown:${id}`)).not.toContain('ak_live_');
    expect(await store.take(SESSION, id, 'keys')).toEqual({ state: 'already-shown', kind: 'keys' });
    expect(await store.take(OTHER, id, 'keys')).toEqual({ state: 'unknown' });
    expect(await store.take(SESSION, 'not-an-id', 'keys')).toEqual({ state: 'unknown' });
  });

  it('of many parallel reads exactly one sees the record', async () => {
    const id = await store.put(SESSION, KEYS);
    const reads = await Promise.all(Array.from({ length: 20 }, () => store.take(SESSION, id, 'keys')));
    expect(reads.filter((r) => r.state === 'shown-now')).toHaveLength(1);
    expect(reads.filter((r) => r.state === 'already-shown')).toHaveLength(19);
  });
});
