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
   * an injected clock and the Redis server's clock never have to agree. `by` (default 1) adds
   * several increments at once and answers the new total.
   */
  incrWindow(key: string, ttlMs: number, by?: number): Promise<number>;
  /** Remaining time to live in ms; -2 when the key does not exist, -1 when it has no expiry. */
  pttl(key: string): Promise<number>;
  /** The string values of several keys in one round trip (null where absent). */
  mget(keys: string[]): Promise<(string | null)[]>;
  /** Applies the writes in order, atomically and in one round trip (Redis MULTI/EXEC). */
  write(ops: KvWrite[]): Promise<void>;
  /** The live members of an index written by `index` writes (empty when absent). */
  indexed(key: string): Promise<string[]>;
  /**
   * Writes `key` only if it is absent while `owner` exists, expiring together with `owner`:
   * a once-only marker on another key (e.g. "this code was used"), atomic in one round trip.
   * False when `key` already existed or `owner` is gone.
   */
  claim(key: string, value: string, owner: string): Promise<boolean>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * One write of `KeyValueStore.write`. `index` adds `member` to the index at `key` until
 * `untilMs` (epoch ms, the lifetime of what it names): members past their time are dropped on
 * the next write, and the index itself lives as long as its longest-lived member.
 */
export type KvWrite =
  { op: 'set'; key: string; value: string; pxMs?: number } | { op: 'del'; key: string } | { op: 'index'; key: string; member: string; untilMs: number };
