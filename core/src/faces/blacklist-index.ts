import { createHash } from 'node:crypto';
import type { DataCipher } from '../lib/cipher.ts';
import { openEmbedding, type FaceEmbedding } from '../lib/embedding-codec.ts';
import { sameFace, type FaceMatchPolicy, type StoredEmbedding } from './face-match.ts';
import type { FaceRepository } from './face.repository.ts';

export interface BlacklistIndexDeps {
  faces: Pick<FaceRepository, 'activeListFingerprint' | 'activeEmbeddingsOfAccount'>;
  cipher: DataCipher;
  policy: FaceMatchPolicy;
  /** The AAD an entry's embedding was sealed with. */
  aad: (entryId: string) => string;
}

/** Accounts whose opened list is kept; beyond that the least recently searched is dropped. */
const MAX_ACCOUNTS = 1000;

/**
 * The opened blacklist embeddings of each account, kept between searches. Every server-side face
 * check searches its account's list, and fetching and decrypting every entry each time grows with
 * the list (about 2.7 kB and one AES-GCM open per entry). Each search first asks the database for
 * the list's fingerprint (a hash of its active entry ids, one short row) and reloads only when it
 * changed, so an entry added or removed by any core process counts from the next search on.
 */
export class BlacklistIndex {
  private readonly lists = new Map<string, { fingerprint: string; faces: StoredEmbedding[] }>();

  private readonly deps: BlacklistIndexDeps;

  constructor(deps: BlacklistIndexDeps) {
    this.deps = deps;
  }

  /** True when `face` is on the list of the account that owns `projectId`. */
  async isListed(projectId: string, face: FaceEmbedding): Promise<boolean> {
    const { accountId, fingerprint } = await this.deps.faces.activeListFingerprint(projectId);
    if (!accountId) return false;
    if (!fingerprint) {
      this.lists.delete(accountId); // no active entry: nothing decrypted stays in memory
      return false;
    }
    let list = this.lists.get(accountId);
    if (list?.fingerprint !== fingerprint) list = await this.open(accountId);
    // Re-inserted: Map order is then least recently searched first.
    this.lists.delete(accountId);
    this.lists.set(accountId, list);
    if (this.lists.size > MAX_ACCOUNTS) this.lists.delete(this.lists.keys().next().value as string);
    return list.faces.some((listed) => sameFace(face, listed, this.deps.policy));
  }

  /**
   * The list as loaded, with the fingerprint of exactly these rows (the same md5 of the ids, in the
   * database's order, as activeListFingerprint): an entry added between the two queries is then
   * reloaded next time, and one removed later is never left matching.
   */
  private async open(accountId: string): Promise<{ fingerprint: string; faces: StoredEmbedding[] }> {
    const rows = await this.deps.faces.activeEmbeddingsOfAccount(accountId);
    const fingerprint = createHash('md5')
      .update(rows.map((r) => r.id).join(','))
      .digest('hex');
    const faces = rows.flatMap((r) => {
      if (r.embeddingSealed === null) return [];
      const e = openEmbedding(this.deps.cipher, r.embeddingSealed, this.deps.aad(r.id));
      return [{ model: e.model, values: Float32Array.from(e.values) }]; // half the memory of number[]
    });
    return { fingerprint, faces };
  }
}
