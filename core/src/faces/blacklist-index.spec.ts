import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataCipher } from '@idgate/platform';
import { openDatabase, type Database } from '../db/client.ts';
import { accounts, projects } from '../db/schema/index.ts';
import { sealEmbedding } from '../lib/embedding-codec.ts';
import { FaceRepository } from './face.repository.ts';
import { BlacklistIndex } from './blacklist-index.ts';

const policy = { model: 'rec', accepts: [], threshold: 0.5 };
const cipher = DataCipher.fromSpecs([DataCipher.generateSpec('k1')]);
const aad = (id: string) => `${id}:blacklist`;
/** A unit vector along axis `axis`: two faces match only when they share the axis. */
const face = (axis: number) => ({ model: 'rec', values: Array.from({ length: 512 }, (_, i) => (i === axis ? 1 : 0)) });

describe('BlacklistIndex on a real (embedded) database', () => {
  let database: Database;
  let faces: FaceRepository;
  let loads = 0;
  let index: BlacklistIndex;
  const now = new Date('2026-11-22T00:00:00Z');
  const add = (id: string, axis: number) =>
    faces.insertEntry({
      id,
      accountId: 'acc_1',
      projectId: 'prj_1',
      source: 'image',
      reason: 'r',
      status: 'active',
      errorCode: null,
      errorReasons: null,
      embeddingSealed: sealEmbedding(cipher, face(axis), aad(id)),
      createdAt: now,
      processedAt: now,
    });

  beforeAll(async () => {
    database = await openDatabase({});
    await database.migrate();
    await database.db.insert(accounts).values({ id: 'acc_1', name: 'A', plan: 'free', createdAt: now });
    await database.db.insert(projects).values({ id: 'prj_1', accountId: 'acc_1', name: 'p', apiVersion: '2026-01-01', createdAt: now });
    faces = new FaceRepository(database.db);
    const counted = Object.assign(Object.create(faces) as FaceRepository, {
      activeEmbeddingsOfAccount: (accountId: string) => {
        loads++;
        return faces.activeEmbeddingsOfAccount(accountId);
      },
    });
    index = new BlacklistIndex({ faces: counted, cipher, policy, aad });
  }, 60_000);
  afterAll(() => database?.close());

  it('opens the list once and searches it from memory while it is unchanged (the fingerprints agree)', async () => {
    await add('bl_aaaaaaaaaa', 1);
    await add('bl_bbbbbbbbbb', 2);
    expect(await index.isListed('prj_1', face(1))).toBe(true);
    expect(await index.isListed('prj_1', face(3))).toBe(false);
    expect(await index.isListed('prj_1', face(2))).toBe(true);
    expect(loads).toBe(1);
  });

  it('reloads after an add or a delete, and an empty list is no match', async () => {
    await add('bl_cccccccccc', 3);
    expect(await index.isListed('prj_1', face(3))).toBe(true);
    expect(loads).toBe(2);
    await faces.deleteEntry('bl_aaaaaaaaaa', 'acc_1');
    expect(await index.isListed('prj_1', face(1))).toBe(false);
    expect(loads).toBe(3);
    for (const id of ['bl_bbbbbbbbbb', 'bl_cccccccccc']) await faces.deleteEntry(id, 'acc_1');
    expect(await index.isListed('prj_1', face(2))).toBe(false);
    expect(loads).toBe(3); // nothing to open
  });
});
