import type { Db } from '../../db/client.ts';
import { walletTrustLists } from '../../db/schema/index.ts';
import type { ListArchive, StoredList } from './trusted-lists.ts';

/** The last good copies in the wallet_trust_lists table (one row per list URL, replaced on each good fetch). */
export class TrustListArchiveRepository implements ListArchive {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async loadAll(): Promise<StoredList[]> {
    const rows = await this.db.select().from(walletTrustLists);
    return rows
      .filter((r): r is typeof r & { kind: 'tsl' | 'lote' } => r.kind === 'tsl' || r.kind === 'lote')
      .map((r) => ({ url: r.url, kind: r.kind, body: r.body, fetchedAt: r.fetchedAt, nextUpdate: r.nextUpdate ?? undefined }));
  }

  async save(list: StoredList): Promise<void> {
    const row = { url: list.url, kind: list.kind, body: list.body, fetchedAt: list.fetchedAt, nextUpdate: list.nextUpdate ?? null };
    await this.db.insert(walletTrustLists).values(row).onConflictDoUpdate({ target: walletTrustLists.url, set: row });
  }
}

/** An archive in memory (no database: unit tests, benches). */
export class MemoryListArchive implements ListArchive {
  readonly lists = new Map<string, StoredList>();
  loadAll(): Promise<StoredList[]> {
    return Promise.resolve([...this.lists.values()]);
  }
  save(list: StoredList): Promise<void> {
    this.lists.set(list.url, list);
    return Promise.resolve();
  }
}
