import type { KeyValueStore, KvWrite } from './types.ts';

interface Entry {
  /** A string, or an index: member → until (epoch ms). */
  value: string | Map<string, number>;
  expiresAt: number | null;
}

/** In-process twin of the Redis interface for the embedded mode (single process only). */
export class MemoryKeyValueStore implements KeyValueStore {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private sweepTimer: NodeJS.Timeout;

  constructor(opts: { now?: () => number } = {}) {
    this.now = opts.now ?? Date.now;
    // Expired keys are dropped lazily on read and swept once a minute so memory stays bounded.
    this.sweepTimer = setInterval(() => this.sweep(), 60_000);
    this.sweepTimer.unref();
  }

  private live(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (e && e.expiresAt !== null && e.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  private sweep(): void {
    for (const key of this.entries.keys()) this.live(key);
  }

  private str(key: string): string | null {
    const v = this.live(key)?.value;
    return typeof v === 'string' ? v : null;
  }

  async get(key: string): Promise<string | null> {
    return this.str(key);
  }

  async set(key: string, value: string, opts: { pxMs?: number; nx?: boolean } = {}): Promise<boolean> {
    if (opts.nx && this.live(key)) return false;
    this.entries.set(key, { value, expiresAt: opts.pxMs !== undefined ? this.now() + opts.pxMs : null });
    return true;
  }

  async del(key: string): Promise<number> {
    return this.live(key) && this.entries.delete(key) ? 1 : 0;
  }

  async incrWindow(key: string, ttlMs: number, by = 1): Promise<number> {
    const e = this.live(key);
    const next = (typeof e?.value === 'string' ? Number(e.value) : 0) + by;
    this.entries.set(key, { value: String(next), expiresAt: this.now() + ttlMs });
    return next;
  }

  async pttl(key: string): Promise<number> {
    const e = this.live(key);
    if (!e) return -2;
    return e.expiresAt === null ? -1 : e.expiresAt - this.now();
  }

  async mget(keys: string[]): Promise<(string | null)[]> {
    return keys.map((k) => this.str(k));
  }

  /** Atomic like MULTI/EXEC: the writes run synchronously, nothing interleaves. */
  async write(ops: KvWrite[]): Promise<void> {
    for (const o of ops) {
      if (o.op === 'set') this.entries.set(o.key, { value: o.value, expiresAt: o.pxMs !== undefined ? this.now() + o.pxMs : null });
      else if (o.op === 'del') this.entries.delete(o.key);
      else {
        const e = this.live(o.key);
        const now = this.now();
        const members = e?.value instanceof Map ? e.value : new Map<string, number>();
        for (const [m, until] of members) if (until < now) members.delete(m);
        members.set(o.member, o.untilMs);
        this.entries.set(o.key, { value: members, expiresAt: Math.max(e?.value instanceof Map ? (e.expiresAt ?? 0) : 0, o.untilMs) });
      }
    }
  }

  async indexed(key: string): Promise<string[]> {
    const v = this.live(key)?.value;
    const now = this.now();
    return v instanceof Map ? [...v].filter(([, until]) => until >= now).map(([m]) => m) : [];
  }

  async claim(key: string, value: string, owner: string): Promise<boolean> {
    const o = this.live(owner);
    if (!o || this.live(key)) return false;
    this.entries.set(key, { value, expiresAt: o.expiresAt });
    return true;
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    clearInterval(this.sweepTimer);
    this.entries.clear();
  }
}
