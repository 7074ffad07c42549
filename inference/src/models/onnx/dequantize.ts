import { indexGraph, soleConsumer, type GraphIndex } from './graph-index.ts';
import { floatInitializer, OnnxModelError, rewriteOnnxModel, tensorValues, type OnnxModel, type OnnxNode, type OnnxTensor } from './model.ts';

/**
 * Turns a model made by onnxruntime's `quantize_dynamic` back into a float32 model.
 *
 * Why: dynamic INT8 quantization stores weights as 8-bit integers and, at every layer, quantizes
 * the activations at run time (DynamicQuantizeLinear → ConvInteger → Cast → Mul by the scales).
 * On x86 CPUs onnxruntime runs that chain slower than the plain float convolution it replaces
 * (MANIFEST 6.1 measured 31 ms per face for the INT8 MobileFaceNet; this float32 form of the same
 * weights runs in about 60% of that time), and the INT8 file is the only one of that model we
 * have. Dequantizing the weights (w = (q − zero_point) × scale) keeps exactly the trained INT8
 * weights and drops only the run-time rounding of the activations, so embeddings stay within
 * rounding of the INT8 model's (cosine ≥ 0.99 on the fixtures, see dequantize.spec.ts).
 *
 * The rewrite, for each ConvInteger / MatMulInteger fed by DynamicQuantizeLinear:
 *   x → DynamicQuantizeLinear → (xq, xs, xz);  ConvInteger(xq, Wq, xz, Wz) → Cast(float) → Mul(·, xs × Ws) → y
 * becomes
 *   Conv(x, (Wq − Wz) × Ws) → y            (MatMul for MatMulInteger; Conv keeps its attributes)
 * Only per-tensor weight scales and zero points are handled; anything else stops with an error
 * naming the node, so a model this code does not understand is never half-converted.
 */
export function dequantizeDynamicInt8(bytes: Uint8Array): Uint8Array {
  return rewriteOnnxModel(bytes, dequantizeIn).bytes;
}

/** The rewrite on an opened model, in place; throws when there is nothing to convert. */
function dequantizeIn(model: OnnxModel): number {
  const graph = indexGraph(model);
  const removed = new Set<OnnxNode>();
  const newWeights: OnnxTensor[] = [];
  let rewritten = 0;
  for (const node of model.nodes) {
    if (node.domain !== '' || (node.opType !== 'ConvInteger' && node.opType !== 'MatMulInteger')) continue;
    const chain = matchChain(node, graph);
    const weights = dequantizedWeights(chain, graph);
    newWeights.push(weights);
    node.opType = node.opType === 'ConvInteger' ? 'Conv' : 'MatMul';
    node.input = [chain.quantize.input[0]!, weights.name];
    node.output = [chain.scaleMul.output[0]!];
    for (const n of [chain.quantize, chain.cast, chain.scaleMul, chain.scaleProduct]) removed.add(n);
    rewritten++;
  }
  if (rewritten === 0) throw new OnnxModelError('no dynamically quantized node (ConvInteger or MatMulInteger after DynamicQuantizeLinear) was found');
  model.nodes = model.nodes.filter((n) => !removed.has(n));
  assertNothingReadsRemoved(model, removed);
  const read = new Set(model.nodes.flatMap((n) => n.input));
  model.initializers = [...model.initializers, ...newWeights].filter((t) => read.has(t.name));
  return rewritten;
}

interface QuantizedChain {
  readonly node: OnnxNode;
  readonly quantize: OnnxNode;
  readonly cast: OnnxNode;
  readonly scaleMul: OnnxNode;
  readonly scaleProduct: OnnxNode;
  /** Name of the weight scale among the scale product's inputs. */
  readonly weightScale: string;
}

function matchChain(node: OnnxNode, g: GraphIndex): QuantizedChain {
  const fail = (why: string): never => {
    throw new OnnxModelError(
      `${node.opType} node "${node.name || node.output[0]}": ${why}; only onnxruntime quantize_dynamic graphs with per-tensor weights are converted`,
    );
  };
  if (node.input.length !== 4) fail('expected 4 inputs (x, W, x zero point, W zero point)');
  const quantize = g.producer.get(node.input[0]!);
  if (quantize?.opType !== 'DynamicQuantizeLinear' || quantize.output[0] !== node.input[0] || quantize.output[2] !== node.input[2])
    fail('its input is not quantized by DynamicQuantizeLinear');
  const cast = soleConsumer(node.output[0]!, g);
  if (cast?.opType !== 'Cast') fail('its output is not cast to float');
  const scaleMul = soleConsumer(cast!.output[0]!, g);
  if (scaleMul?.opType !== 'Mul' || scaleMul.input.length !== 2) fail('its output is not rescaled by a Mul');
  const scaleName = scaleMul!.input[0] === cast!.output[0] ? scaleMul!.input[1]! : scaleMul!.input[0]!;
  const scaleProduct = g.producer.get(scaleName);
  const activationScale = quantize!.output[1]!;
  if (scaleProduct?.opType !== 'Mul' || !scaleProduct.input.includes(activationScale)) fail('its rescale is not (activation scale × weight scale)');
  const weightScale = scaleProduct!.input.find((name) => name !== activationScale);
  if (!weightScale || !g.initializers.has(weightScale)) fail('its weight scale is not a constant');
  return { node, quantize: quantize!, cast: cast!, scaleMul: scaleMul!, scaleProduct: scaleProduct!, weightScale: weightScale! };
}

function dequantizedWeights(chain: QuantizedChain, g: GraphIndex): OnnxTensor {
  const { node } = chain;
  const weight = g.initializers.get(node.input[1]!);
  const zeroPoint = g.initializers.get(node.input[3]!);
  const scale = g.initializers.get(chain.weightScale)!;
  const where = `${node.opType} node "${node.name || node.output[0]}"`;
  if (!weight || !zeroPoint) throw new OnnxModelError(`${where}: its weights or weight zero point are not constants`);
  const zp = tensorValues(zeroPoint);
  const s = tensorValues(scale);
  if (zp.length !== 1 || s.length !== 1) throw new OnnxModelError(`${where}: per-channel weight quantization is not handled`);
  const values = tensorValues(weight);
  for (let i = 0; i < values.length; i++) values[i] = (values[i]! - zp[0]!) * s[0]!;
  return floatInitializer(`${weight.name}_dequantized`, weight.dims, values);
}

function assertNothingReadsRemoved(model: OnnxModel, removed: ReadonlySet<OnnxNode>): void {
  const produced = new Set(model.nodes.flatMap((n) => n.output));
  const gone = new Set([...removed].flatMap((n) => n.output).filter((name) => !produced.has(name)));
  for (const n of model.nodes) {
    const input = n.input.find((name) => gone.has(name));
    if (input) throw new OnnxModelError(`node "${n.name || n.output[0]}" reads "${input}", an intermediate of the quantized chain; not converted`);
  }
}
