/**
 * The protobuf wire format, just enough to edit an ONNX model without a schema: a message is read
 * as a list of fields, each kept with its exact bytes, so whatever this code does not touch is
 * written back unchanged (unknown and future ONNX fields included). Only the fields a model
 * transform rewrites are decoded.
 */

export const WireType = { Varint: 0, Fixed64: 1, LengthDelimited: 2, Fixed32: 5 } as const;
export type WireType = (typeof WireType)[keyof typeof WireType];

export interface WireField {
  readonly field: number;
  readonly wireType: WireType;
  /** The whole field as encoded: tag and value. Written back as is when the field is kept. */
  readonly encoded: Uint8Array;
  /** The payload: the bytes of a length-delimited field, the raw 4 or 8 bytes of a fixed field. */
  readonly payload: Uint8Array;
  /** The value of a varint field. */
  readonly varint: bigint;
}

export class WireFormatError extends Error {}

/** Reads every top-level field of one message. Throws WireFormatError on malformed bytes. */
export function readFields(buf: Uint8Array): WireField[] {
  const fields: WireField[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const start = pos;
    const [tag, afterTag] = readVarint(buf, pos);
    pos = afterTag;
    const field = Number(tag >> 3n);
    const wireType = Number(tag & 7n) as WireType;
    if (field === 0) throw new WireFormatError(`field number 0 at byte ${start}`);
    let payload: Uint8Array;
    let varint = 0n;
    switch (wireType) {
      case WireType.Varint: {
        const [value, next] = readVarint(buf, pos);
        varint = value;
        payload = buf.subarray(pos, next);
        pos = next;
        break;
      }
      case WireType.Fixed64:
      case WireType.Fixed32: {
        const size = wireType === WireType.Fixed64 ? 8 : 4;
        if (pos + size > buf.length) throw new WireFormatError(`truncated fixed field ${field} at byte ${start}`);
        payload = buf.subarray(pos, pos + size);
        pos += size;
        break;
      }
      case WireType.LengthDelimited: {
        const [length, next] = readVarint(buf, pos);
        const end = next + Number(length);
        if (end > buf.length) throw new WireFormatError(`field ${field} at byte ${start} runs past the end`);
        payload = buf.subarray(next, end);
        pos = end;
        break;
      }
      default:
        throw new WireFormatError(`unsupported wire type ${String(wireType)} for field ${field} at byte ${start}`);
    }
    fields.push({ field, wireType, encoded: buf.subarray(start, pos), payload, varint });
  }
  return fields;
}

function readVarint(buf: Uint8Array, start: number): [bigint, number] {
  let value = 0n;
  let shift = 0n;
  for (let pos = start; pos < buf.length && shift < 70n; pos++) {
    const byte = buf[pos]!;
    value |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return [value, pos + 1];
    shift += 7n;
  }
  throw new WireFormatError(`truncated or overlong varint at byte ${start}`);
}

/** Reads a packed repeated varint payload (or a single unpacked value's payload). */
export function readPackedVarints(payload: Uint8Array): bigint[] {
  const values: bigint[] = [];
  for (let pos = 0; pos < payload.length;) {
    const [value, next] = readVarint(payload, pos);
    values.push(value);
    pos = next;
  }
  return values;
}

export function encodeVarint(value: bigint | number): Uint8Array {
  let v = BigInt.asUintN(64, BigInt(value));
  const bytes: number[] = [];
  do {
    const low = Number(v & 0x7fn);
    v >>= 7n;
    bytes.push(v === 0n ? low : low | 0x80);
  } while (v !== 0n);
  return Uint8Array.from(bytes);
}

export function varintField(field: number, value: bigint | number): Uint8Array {
  return concatBytes([encodeVarint((field << 3) | WireType.Varint), encodeVarint(value)]);
}

export function bytesField(field: number, payload: Uint8Array): Uint8Array {
  return concatBytes([encodeVarint((field << 3) | WireType.LengthDelimited), encodeVarint(payload.length), payload]);
}

/** A float field (wire type fixed32, little-endian), as ONNX's AttributeProto.f. */
export function floatField(field: number, value: number): Uint8Array {
  const payload = new Uint8Array(4);
  new DataView(payload.buffer).setFloat32(0, value, true);
  return concatBytes([encodeVarint((field << 3) | WireType.Fixed32), payload]);
}

export function stringField(field: number, value: string): Uint8Array {
  return bytesField(field, new TextEncoder().encode(value));
}

export function decodeString(payload: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: true }).decode(payload);
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
