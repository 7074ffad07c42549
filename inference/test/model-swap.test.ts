import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MANIFEST_PATH, type ModelsManifest } from '../src/index.ts';
import { face, startTestNode, type TestNode } from './support/test-node.ts';

// Models are swappable by manifest: the same code runs SCRFD instead of YuNet and the Faceplugin
// recognizer (BGR input, its own calibrated threshold) instead of ArcFace, with no code change.
let t: TestNode;
beforeAll(async () => {
  const manifest = JSON.parse(await readFile(DEFAULT_MANIFEST_PATH, 'utf8')) as ModelsManifest;
  const swapped = { ...manifest, active: { ...manifest.active, detector: 'scrfd-500m', recognizer: 'fr-feature' } };
  const path = join(await mkdtemp(join(tmpdir(), 'idgate-manifest-')), 'models.manifest.json');
  await writeFile(path, JSON.stringify(swapped));
  t = await startTestNode({ INFERENCE_POOL_SIZE: '1' }, { manifestPath: path });
});
afterAll(() => t?.close());

describe('model swap through the manifest', () => {
  it('reports the swapped models', async () => {
    const h = await t.call('health', {});
    expect(h.models).toEqual(expect.arrayContaining(['scrfd-500m', 'fr-feature']));
  });

  it('finds the six faces of the group photo with SCRFD', async () => {
    const r = await t.call('detectFaces', { image: await face('group_6_people.jpg') });
    expect(r.faces).toHaveLength(6);
  });

  it('matches the same person and not another with the alternative recognizer', async () => {
    const match = (a: string, b: string) =>
      Promise.all([face(a), face(b)]).then(([x, y]) => t.call('matchFaces', { probe: { image: x }, reference: { image: y } }));
    const same = await match('obama_1.jpg', 'obama_2.jpg');
    expect(same).toMatchObject({ match: true, model: 'fr-feature' });
    expect((await match('obama_1.jpg', 'biden_1.jpg')).match ?? false).toBe(false);
  });
});
