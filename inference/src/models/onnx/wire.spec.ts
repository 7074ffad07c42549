import { describe, expect, it } from 'vitest';
import { bytesField, concatBytes, encodeVarint, readFields, readPackedVarints, varintField, WireFormatError, WireType } from './wire.ts';

describe('protobuf wire format', () => {
  it('round-trips varints up to 64 bits, including negative int64 as ten bytes', () => {
    for (const v of [0n, 1n, 127n, 128n, 300n, 2n ** 35n, 2n ** 63n - 1n]) expect(readPackedVarints(encodeVarint(v))).toEqual([v]);
    expect(encodeVarint(-1n)).toHaveLength(10);
    expect(BigInt.asIntN(64, readPackedVarints(encodeVarint(-1n))[0]!)).toBe(-1n);
  });

  it('reads fields in order and keeps each field exactly as encoded', () => {
    const fixed32 = Uint8Array.from([(3 << 3) | WireType.Fixed32, 1, 2, 3, 4]);
    const msg = concatBytes([varintField(1, 150), bytesField(2, Uint8Array.from([9, 8, 7])), fixed32]);
    const fields = readFields(msg);
    expect(fields.map((f) => [f.field, f.wireType])).toEqual([
      [1, WireType.Varint],
      [2, WireType.LengthDelimited],
      [3, WireType.Fixed32],
    ]);
    expect(fields[0]!.varint).toBe(150n);
    expect([...fields[1]!.payload]).toEqual([9, 8, 7]);
    expect([...fields[2]!.payload]).toEqual([1, 2, 3, 4]);
    expect(concatBytes(fields.map((f) => f.encoded))).toEqual(msg);
  });

  it('refuses truncated and malformed input instead of reading past the end', () => {
    const msg = bytesField(2, Uint8Array.from([1, 2, 3]));
    expect(() => readFields(msg.subarray(0, msg.length - 1))).toThrow(WireFormatError);
    expect(() => readFields(Uint8Array.from([0x08, 0x80]))).toThrow(/truncated or overlong varint/);
    expect(() => readFields(Uint8Array.from([(1 << 3) | 3]))).toThrow(/unsupported wire type 3/);
    expect(() => readFields(Uint8Array.from([0x00, 0x01]))).toThrow(/field number 0/);
    expect(() => readFields(Uint8Array.from([(4 << 3) | WireType.Fixed64, 1, 2]))).toThrow(/truncated fixed field/);
  });
});
