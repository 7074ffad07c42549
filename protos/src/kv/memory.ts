import type { KeyValueStore } from './types.ts';

interface Entry {
  value: string;
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

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, opts: { pxMs?: number; nx?: boolean } = {}): Promise<boolean> {
    if (opts.nx && this.live(key)) return false;
    this.entries.set(key, { value, expiresAt: opts.pxMs !== undefined ? this.now() + opts.pxMs : null });
    return true;
  }

  async del(key: string): Promise<number> {
    return this.live(key) && this.entries.delete(key) ? 1 : 0;
  }

  async incrWindow(key: string, ttlMs: number): Promise<number> {
    const e = this.live(key);
    const next = (e ? Number(e.value) : 0) + 1;
    this.entries.set(key, { value: String(next), expiresAt: this.now() + ttlMs });
    return next;
  }

  async pttl(key: string): Promise<number> {
    const e = this.live(key);
    if (!e) return -2;
    return e.expiresAt === null ? -1 : e.expiresAt - this.now();
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    clearInterval(this.sweepTimer);
    this.entries.clear();
  }
}
