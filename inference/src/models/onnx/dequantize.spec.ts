import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { SHARED_MODELS_DIR } from '../../../test/fixtures/faces.ts';
import { dequantizeDynamicInt8 } from './dequantize.ts';
import { encodeOnnxModel, OnnxModelError, parseOnnxModel } from './model.ts';

const modelsDir = process.env.MODELS_DIR || SHARED_MODELS_DIR;
const int8Bytes = new Uint8Array(await readFile(join(modelsDir, 'w600k_mbf_int8.onnx')));
const yunetBytes = new Uint8Array(await readFile(join(modelsDir, 'yunet_n_320_320.onnx')));
const options: ort.InferenceSession.SessionOptions = { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all', logSeverityLevel: 3 };

/** A smooth, face-sized input: deterministic, and not a constant the network would flatten. */
function probe(size: number, phase: number): Float32Array {
  const x = new Float32Array(3 * size * size);
  for (let i = 0; i < x.length; i++) x[i] = Math.sin(i * 0.013 + phase) * 0.8;
  return x;
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! ** 2;
    nb += b[i]! ** 2;
  }
  return dot / Math.sqrt(na * nb);
}

async function embed(session: ort.InferenceSession, x: Float32Array): Promise<Float32Array> {
  const out = await session.run({ 'input.1': new ort.Tensor('float32', x, [1, 3, 112, 112]) });
  return out['516']!.data as Float32Array;
}

describe('dequantizeDynamicInt8 (recognizer loaded as float32)', () => {
  it('leaves no integer chain and float weights in place of the INT8 ones', () => {
    const before = parseOnnxModel(int8Bytes);
    const after = parseOnnxModel(dequantizeDynamicInt8(int8Bytes));
    const ops = (m: typeof before) => new Set(m.nodes.map((n) => n.opType));
    expect(ops(before)).toContain('ConvInteger');
    for (const op of ['ConvInteger', 'MatMulInteger', 'DynamicQuantizeLinear', 'Cast']) expect(ops(after)).not.toContain(op);
    expect(after.nodes.filter((n) => n.opType === 'Conv')).toHaveLength(before.nodes.filter((n) => n.opType === 'ConvInteger').length);
    // No 8-bit tensor is left (uint8 = 2, int8 = 3); Reshape shapes stay int64.
    expect(before.initializers.some((t) => t.dataType === 2)).toBe(true);
    expect(after.initializers.filter((t) => t.dataType === 2 || t.dataType === 3)).toEqual([]);
    // Opset, graph inputs and outputs travel unchanged.
    expect(after.modelFields.map((f) => f.encoded)).toEqual(before.modelFields.map((f) => f.encoded));
  });

  it('gives the embeddings of the INT8 model within its activation rounding (cosine >= 0.99)', async () => {
    const int8 = await ort.InferenceSession.create(new Uint8Array(int8Bytes), options);
    const float = await ort.InferenceSession.create(dequantizeDynamicInt8(int8Bytes), options);
    for (const phase of [0, 1.3, 2.9]) {
      const [a, b] = [await embed(int8, probe(112, phase)), await embed(float, probe(112, phase))];
      expect(b).toHaveLength(512);
      expect(cosine(a, b)).toBeGreaterThan(0.99);
    }
  });

  it('refuses a model with nothing to convert, and bytes that are not a model', () => {
    expect(() => dequantizeDynamicInt8(yunetBytes)).toThrow(/no dynamically quantized node/);
    expect(() => dequantizeDynamicInt8(new TextEncoder().encode('not a model at all'))).toThrow(OnnxModelError);
    expect(() => dequantizeDynamicInt8(int8Bytes.subarray(0, 1000))).toThrow(OnnxModelError);
  });

  it('refuses a per-channel quantized layer by name instead of converting it wrongly', () => {
    const model = parseOnnxModel(int8Bytes);
    const conv = model.nodes.find((n) => n.opType === 'ConvInteger')!;
    const zeroPoint = model.initializers.find((t) => t.name === conv.input[3])!;
    // A zero point with one value per output channel, as quantize_dynamic(per_channel=True) writes.
    const perChannel = { ...zeroPoint, dims: [2], int32Data: [0, 0], rawData: undefined };
    model.initializers = model.initializers.map((t) => (t === zeroPoint ? perChannel : t));
    expect(() => dequantizeDynamicInt8(encodeWithTensor(model, perChannel))).toThrow(/per-channel weight quantization is not handled/);
  });

  it('re-encodes an unchanged model to one that computes exactly the same outputs', async () => {
    const reencoded = encodeOnnxModel(parseOnnxModel(yunetBytes));
    const [a, b] = [await ort.InferenceSession.create(new Uint8Array(yunetBytes), options), await ort.InferenceSession.create(reencoded, options)];
    const feed = {
      input: new ort.Tensor(
        'float32',
        probe(320, 0.5).map((v) => (v + 1) * 127),
        [1, 3, 320, 320],
      ),
    };
    const [ra, rb] = [await a.run(feed), await b.run(feed)];
    for (const name of a.outputNames) expect(rb[name]!.data).toEqual(ra[name]!.data);
  });
});

/** The model with one initializer replaced by a hand-written tensor (dims + int32_data). */
function encodeWithTensor(
  model: ReturnType<typeof parseOnnxModel>,
  tensor: { name: string; dims: readonly number[]; dataType: number; int32Data: readonly number[] },
): Uint8Array {
  const enc = new TextEncoder();
  const field = (no: number, wire: number, body: number[]) => [(no << 3) | wire, ...body];
  const name = enc.encode(tensor.name);
  const bytes = Uint8Array.from([
    ...tensor.dims.flatMap((d) => field(1, 0, [d])),
    ...field(2, 0, [tensor.dataType]),
    ...field(5, 2, [tensor.int32Data.length, ...tensor.int32Data]),
    ...field(8, 2, [name.length, ...name]),
  ]);
  const replaced = { ...tensor, encoded: bytes, rawData: undefined, floatData: [], external: false };
  return encodeOnnxModel({ ...model, initializers: model.initializers.map((t) => (t.name === tensor.name ? replaced : t)) });
}
