import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { DataCipher } from '../lib/cipher.ts';
import { openEmbedding, sealEmbedding, type FaceEmbedding } from '../lib/embedding-codec.ts';
import type { ExpectedFields } from './init-request.ts';
import type { SessionSecretsRepository } from './session-secrets.repository.ts';

/** Spec §8: data-match claims (and the selfie embedding, spec §4.1 blacklist) at most 24 hours. */
export const SECRET_RETENTION_MS = 24 * 60 * 60 * 1000;

export type { FaceEmbedding } from '../lib/embedding-codec.ts';

interface Deps {
  secrets: SessionSecretsRepository;
  cipher: DataCipher;
  clock: Clock;
}

/**
 * Sealing and unsealing of what a session keeps for at most 24 hours: the tenant's `expected`
 * claims (never sent to the browser, never returned) and the selfie EMBEDDING of the liveness
 * step (never the image). AES-256-GCM with the data keys; the AAD binds each value to its
 * session and purpose, so a sealed value cannot be moved to another row.
 */
export class SessionSecretsService {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  private purgeAt(): Date {
    return new Date(this.deps.clock.now().getTime() + SECRET_RETENTION_MS);
  }

  async sealClaims(sessionId: string, expected: ExpectedFields, tx?: Db, purgeAt = this.purgeAt()): Promise<void> {
    const claimsSealed = this.deps.cipher.encrypt(JSON.stringify(expected), `${sessionId}:claims`);
    await this.deps.secrets.put(sessionId, { claimsSealed }, purgeAt, tx);
  }

  async claimsOf(sessionId: string, tx?: Db): Promise<{ claims: ExpectedFields; purgeAt: Date } | null> {
    const row = await this.deps.secrets.find(sessionId, tx);
    if (!row?.claimsSealed || row.purgeAt <= this.deps.clock.now()) return null;
    return { claims: JSON.parse(this.deps.cipher.decrypt(row.claimsSealed, `${sessionId}:claims`)) as ExpectedFields, purgeAt: row.purgeAt };
  }

  async storeSelfie(sessionId: string, embedding: FaceEmbedding, tx?: Db): Promise<void> {
    await this.deps.secrets.put(sessionId, { selfieEmbeddingSealed: sealEmbedding(this.deps.cipher, embedding, `${sessionId}:selfie`) }, this.purgeAt(), tx);
  }

  async selfieOf(sessionId: string, tx?: Db): Promise<FaceEmbedding | null> {
    const row = await this.deps.secrets.find(sessionId, tx);
    if (!row?.selfieEmbeddingSealed || row.purgeAt <= this.deps.clock.now()) return null;
    return openEmbedding(this.deps.cipher, row.selfieEmbeddingSealed, `${sessionId}:selfie`);
  }
}
