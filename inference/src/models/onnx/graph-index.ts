import { nodeAttributes, OnnxModelError, tensorValues, type OnnxModel, type OnnxNode, type OnnxTensor } from './model.ts';

/** Who produces and who reads each tensor of a graph, for the pattern matching of model rewrites. */
export interface GraphIndex {
  readonly producer: ReadonlyMap<string, OnnxNode>;
  readonly consumers: ReadonlyMap<string, readonly OnnxNode[]>;
  readonly initializers: ReadonlyMap<string, OnnxTensor>;
}

export function indexGraph(model: OnnxModel): GraphIndex {
  const producer = new Map<string, OnnxNode>();
  const consumers = new Map<string, OnnxNode[]>();
  for (const n of model.nodes) {
    for (const out of n.output) producer.set(out, n);
    for (const input of n.input) {
      const list = consumers.get(input) ?? [];
      list.push(n);
      consumers.set(input, list);
    }
  }
  return { producer, consumers, initializers: new Map(model.initializers.map((t) => [t.name, t])) };
}

/** The one node reading `tensor`, or undefined when none or several do. */
export function soleConsumer(tensor: string, g: GraphIndex): OnnxNode | undefined {
  const list = g.consumers.get(tensor);
  return list?.length === 1 ? list[0] : undefined;
}

/** The tensor behind a constant input: an initializer or the value of a Constant node. */
export function constantTensor(name: string, g: GraphIndex): OnnxTensor | undefined {
  const initializer = g.initializers.get(name);
  if (initializer) return initializer;
  const producer = g.producer.get(name);
  return producer?.opType === 'Constant' && producer.domain === '' ? nodeAttributes(producer).get('value')?.tensor : undefined;
}

/** The values of a float (or 8-bit) constant input, or undefined when the input is not one. */
export function constantValues(name: string, g: GraphIndex): Float32Array | undefined {
  const producer = g.producer.get(name);
  if (producer?.opType === 'Constant' && producer.domain === '') {
    const valueFloat = nodeAttributes(producer).get('value_float')?.float;
    if (valueFloat !== undefined) return Float32Array.of(valueFloat);
  }
  const tensor = name ? constantTensor(name, g) : undefined;
  if (!tensor) return undefined;
  try {
    return tensorValues(tensor);
  } catch (err) {
    if (err instanceof OnnxModelError) return undefined; // another data type: not a value we fold
    throw err;
  }
}

/** The value of a one-element float constant input, else undefined. */
export function scalarConstant(name: string, g: GraphIndex): number | undefined {
  const values = constantValues(name, g);
  return values?.length === 1 ? values[0] : undefined;
}

/** The nodes without the Constant nodes whose output nothing reads any more. */
export function withoutUnreadConstants(nodes: readonly OnnxNode[], graphOutputs: ReadonlySet<string>): OnnxNode[] {
  const read = new Set([...nodes.flatMap((n) => n.input), ...graphOutputs]);
  return nodes.filter((n) => n.opType !== 'Constant' || n.output.some((name) => read.has(name)));
}
