import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { readVerified } from '../../document/ocr/models.ts';
import { foldScalarAffine } from './fold-affine.ts';
import { fuseHardSwish } from './hard-swish.ts';
import { OnnxModelError, parseOnnxModel } from './model.ts';
import { intAttribute, intsAttribute, node, tinyModel } from '../../../test/fixtures/tiny-onnx.ts';

const options: ort.InferenceSession.SessionOptions = { intraOpNumThreads: 1, interOpNumThreads: 1, logSeverityLevel: 3 };

/** A deterministic, non-constant input. */
function probe(dims: readonly number[], phase = 0): ort.Tensor {
  const x = new Float32Array(dims.reduce((a, b) => a * b, 1));
  for (let i = 0; i < x.length; i++) x[i] = Math.sin(i * 0.0137 + phase) * 0.9;
  return new ort.Tensor('float32', x, [...dims]);
}

async function outputsOf(bytes: Uint8Array, input: ort.Tensor): Promise<Float32Array[]> {
  const session = await ort.InferenceSession.create(bytes, options);
  const result = await session.run({ [session.inputNames[0]!]: input });
  return session.outputNames.map((name) => result[name]!.data as Float32Array);
}

function maxAbsDifference(a: Float32Array, b: Float32Array): number {
  expect(b).toHaveLength(a.length);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
}

const ramp = (count: number, step: number, start = -0.5) => Array.from({ length: count }, (_, i) => start + ((i * step) % 1));
const convWeights = (out: number, inPerGroup: number) => ({
  w: { dims: [out, inPerGroup, 3, 3], values: ramp(out * inPerGroup * 9, 0.173) },
  b: { dims: [out], values: ramp(out, 0.31) },
});
const scalars = { s: { dims: [1], values: [1.7] }, t: { dims: [1], values: [-0.4] } };
const X = [1, 2, 6, 6];

/** The block is folded away: one Conv is left, and it computes what the original graph did. */
async function expectOneEquivalentConv(bytes: Uint8Array): Promise<void> {
  const folded = foldScalarAffine(bytes);
  expect(folded.folded).toBe(1);
  expect(parseOnnxModel(folded.bytes).nodes.map((n) => n.opType)).toEqual(['Conv']);
  const [[a], [b]] = [await outputsOf(bytes, probe(X)), await outputsOf(folded.bytes, probe(X))];
  expect(maxAbsDifference(a!, b!)).toBeLessThan(1e-5);
}

describe('foldScalarAffine', () => {
  it('folds Mul and Add after a Conv into its weights and bias (padding does not matter there)', async () => {
    const bytes = tinyModel(
      13,
      [node('Conv', ['x', 'w', 'b'], ['c'], [intsAttribute('pads', [1, 1, 1, 1])]), node('Mul', ['c', 's'], ['m']), node('Add', ['t', 'm'], ['y'])],
      { ...convWeights(3, 2), ...scalars },
      X,
      { y: [1, 3, 6, 6] },
    );
    await expectOneEquivalentConv(bytes);
  });

  it('folds Mul and Add before a Conv without padding, grouped convolutions included', async () => {
    for (const group of [1, 2]) {
      const bytes = tinyModel(
        13,
        [node('Mul', ['s', 'x'], ['m']), node('Add', ['m', 't'], ['a']), node('Conv', ['a', 'w', 'b'], ['y'], [intAttribute('group', group)])],
        { ...convWeights(4, 2 / group), ...scalars },
        X,
        { y: [1, 4, 4, 4] },
      );
      await expectOneEquivalentConv(bytes);
    }
  });

  it('leaves Mul and Add before a padded Conv alone: the zero border would change', async () => {
    const bytes = tinyModel(
      13,
      [node('Mul', ['x', 's'], ['m']), node('Add', ['m', 't'], ['a']), node('Conv', ['a', 'w', 'b'], ['y'], [intsAttribute('pads', [1, 1, 1, 1])])],
      { ...convWeights(3, 2), ...scalars },
      X,
      { y: [1, 3, 6, 6] },
    );
    const result = foldScalarAffine(bytes);
    expect(result.folded).toBe(0);
    expect(result.bytes).toBe(bytes);
  });

  it('keeps a step output that is also a graph output, folding only what nothing else reads', async () => {
    const bytes = tinyModel(
      13,
      [node('Conv', ['x', 'w', 'b'], ['c']), node('Mul', ['c', 's'], ['m']), node('Add', ['m', 't'], ['y'])],
      { ...convWeights(3, 2), ...scalars },
      X,
      { m: [1, 3, 4, 4], y: [1, 3, 4, 4] },
    );
    const folded = foldScalarAffine(bytes);
    expect(folded.folded).toBe(1);
    expect(parseOnnxModel(folded.bytes).nodes.map((n) => n.opType)).toEqual(['Conv', 'Add']);
    const [original, rewritten] = [await outputsOf(bytes, probe(X)), await outputsOf(folded.bytes, probe(X))];
    expect(rewritten).toHaveLength(2);
    for (const [i, values] of original.entries()) expect(maxAbsDifference(values, rewritten[i]!)).toBeLessThan(1e-5);
  });

  it('refuses bytes that are not a model', () => {
    expect(() => foldScalarAffine(new TextEncoder().encode('not a model at all'))).toThrow(OnnxModelError);
  });
});

describe('the PP-OCRv4 models simplified for the CPU (hard-swish fused, affine steps folded)', () => {
  const cases = [
    { name: 'rec' as const, dims: [1, 3, 48, 320], hardSwish: 28 },
    { name: 'det' as const, dims: [1, 3, 320, 480], hardSwish: 24 },
  ];
  for (const { name, dims, hardSwish } of cases) {
    it(`${name}: same outputs within float rounding, with the elementwise chains gone`, async () => {
      const original = await readVerified(name);
      const fused = fuseHardSwish(original);
      const folded = foldScalarAffine(fused.bytes);
      expect(fused.fused).toBe(hardSwish);
      expect(folded.folded).toBeGreaterThan(hardSwish); // one after every Conv, more before 1×1 ones
      const ops = (bytes: Uint8Array) => parseOnnxModel(bytes).nodes.map((n) => n.opType);
      const count = (list: string[], op: string) => list.filter((o) => o === op).length;
      const [before, after] = [ops(original), ops(folded.bytes)];
      expect(count(after, 'Clip')).toBe(count(before, 'Clip') - hardSwish);
      expect(count(after, 'Mul') + count(after, 'Add')).toBeLessThan(count(before, 'Mul') + count(before, 'Add') - 2 * hardSwish);
      for (const phase of [0, 2.1]) {
        const [[a], [b]] = [await outputsOf(original, probe(dims, phase)), await outputsOf(folded.bytes, probe(dims, phase))];
        expect(maxAbsDifference(a!, b!)).toBeLessThan(1e-4);
      }
    });
  }
});
