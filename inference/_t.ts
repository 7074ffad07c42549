import { readFileSync } from 'node:fs';
import ort from 'onnxruntime-node';
import { dequantizeDynamicInt8 } from './src/models/onnx/dequantize.ts';
const M = '/work/shared/models/';
const models: [string, Uint8Array, number][] = [
  ['mbf-f32', dequantizeDynamicInt8(readFileSync(M + 'w600k_mbf_int8.onnx')), 112],
  ['fas-v2', new Uint8Array(readFileSync(M + '2.7_80x80_MiniFASNetV2.onnx')), 80],
  ['yunet', new Uint8Array(readFileSync(M + 'yunet_n_320_320.onnx')), 320],
  ['age', new Uint8Array(readFileSync(M + 'insightface_genderage_112.onnx')), 112],
];
const base = { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all', logSeverityLevel: 3 } as const;
const variants: Record<string, ort.InferenceSession.SessionOptions> = {
  base,
  daz: { ...base, extra: { session: { set_denormal_as_zero: '1' } } },
  noarena: { ...base, enableCpuMemArena: false },
};
for (const [name, bytes, size] of models) {
  const sessions = await Promise.all(Object.entries(variants).map(async ([v, o]) => [v, await ort.InferenceSession.create(bytes, o)] as const));
  const x = new Float32Array(3 * size * size); for (let i = 0; i < x.length; i++) x[i] = Math.sin(i * 0.013) * 0.8 * (name === 'yunet' || name === 'age' ? 127 : 1) + (name === 'yunet' || name === 'age' ? 127 : 0);
  const feed = { [sessions[0]![1].inputNames[0]!]: new ort.Tensor('float32', x, [1, 3, size, size]) };
  const times: Record<string, number[]> = {};
  for (let i = 0; i < 120; i++) for (const [v, s] of sessions) { const t0 = performance.now(); await s.run(feed); (times[v] ??= []).push(performance.now() - t0); }
  console.log(name, Object.entries(times).map(([v, t]) => `${v} ${t.slice(20).sort((a, b) => a - b)[50]!.toFixed(2)}`).join('  '));
}
