/**
 * The narrow Redis interface the service uses. Redis holds only what can be rebuilt (rate-limit
 * counters, caches, short-lived locks: DESIGN "Persistence"). Two implementations pass the same
 * contract suite: RedisKeyValueStore (the `redis` client) and MemoryKeyValueStore (the
 * in-process twin used by the embedded mode).
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  /** SET with optional PX expiry and NX; true when the value was written. */
  set(key: string, value: string, opts?: { pxMs?: number; nx?: boolean }): Promise<boolean>;
  del(key: string): Promise<number>;
  /**
   * INCR a counter and (re)set its time to live to `ttlMs`, atomically in one round trip: the
   * building block of fixed-window rate limits (the window is part of the key). Relative, so
   * an injected clock and the Redis server's clock never have to agree.
   */
  incrWindow(key: string, ttlMs: number): Promise<number>;
  /** Remaining time to live in ms; -2 when the key does not exist, -1 when it has no expiry. */
  pttl(key: string): Promise<number>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
