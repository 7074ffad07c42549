import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { floatAttribute, OnnxModelError, parseOnnxModel } from './model.ts';
import { fuseHardSwish } from './hard-swish.ts';
import { node, tinyModel } from '../../../test/fixtures/tiny-onnx.ts';

const X = [1, 2, 5, 5];
const constants = { three: { dims: [1], values: [3] }, zero: { dims: [1], values: [0] }, six: { dims: [1], values: [6] }, five: { dims: [1], values: [5] } };

/** Values from -8 to 8, so every piece of hard-swish (0, the curve, identity) is exercised. */
function spread(): ort.Tensor {
  const x = new Float32Array(X.reduce((a, b) => a * b, 1));
  for (let i = 0; i < x.length; i++) x[i] = -8 + (16 * i) / (x.length - 1);
  return new ort.Tensor('float32', x, X);
}

async function run(bytes: Uint8Array): Promise<Float32Array> {
  const session = await ort.InferenceSession.create(bytes, { logSeverityLevel: 3 });
  return (await session.run({ x: spread() })).y!.data as Float32Array;
}

/** x · clip(x + 3, 0, 6) / 6 as paddle2onnx writes it; Clip's bounds as inputs (opset 11+) or attributes (before). */
function decomposedHardSwish(opset: 9 | 13, max = 'six'): Uint8Array {
  const clip =
    opset === 9
      ? node('Clip', ['a'], ['c'], [floatAttribute('min', 0), floatAttribute('max', max === 'six' ? 6 : 5)])
      : node('Clip', ['a', 'zero', max], ['c']);
  return tinyModel(opset, [node('Add', ['x', 'three'], ['a']), clip, node('Mul', ['x', 'c'], ['m']), node('Div', ['m', 'six'], ['y'])], constants, X, { y: X });
}

describe('fuseHardSwish', () => {
  for (const opset of [9, 13] as const) {
    it(`rewrites Add → Clip → Mul → Div into HardSigmoid → Mul with the same outputs (opset ${opset})`, async () => {
      const original = decomposedHardSwish(opset);
      const fused = fuseHardSwish(original);
      expect(fused.fused).toBe(1);
      expect(parseOnnxModel(fused.bytes).nodes.map((n) => n.opType)).toEqual(['HardSigmoid', 'Mul']);
      const [a, b] = [await run(original), await run(fused.bytes)];
      for (let i = 0; i < a.length; i++) expect(b[i]).toBeCloseTo(a[i]!, 5);
      expect(Math.abs(b[0]!)).toBe(0); // x = -8: below the curve (-8 · 0 is -0)
      expect(b[b.length - 1]).toBeCloseTo(8, 5); // x = 8: identity
    });
  }

  it('leaves a chain with other constants alone (clip to 5 is not hard-swish)', () => {
    for (const model of [decomposedHardSwish(13, 'five'), decomposedHardSwish(9, 'five')]) {
      const result = fuseHardSwish(model);
      expect(result.fused).toBe(0);
      expect(result.bytes).toBe(model);
    }
  });

  it('leaves a chain alone when an intermediate is read elsewhere', () => {
    const model = tinyModel(
      13,
      [node('Add', ['x', 'three'], ['a']), node('Clip', ['a', 'zero', 'six'], ['c']), node('Mul', ['x', 'c'], ['m']), node('Div', ['m', 'six'], ['y'])],
      constants,
      X,
      { y: X, c: X },
    );
    // c is a graph output: it is read, but by the caller, not a node; the Clip stays.
    expect(fuseHardSwish(model).fused).toBe(0);
  });

  it('refuses bytes that are not a model', () => {
    expect(() => fuseHardSwish(new TextEncoder().encode('not a model at all'))).toThrow(OnnxModelError);
  });
});
