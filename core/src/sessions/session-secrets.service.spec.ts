import { describe, expect, it } from 'vitest';
import { DataCipher } from '../lib/cipher.ts';
import { ManualClock } from '../lib/clock.ts';
import type { SessionSecretsRepository, SessionSecretsRow } from './session-secrets.repository.ts';
import { SECRET_RETENTION_MS, SessionSecretsService } from './session-secrets.service.ts';

/** An in-memory stand-in with the repository's upsert semantics (purgeAt kept from the first write). */
function memoryRepo() {
  const rows = new Map<string, SessionSecretsRow>();
  const repo = {
    find: async (id: string) => rows.get(id),
    put: async (id: string, values: Partial<SessionSecretsRow>, purgeAt: Date) => {
      const old = rows.get(id);
      rows.set(id, { sessionId: id, claimsSealed: null, selfieEmbeddingSealed: null, purgeAt, ...old, ...values });
    },
  };
  return { rows, repo: repo as unknown as SessionSecretsRepository };
}

const key = (kid: string, byte: number) => `${kid}:${Buffer.alloc(32, byte).toString('base64')}`;

describe('SessionSecretsService', () => {
  it('seals claims and embeddings (no plaintext at rest) and reads them back', async () => {
    const { rows, repo } = memoryRepo();
    const clock = new ManualClock(new Date('2026-06-15T12:00:00Z'));
    const s = new SessionSecretsService({ secrets: repo, cipher: DataCipher.fromSpecs([key('k1', 1)]), clock });
    await s.sealClaims('ses_1', { last_name: 'Quixano', date_of_birth: '1961-08-04' });
    const values = Array.from({ length: 512 }, (_, i) => Math.fround(Math.sin(i)));
    await s.storeSelfie('ses_1', { values, model: 'w600k-mbf-int8' });
    expect(JSON.stringify([...rows.values()])).not.toMatch(/Quixano|1961/);
    expect((await s.claimsOf('ses_1'))?.claims).toEqual({ last_name: 'Quixano', date_of_birth: '1961-08-04' });
    expect(await s.selfieOf('ses_1')).toEqual({ values, model: 'w600k-mbf-int8' });
  });

  it('reads values sealed with a rotated-out key, and never after 24 hours', async () => {
    const { repo } = memoryRepo();
    const clock = new ManualClock(new Date('2026-06-15T12:00:00Z'));
    const old = new SessionSecretsService({ secrets: repo, cipher: DataCipher.fromSpecs([key('k1', 1)]), clock });
    await old.sealClaims('ses_2', { first_name: 'Anna' });
    const rotated = new SessionSecretsService({ secrets: repo, cipher: DataCipher.fromSpecs([key('k2', 2), key('k1', 1)]), clock });
    expect((await rotated.claimsOf('ses_2'))?.claims).toEqual({ first_name: 'Anna' });
    clock.advance(SECRET_RETENTION_MS);
    expect(await rotated.claimsOf('ses_2')).toBeNull();
  });

  it('a sealed value moved to another session does not open (AAD binds session and purpose)', async () => {
    const { rows, repo } = memoryRepo();
    const clock = new ManualClock(new Date('2026-06-15T12:00:00Z'));
    const s = new SessionSecretsService({ secrets: repo, cipher: DataCipher.fromSpecs([key('k1', 1)]), clock });
    await s.sealClaims('ses_a', { first_name: 'Anna' });
    rows.set('ses_b', { ...(rows.get('ses_a') as SessionSecretsRow), sessionId: 'ses_b' });
    await expect(s.claimsOf('ses_b')).rejects.toThrow();
  });
});
