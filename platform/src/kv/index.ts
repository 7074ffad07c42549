export type { KeyValueStore, KvWrite } from './types.ts';
export { MemoryKeyValueStore } from './memory.ts';
export { RedisKeyValueStore } from './redis.ts';
export { WindowCounter } from './window-counter.ts';

import { MemoryKeyValueStore } from './memory.ts';
import { RedisKeyValueStore } from './redis.ts';
import type { KeyValueStore } from './types.ts';

/** Redis when a URL is configured, else the in-process twin. */
export async function openKeyValueStore(url: string | undefined, opts: { prefix?: string; now?: () => number } = {}): Promise<KeyValueStore> {
  return url ? RedisKeyValueStore.connect(url, { prefix: opts.prefix }) : new MemoryKeyValueStore({ now: opts.now });
}
