import { constantTensor, constantValues, indexGraph, scalarConstant, soleConsumer, withoutUnreadConstants, type GraphIndex } from './graph-index.ts';
import { floatInitializer, graphOutputNames, nodeAttributes, rewriteOnnxModel, type OnnxModel, type OnnxNode } from './model.ts';

/**
 * Folds per-tensor affine steps, y = s·x + t (a Mul by a one-element constant, an Add of one, or
 * both), into the weights and bias of a neighbouring convolution:
 *   right after a Conv:                s·(W∗x + b) + t = (s·W)∗x + (s·b + t)
 *   right before a Conv with no padding: W∗(s·x + t) + b = (s·W)∗x + (b + t·ΣW)
 * Both identities are exact up to float rounding. A padded Conv is left alone: its zero padding
 * applies to s·x + t, and folding would change the border.
 *
 * Why: PP-LCNetV3, the backbone of the PP-OCRv4 detector and recogniser, puts a "learnable affine
 * block" (a scalar scale and shift) after every convolution and after every activation. Exported
 * to ONNX each is a Mul and an Add over a whole feature map that onnxruntime runs as two more
 * passes (it fuses per-channel constants into a Conv, not these one-element ones). About a quarter
 * of the recogniser's time on a 1,200-pixel MRZ line went to them.
 *
 * Only steps whose intermediates feed nothing else (and are not graph outputs) are folded; a model
 * without such steps comes back unchanged, with `folded: 0`. Throws OnnxModelError when the bytes
 * are not a model.
 */
export function foldScalarAffine(bytes: Uint8Array): { bytes: Uint8Array; folded: number } {
  const result = rewriteOnnxModel(bytes, foldScalarAffineIn);
  return { bytes: result.bytes, folded: result.changes };
}

/** foldScalarAffine on an opened model, edited in place (to chain rewrites without re-encoding). */
export function foldScalarAffineIn(model: OnnxModel): number {
  const outputs = graphOutputNames(model);
  // The second pass can fold into a Conv the first pass has already given new parameters.
  const folded = foldAfterConvs(model, outputs) + foldBeforeConvs(model, outputs);
  if (folded === 0) return 0;
  model.nodes = withoutUnreadConstants(model.nodes, outputs);
  const read = new Set(model.nodes.flatMap((n) => n.input));
  model.initializers = model.initializers.filter((t) => read.has(t.name));
  return folded;
}

/** A run of Mul-by-scalar and/or Add-scalar nodes: y = scale·x + shift. */
interface AffineSteps {
  readonly nodes: readonly OnnxNode[];
  /** The tensor the steps read. */
  readonly input: string;
  /** The tensor the last step writes. */
  readonly output: string;
  readonly scale: number;
  readonly shift: number;
}

interface ConvParameters {
  readonly weight: Float32Array;
  readonly weightDims: readonly number[];
  readonly bias: Float32Array;
}

function foldAfterConvs(model: OnnxModel, outputs: ReadonlySet<string>): number {
  const g = indexGraph(model);
  const removed = new Set<OnnxNode>();
  let folded = 0;
  for (const conv of model.nodes) {
    if (!isConv(conv) || outputs.has(conv.output[0]!)) continue;
    const first = soleConsumer(conv.output[0]!, g);
    const steps = first && affineStepsFrom(first, conv.output[0]!, g, outputs);
    const params = steps && convParameters(conv, g);
    if (!steps || !params) continue;
    const weight = params.weight.map((w) => w * steps.scale);
    const bias = params.bias.map((b) => b * steps.scale + steps.shift);
    setConvParameters(model, conv, weight, params.weightDims, bias);
    conv.output = [steps.output];
    for (const n of steps.nodes) removed.add(n);
    folded++;
  }
  model.nodes = model.nodes.filter((n) => !removed.has(n));
  return folded;
}

function foldBeforeConvs(model: OnnxModel, outputs: ReadonlySet<string>): number {
  const g = indexGraph(model);
  const removed = new Set<OnnxNode>();
  let folded = 0;
  for (const first of model.nodes) {
    if (removed.has(first) || (first.opType !== 'Mul' && first.opType !== 'Add')) continue;
    const input = first.input.find((name) => scalarOperand(name, g) === undefined);
    const steps = input !== undefined ? affineStepsFrom(first, input, g, outputs) : undefined;
    const conv = steps && soleConsumer(steps.output, g);
    if (!steps || !conv || !isConv(conv) || conv.input[0] !== steps.output || !unpadded(conv)) continue;
    const params = convParameters(conv, g);
    if (!params) continue;
    const perOutput = params.weight.length / params.bias.length;
    const weight = params.weight.map((w) => w * steps.scale);
    const bias = params.bias.map((b, o) => b + steps.shift * sum(params.weight.subarray(o * perOutput, (o + 1) * perOutput)));
    setConvParameters(model, conv, weight, params.weightDims, bias);
    conv.input[0] = steps.input;
    for (const n of steps.nodes) removed.add(n);
    folded++;
  }
  model.nodes = model.nodes.filter((n) => !removed.has(n));
  return folded;
}

/**
 * The affine steps starting at `first` (which reads `input`): a Mul by a scalar, optionally then
 * an Add of one, or a lone Add. Undefined when `first` is not such a step.
 */
function affineStepsFrom(first: OnnxNode, input: string, g: GraphIndex, outputs: ReadonlySet<string>): AffineSteps | undefined {
  const operand = (node: OnnxNode, kind: 'Mul' | 'Add', from: string) =>
    isBinary(node, kind) && node.input.includes(from) ? scalarOperand(node.input.find((name) => name !== from) ?? '', g) : undefined;
  const scale = operand(first, 'Mul', input);
  if (scale === undefined) {
    const shift = operand(first, 'Add', input);
    return shift === undefined ? undefined : { nodes: [first], input, output: first.output[0]!, scale: 1, shift };
  }
  const next = outputs.has(first.output[0]!) ? undefined : soleConsumer(first.output[0]!, g);
  const shift = next && operand(next, 'Add', first.output[0]!);
  if (shift === undefined) return { nodes: [first], input, output: first.output[0]!, scale, shift: 0 };
  return { nodes: [first, next!], input, output: next!.output[0]!, scale, shift };
}

function isBinary(node: OnnxNode, opType: 'Mul' | 'Add'): boolean {
  return node.opType === opType && node.domain === '' && node.input.length === 2 && node.input[0] !== node.input[1];
}

/** A one-element constant of rank 0 or 1 (so broadcasting it leaves the other operand's shape). */
function scalarOperand(name: string, g: GraphIndex): number | undefined {
  const tensor = name ? constantTensor(name, g) : undefined;
  if (tensor && (tensor.dims.length > 1 || tensor.dims.reduce((a, b) => a * b, 1) !== 1)) return undefined;
  return scalarConstant(name, g);
}

function isConv(node: OnnxNode): boolean {
  return node.opType === 'Conv' && node.domain === '' && node.input.length >= 2;
}

function unpadded(conv: OnnxNode): boolean {
  const attributes = nodeAttributes(conv);
  const autoPad = attributes.get('auto_pad')?.string ?? 'NOTSET';
  return (autoPad === 'NOTSET' || autoPad === 'VALID') && (attributes.get('pads')?.ints ?? []).every((p) => p === 0);
}

/** The Conv's constant weights and bias (zeros when it has none); undefined when not constant. */
function convParameters(conv: OnnxNode, g: GraphIndex): ConvParameters | undefined {
  const weightTensor = constantTensor(conv.input[1]!, g);
  const weight = constantValues(conv.input[1]!, g);
  if (!weightTensor || !weight || weightTensor.dims.length < 3) return undefined;
  const outChannels = weightTensor.dims[0]!;
  const bias = conv.input[2] ? constantValues(conv.input[2], g) : new Float32Array(outChannels);
  if (!bias || bias.length !== outChannels || weight.length % outChannels !== 0) return undefined;
  return { weight, weightDims: weightTensor.dims, bias };
}

/** Gives the Conv new weight and bias initializers (the old ones may be shared with other nodes). */
function setConvParameters(model: OnnxModel, conv: OnnxNode, weight: Float32Array, dims: readonly number[], bias: Float32Array): void {
  const prefix = `${conv.output[0]}_folded${model.initializers.length}`;
  const w = floatInitializer(`${prefix}_w`, dims, weight);
  const b = floatInitializer(`${prefix}_b`, [bias.length], bias);
  model.initializers.push(w, b);
  conv.input = [conv.input[0]!, w.name, b.name];
}

function sum(values: Float32Array): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}
