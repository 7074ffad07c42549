import {
  bytesField,
  concatBytes,
  decodeString,
  floatField,
  readFields,
  readPackedVarints,
  stringField,
  varintField,
  WireFormatError,
  WireType,
  type WireField,
} from './wire.ts';

/**
 * An ONNX model opened for editing its graph: nodes and initializers are decoded, every other
 * field (opset imports, metadata, graph inputs and outputs, attributes, doc strings, fields of
 * newer ONNX versions) is carried as its original bytes. Field numbers are those of onnx/onnx.proto.
 */

const MODEL_GRAPH = 7;
const GRAPH_NODE = 1;
const GRAPH_INITIALIZER = 5;
const GRAPH_OUTPUT = 12;
const GRAPH_VALUE_INFO = 13;
const NODE_INPUT = 1;
const NODE_OUTPUT = 2;
const NODE_NAME = 3;
const NODE_OP_TYPE = 4;
const NODE_ATTRIBUTE = 5;
const NODE_DOMAIN = 7;
const ATTRIBUTE_NAME = 1;
const ATTRIBUTE_FLOAT = 2;
const ATTRIBUTE_INT = 3;
const ATTRIBUTE_STRING = 4;
const ATTRIBUTE_TENSOR = 5;
const ATTRIBUTE_INTS = 8;
const ATTRIBUTE_TYPE = 20;
/** AttributeProto.AttributeType.FLOAT */
const ATTRIBUTE_TYPE_FLOAT = 1;
const TENSOR_DIMS = 1;
const TENSOR_DATA_TYPE = 2;
const TENSOR_FLOAT_DATA = 4;
const TENSOR_INT32_DATA = 5;
const TENSOR_NAME = 8;
const TENSOR_RAW_DATA = 9;
const TENSOR_DATA_LOCATION = 14;
const VALUE_INFO_NAME = 1;

/** TensorProto.DataType values this code reads or writes. */
export const OnnxDataType = { float: 1, uint8: 2, int8: 3 } as const;

export interface OnnxNode {
  opType: string;
  domain: string;
  name: string;
  input: string[];
  output: string[];
  /** Attributes, doc string and anything else, as encoded. */
  readonly otherFields: readonly Uint8Array[];
}

export interface OnnxTensor {
  readonly name: string;
  readonly dims: readonly number[];
  readonly dataType: number;
  /** The tensor as encoded; written back unchanged. */
  readonly encoded: Uint8Array;
  readonly rawData: Uint8Array | undefined;
  readonly floatData: readonly number[];
  readonly int32Data: readonly number[];
  /** Stored outside the model file (data_location = EXTERNAL): its values cannot be read here. */
  readonly external: boolean;
}

export interface OnnxModel {
  nodes: OnnxNode[];
  initializers: OnnxTensor[];
  /** Model fields other than the graph, as encoded. */
  readonly modelFields: readonly WireField[];
  /** Graph fields other than nodes, initializers and value_info, as encoded. */
  readonly graphFields: readonly WireField[];
  /** value_info entries (shape hints for intermediate tensors), by tensor name. */
  readonly valueInfo: readonly { readonly name: string; readonly encoded: Uint8Array }[];
}

export class OnnxModelError extends Error {}

/** Decodes the graph of an ONNX model. Throws OnnxModelError when the bytes are not a model. */
export function parseOnnxModel(bytes: Uint8Array): OnnxModel {
  try {
    const fields = readFields(bytes);
    const graphs = fields.filter((f) => f.field === MODEL_GRAPH && f.wireType === WireType.LengthDelimited);
    if (graphs.length !== 1) throw new OnnxModelError('the file holds no ONNX graph');
    const model: OnnxModel = { nodes: [], initializers: [], modelFields: fields.filter((f) => f.field !== MODEL_GRAPH), graphFields: [], valueInfo: [] };
    const graphFields: WireField[] = [];
    const valueInfo: { name: string; encoded: Uint8Array }[] = [];
    for (const f of readFields(graphs[0]!.payload)) {
      if (f.field === GRAPH_NODE) model.nodes.push(parseNode(f.payload));
      else if (f.field === GRAPH_INITIALIZER) model.initializers.push(parseTensor(f.payload));
      else if (f.field === GRAPH_VALUE_INFO) valueInfo.push({ name: nameOf(f.payload, VALUE_INFO_NAME), encoded: f.encoded });
      else graphFields.push(f);
    }
    return { ...model, graphFields, valueInfo };
  } catch (err) {
    if (err instanceof OnnxModelError) throw err;
    if (err instanceof WireFormatError || err instanceof TypeError) throw new OnnxModelError(`not a readable ONNX model: ${err.message}`);
    throw err;
  }
}

/**
 * Encodes the model back. value_info entries naming tensors that no node reads or writes any
 * more are dropped: a stale shape hint for a removed tensor is at best noise to the runtime.
 */
export function encodeOnnxModel(model: OnnxModel): Uint8Array {
  const live = new Set<string>();
  for (const n of model.nodes) for (const name of [...n.input, ...n.output]) live.add(name);
  const graph = concatBytes([
    ...model.nodes.map((n) => bytesField(GRAPH_NODE, encodeNode(n))),
    ...model.initializers.map((t) => bytesField(GRAPH_INITIALIZER, t.encoded)),
    ...model.graphFields.map((f) => f.encoded),
    ...model.valueInfo.filter((v) => live.has(v.name)).map((v) => v.encoded),
  ]);
  return concatBytes([...model.modelFields.map((f) => f.encoded), bytesField(MODEL_GRAPH, graph)]);
}

/**
 * Opens a model once, applies in-place rewrites in order (each returns how many places it
 * changed) and encodes it once; the very same bytes come back when nothing changed.
 */
export function rewriteOnnxModel(bytes: Uint8Array, ...rewrites: ReadonlyArray<(model: OnnxModel) => number>): { bytes: Uint8Array; changes: number } {
  const model = parseOnnxModel(bytes);
  let changes = 0;
  for (const rewrite of rewrites) changes += rewrite(model);
  return changes === 0 ? { bytes, changes } : { bytes: encodeOnnxModel(model), changes };
}

function parseNode(payload: Uint8Array): OnnxNode {
  const node: OnnxNode = { opType: '', domain: '', name: '', input: [], output: [], otherFields: [] };
  const others: Uint8Array[] = [];
  for (const f of readFields(payload)) {
    if (f.field === NODE_INPUT) node.input.push(decodeString(f.payload));
    else if (f.field === NODE_OUTPUT) node.output.push(decodeString(f.payload));
    else if (f.field === NODE_NAME) node.name = decodeString(f.payload);
    else if (f.field === NODE_OP_TYPE) node.opType = decodeString(f.payload);
    else if (f.field === NODE_DOMAIN) node.domain = decodeString(f.payload);
    else others.push(f.encoded);
  }
  return { ...node, otherFields: others };
}

function encodeNode(n: OnnxNode): Uint8Array {
  return concatBytes([
    ...n.input.map((name) => stringField(NODE_INPUT, name)),
    ...n.output.map((name) => stringField(NODE_OUTPUT, name)),
    ...(n.name ? [stringField(NODE_NAME, n.name)] : []),
    stringField(NODE_OP_TYPE, n.opType),
    ...n.otherFields,
    ...(n.domain ? [stringField(NODE_DOMAIN, n.domain)] : []),
  ]);
}

function parseTensor(payload: Uint8Array): OnnxTensor {
  let name = '';
  let dataType = 0;
  let rawData: Uint8Array | undefined;
  let external = false;
  const dims: number[] = [];
  const floatData: number[] = [];
  const int32Data: number[] = [];
  for (const f of readFields(payload)) {
    if (f.field === TENSOR_NAME) name = decodeString(f.payload);
    else if (f.field === TENSOR_DATA_TYPE) dataType = Number(f.varint);
    else if (f.field === TENSOR_RAW_DATA) rawData = f.payload;
    else if (f.field === TENSOR_DATA_LOCATION) external = f.varint === 1n;
    else if (f.field === TENSOR_DIMS) dims.push(...varints(f).map((v) => Number(BigInt.asIntN(64, v))));
    else if (f.field === TENSOR_INT32_DATA) int32Data.push(...varints(f).map((v) => Number(BigInt.asIntN(32, v))));
    else if (f.field === TENSOR_FLOAT_DATA) floatData.push(...floats(f));
  }
  return { name, dims, dataType, encoded: payload, rawData, floatData, int32Data, external };
}

/** One attribute of a node, with the values the model rewrites read. */
export interface OnnxAttribute {
  readonly name: string;
  readonly float?: number;
  readonly int?: number;
  readonly ints: readonly number[];
  readonly string?: string;
  readonly tensor?: OnnxTensor;
}

/** The attributes of a node, by name. */
export function nodeAttributes(node: OnnxNode): Map<string, OnnxAttribute> {
  const attributes = new Map<string, OnnxAttribute>();
  for (const encoded of node.otherFields) {
    const [field] = readFields(encoded);
    if (field?.field !== NODE_ATTRIBUTE) continue;
    let name = '';
    let float: number | undefined;
    let int: number | undefined;
    let string: string | undefined;
    let tensor: OnnxTensor | undefined;
    const ints: number[] = [];
    for (const f of readFields(field.payload)) {
      if (f.field === ATTRIBUTE_NAME) name = decodeString(f.payload);
      else if (f.field === ATTRIBUTE_FLOAT && f.payload.length === 4) float = new DataView(f.payload.buffer, f.payload.byteOffset, 4).getFloat32(0, true);
      else if (f.field === ATTRIBUTE_INT) int = Number(BigInt.asIntN(64, f.varint));
      else if (f.field === ATTRIBUTE_STRING) string = decodeString(f.payload);
      else if (f.field === ATTRIBUTE_INTS) ints.push(...varints(f).map((v) => Number(BigInt.asIntN(64, v))));
      else if (f.field === ATTRIBUTE_TENSOR) tensor = parseTensor(f.payload);
    }
    attributes.set(name, { name, float, int, ints, string, tensor });
  }
  return attributes;
}

/** A float attribute, encoded as a node field (for OnnxNode.otherFields). */
export function floatAttribute(name: string, value: number): Uint8Array {
  return bytesField(
    NODE_ATTRIBUTE,
    concatBytes([stringField(ATTRIBUTE_NAME, name), floatField(ATTRIBUTE_FLOAT, value), varintField(ATTRIBUTE_TYPE, ATTRIBUTE_TYPE_FLOAT)]),
  );
}

/** Names of the graph's outputs. */
export function graphOutputNames(model: OnnxModel): Set<string> {
  return new Set(model.graphFields.filter((f) => f.field === GRAPH_OUTPUT).map((f) => nameOf(f.payload, VALUE_INFO_NAME)));
}

/** A new float32 initializer. */
export function floatInitializer(name: string, dims: readonly number[], values: Float32Array): OnnxTensor {
  // ONNX raw_data is little-endian whatever the host's byte order.
  const raw = new Uint8Array(values.length * 4);
  const view = new DataView(raw.buffer);
  for (let i = 0; i < values.length; i++) view.setFloat32(i * 4, values[i]!, true);
  const encoded = concatBytes([
    ...dims.map((d) => varintField(TENSOR_DIMS, d)),
    varintField(TENSOR_DATA_TYPE, OnnxDataType.float),
    stringField(TENSOR_NAME, name),
    bytesField(TENSOR_RAW_DATA, raw),
  ]);
  return { name, dims, dataType: OnnxDataType.float, encoded, rawData: raw, floatData: [], int32Data: [], external: false };
}

/** The values of a float32, uint8 or int8 initializer, in order. */
export function tensorValues(t: OnnxTensor): Float32Array {
  const count = t.dims.reduce((a, b) => a * b, 1);
  if (t.external) throw new OnnxModelError(`initializer "${t.name}" is stored outside the model file`);
  const out = new Float32Array(count);
  const raw = t.rawData;
  if (t.dataType === OnnxDataType.float) {
    if (raw) {
      if (raw.length !== count * 4) throw new OnnxModelError(`initializer "${t.name}" holds ${raw.length} bytes for ${count} floats`);
      const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
      for (let i = 0; i < count; i++) out[i] = view.getFloat32(i * 4, true);
    } else copyValues(t, t.floatData, out);
  } else if (t.dataType === OnnxDataType.uint8 || t.dataType === OnnxDataType.int8) {
    const signed = t.dataType === OnnxDataType.int8;
    if (raw) {
      if (raw.length !== count) throw new OnnxModelError(`initializer "${t.name}" holds ${raw.length} bytes for ${count} values`);
      for (let i = 0; i < count; i++) out[i] = signed ? (raw[i]! << 24) >> 24 : raw[i]!;
    } else copyValues(t, t.int32Data, out);
  } else {
    throw new OnnxModelError(`initializer "${t.name}" has data type ${t.dataType}; only float32, uint8 and int8 are read`);
  }
  return out;
}

function copyValues(t: OnnxTensor, values: readonly number[], out: Float32Array): void {
  if (values.length !== out.length) throw new OnnxModelError(`initializer "${t.name}" holds ${values.length} values for ${out.length}`);
  out.set(values);
}

function varints(f: WireField): bigint[] {
  return f.wireType === WireType.LengthDelimited ? readPackedVarints(f.payload) : [f.varint];
}

function floats(f: WireField): number[] {
  const view = new DataView(f.payload.buffer, f.payload.byteOffset, f.payload.byteLength);
  const out: number[] = [];
  for (let i = 0; i + 4 <= f.payload.length; i += 4) out.push(view.getFloat32(i, true));
  return out;
}

function nameOf(payload: Uint8Array, field: number): string {
  const f = readFields(payload).find((x) => x.field === field);
  return f ? decodeString(f.payload) : '';
}
