import { indexGraph, scalarConstant, soleConsumer, withoutUnreadConstants, type GraphIndex } from './graph-index.ts';
import { floatAttribute, graphOutputNames, nodeAttributes, rewriteOnnxModel, type OnnxModel, type OnnxNode } from './model.ts';

/**
 * Rewrites hard-swish activations that an exporter spelled out as four elementwise operators,
 *   y = x · clip(x + 3, 0, 6) / 6            (Add → Clip → Mul → Div, as paddle2onnx writes them)
 * into the two operators onnxruntime has single kernels for,
 *   y = x · HardSigmoid(x; alpha = 1/6, beta = 1/2)
 * which is the same function (clip(x + 3, 0, 6) / 6 = clip(x / 6 + 1/2, 0, 1)).
 *
 * Why: the PP-OCRv4 detector and recogniser that read documents hold 24 and 28 of these chains.
 * Each of the four operators is a full pass over a feature map, and the maps of a 960-pixel page
 * or a 1,200-pixel text line are large, so the elementwise passes cost about as much as the
 * convolutions (onnxruntime's profile of one 48×1200 line: Conv 53 ms, Mul/Add/Clip/Div 84 ms).
 * Two passes instead of four keep the outputs within float rounding (hard-swish.spec.ts) and cut
 * the document read's model time (bench/document-read).
 *
 * Only a chain whose intermediates are read by nothing else is rewritten, and only with the exact
 * constants 3, 0, 6 and 6; a model without such chains comes back unchanged, with `fused: 0`.
 * Throws OnnxModelError when the bytes are not a model.
 */
export function fuseHardSwish(bytes: Uint8Array): { bytes: Uint8Array; fused: number } {
  const result = rewriteOnnxModel(bytes, fuseHardSwishIn);
  return { bytes: result.bytes, fused: result.changes };
}

/** fuseHardSwish on an opened model, edited in place (to chain rewrites without re-encoding). */
export function fuseHardSwishIn(model: OnnxModel): number {
  const graph = indexGraph(model);
  const outputs = graphOutputNames(model);
  const chains = model.nodes.flatMap((node) => {
    const chain = node.opType === 'Add' && node.domain === '' ? matchChain(node, graph) : undefined;
    // An intermediate that is also a graph output must keep being computed.
    return chain && ![chain.add, chain.clip, chain.mul].some((n) => outputs.has(n.output[0]!)) ? [chain] : [];
  });
  if (chains.length === 0) return 0;
  const removed = new Set<OnnxNode>();
  const hardSigmoids = new Map<OnnxNode, OnnxNode>();
  for (const { add, clip, mul, div, x } of chains) {
    const gate = `${clip.output[0]}_hardsigmoid`;
    hardSigmoids.set(mul, {
      opType: 'HardSigmoid',
      domain: '',
      name: gate,
      input: [x],
      output: [gate],
      otherFields: [floatAttribute('alpha', 1 / 6), floatAttribute('beta', 0.5)],
    });
    mul.input = [x, gate];
    mul.output = [div.output[0]!];
    for (const n of [add, clip, div]) removed.add(n);
  }
  // Each HardSigmoid goes right before the Mul that reads it, so the node list stays in
  // topological order (x is produced before the Add it replaces, which came before this Mul).
  model.nodes = model.nodes.flatMap((n) => (removed.has(n) ? [] : hardSigmoids.has(n) ? [hardSigmoids.get(n)!, n] : [n]));
  model.nodes = withoutUnreadConstants(model.nodes, outputs);
  return chains.length;
}

interface HardSwishChain {
  readonly add: OnnxNode;
  readonly clip: OnnxNode;
  readonly mul: OnnxNode;
  readonly div: OnnxNode;
  /** The activation's input. */
  readonly x: string;
}

function matchChain(add: OnnxNode, g: GraphIndex): HardSwishChain | undefined {
  if (add.input.length !== 2) return undefined;
  const x = add.input.find((name) => scalarConstant(name, g) !== 3);
  if (x === undefined || !add.input.some((name) => name !== x && scalarConstant(name, g) === 3)) return undefined;
  const clip = soleConsumer(add.output[0]!, g);
  if (clip?.opType !== 'Clip' || clip.domain !== '' || clip.input[0] !== add.output[0]) return undefined;
  const [min, max] = clipBounds(clip, g);
  if (min !== 0 || max !== 6) return undefined;
  const mul = soleConsumer(clip.output[0]!, g);
  if (mul?.opType !== 'Mul' || mul.domain !== '' || mul.input.length !== 2 || !mul.input.includes(x) || !mul.input.includes(clip.output[0]!)) return undefined;
  const div = soleConsumer(mul.output[0]!, g);
  if (div?.opType !== 'Div' || div.domain !== '' || div.input[0] !== mul.output[0] || scalarConstant(div.input[1]!, g) !== 6) return undefined;
  return { add, clip, mul, div, x };
}

/** Clip's bounds: inputs 2 and 3 from opset 11, attributes `min` and `max` before. */
function clipBounds(clip: OnnxNode, g: GraphIndex): [number | undefined, number | undefined] {
  if (clip.input.length > 1) return [scalarConstant(clip.input[1]!, g), scalarConstant(clip.input[2] ?? '', g)];
  const attributes = nodeAttributes(clip);
  return [attributes.get('min')?.float, attributes.get('max')?.float];
}
