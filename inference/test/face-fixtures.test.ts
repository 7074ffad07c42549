import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InferenceEmbedding__Output } from '@idgate/protos';
import { APPARENT_AGES, identityFixtures, LIVENESS_TRUTH } from './fixtures/index.ts';
import { errorOf, face, startTestNode, type TestNode } from './support/test-node.ts';

// Real models on the real fixtures, through gRPC and the pool. One node (2 workers) per file.
let t: TestNode;
beforeAll(async () => {
  t = await startTestNode({ INFERENCE_POOL_SIZE: '2' });
});
afterAll(() => t?.close());

type Embedding = InferenceEmbedding__Output;

describe('1:1 face match on the fixtures (MANIFEST 10.1 identities)', () => {
  it('matches every same-person pair and no different-person pair', async () => {
    const fixtures = identityFixtures();
    const embeddings = new Map<string, Embedding>();
    await Promise.all(
      fixtures.map(async ({ file }) => {
        const r = await t.call('embedFace', { image: await face(file) });
        expect(r.embedding!.values).toHaveLength(512);
        embeddings.set(file, r.embedding!);
      }),
    );
    const wrong: string[] = [];
    let pairs = 0;
    for (let i = 0; i < fixtures.length; i++) {
      for (let j = i + 1; j < fixtures.length; j++) {
        const [a, b] = [fixtures[i], fixtures[j]];
        const r = await t.call('matchFaces', { probe: { embedding: embeddings.get(a.file) }, reference: { embedding: embeddings.get(b.file) } });
        pairs++;
        if ((r.match ?? false) !== (a.identity === b.identity)) wrong.push(`${a.file}~${b.file}`);
      }
    }
    expect(pairs).toBe(276);
    expect(wrong).toEqual([]);
  });

  it('matches two images directly and refuses an embedding of another recognizer', async () => {
    const same = await t.call('matchFaces', { probe: { image: await face('obama_1.jpg') }, reference: { image: await face('obama_2.jpg') } });
    expect(same.match).toBe(true);
    const other = await t.call('matchFaces', { probe: { image: await face('obama_1.jpg') }, reference: { image: await face('biden_1.jpg') } });
    expect(other.match ?? false).toBe(false);
    const err = await errorOf(
      t.call('matchFaces', {
        probe: { embedding: { values: Array(512).fill(0.1), model: 'some-other-model' } },
        reference: { image: await face('obama_2.jpg') },
      }),
    );
    expect(err.code).toBe('REQUEST_INVALID');
  });

  it('compares a selfie embedded by the INT8 form of the active recognizer (acceptsEmbeddingsOf), so switching forms strands no session', async () => {
    const probe = await t.call('embedFace', { image: await face('obama_1.jpg') });
    expect(probe.embedding!.model).toBe('w600k-mbf-float32');
    const stored = { ...probe.embedding, model: 'w600k-mbf-int8' };
    const same = await t.call('matchFaces', { probe: { embedding: stored }, reference: { image: await face('obama_2.jpg') } });
    expect(same.match).toBe(true);
    const other = await t.call('matchFaces', { probe: { embedding: stored }, reference: { image: await face('biden_1.jpg') } });
    expect(other.match ?? false).toBe(false);
  });
});

describe('C-PAD-1 (fixture-sized): passive liveness on the presentation-attack fixtures', () => {
  it.each(Object.entries(LIVENESS_TRUTH))('%s is judged %s', async (file, truth) => {
    const r = await t.call('checkLiveness', { frames: [await face(file)] });
    expect(r.live ?? false).toBe(truth === 'live');
  });
});

describe('C-AGE-1 / C-AGE-2: age verdicts on the fixtures with apparent ages', () => {
  const verdicts = async (file: string) => {
    const r = await t.call('estimateAge', { image: await face(file) });
    return new Map(r.verdicts!.map((v) => [v.threshold!, v.verdict]));
  };

  it('never passes anyone younger than a threshold, never fails anyone older (undecided is allowed)', async () => {
    const wrong: string[] = [];
    for (const [file, [lo, hi]] of Object.entries(APPARENT_AGES)) {
      if (file === 'age_young_man.jpg') continue; // a second person in frame: FACE_MULTIPLE, tested below
      for (const [threshold, verdict] of await verdicts(file)) {
        if (hi < threshold && verdict === 'AGE_VERDICT_PASS') wrong.push(`${file} passes +${threshold}`);
        if (lo >= threshold && verdict === 'AGE_VERDICT_FAIL') wrong.push(`${file} fails +${threshold}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('passes no threshold for the children, even the one the model places at 37', async () => {
    for (const file of ['age_child.jpg', 'age_toddler.jpg']) {
      expect([...(await verdicts(file)).values()]).not.toContain('AGE_VERDICT_PASS');
    }
  });

  it('still decides clear cases: the toddler fails every threshold, the older adults pass every one', async () => {
    expect([...(await verdicts('age_toddler.jpg')).values()]).toEqual(Array(5).fill('AGE_VERDICT_FAIL'));
    for (const file of ['age_older_woman.jpg', 'biden_1.jpg', 'obama_1.jpg']) {
      expect([...(await verdicts(file)).values()]).toEqual(Array(5).fill('AGE_VERDICT_PASS'));
    }
  });

  it('refuses the fixture with a second person in frame rather than guessing whose age it is', async () => {
    expect((await errorOf(t.call('estimateAge', { image: await face('age_young_man.jpg') }))).code).toBe('FACE_MULTIPLE');
  });
});

describe('combined facial check (CheckFace)', () => {
  it('answers liveness, age verdicts and the embedding of the sharpest frame for a burst', async () => {
    const frame = await face('spoof_real_T1.jpg');
    const r = await t.call('checkFace', { frames: [frame, frame, frame] });
    expect(r.liveness!.live).toBe(true);
    expect(r.liveness!.frames).toHaveLength(3);
    expect(r.age!.verdicts).toHaveLength(5);
    expect(r.embedding!.embedding!.values).toHaveLength(512);
    expect(Object.keys(r.timingsMs!)).toEqual(expect.arrayContaining(['decode', 'detect', 'align', 'liveness', 'age', 'embed']));
  });

  it('rejects a burst in which another person appears', async () => {
    const err = await errorOf(t.call('checkFace', { frames: [await face('obama_1.jpg'), await face('group_6_people.jpg')] }));
    expect(err.code).toBe('FACE_MULTIPLE');
    expect(err.details?.frameIndex).toBe(1);
  });

  it('refuses a mixed-person burst, one face per frame, before fusing their ages (adult, child, adult)', async () => {
    const frames = [await face('biden_1.jpg'), await face('age_child.jpg'), await face('obama_1.jpg')];
    const err = await errorOf(t.call('checkFace', { frames }));
    expect(err.code).toBe('FACE_MULTIPLE');
    expect(err.details?.reasons).toEqual(['different_people_in_burst']);
    expect(typeof err.details?.frameIndex).toBe('number');
    // Each frame alone is a usable one-person check.
    for (const frame of frames) await t.call('checkFace', { frames: [frame] });
  });

  it('fuses a burst of one person seen in different photos', async () => {
    const r = await t.call('checkFace', { frames: [await face('obama_1.jpg'), await face('obama_2.jpg')] });
    expect(r.age?.verdicts).toHaveLength(5);
  });

  it('fails liveness for a replayed screen burst', async () => {
    const frame = await face('spoof_fake_screen_F2.jpg');
    const r = await t.call('checkFace', { frames: [frame, frame] });
    expect(r.liveness!.live ?? false).toBe(false);
  });
});
