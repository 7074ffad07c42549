import { Growable } from './growable.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Many strings in one UTF-8 byte buffer plus offsets: a million ids and display names cost
 * their bytes, not a JS string header each: the index of a whole list must stay lean in memory.
 */
export interface FrozenStringPool {
  bytes: Uint8Array;
  offsets: Uint32Array;
}

export class StringPoolBuilder {
  private bytes = new Uint8Array(1 << 16);
  private used = 0;
  private readonly offsets = new Growable(Uint32Array);

  constructor() {
    this.offsets.push(0);
  }

  get size(): number {
    return this.offsets.length - 1;
  }

  private reserve(extra: number): void {
    if (this.used + extra <= this.bytes.length) return;
    const bigger = new Uint8Array(Math.max(this.used + extra, this.bytes.length * 2));
    bigger.set(this.bytes.subarray(0, this.used));
    this.bytes = bigger;
  }

  add(value: string): number {
    this.reserve(value.length * 3);
    this.used += encoder.encodeInto(value, this.bytes.subarray(this.used)).written;
    this.offsets.push(this.used);
    return this.offsets.length - 2;
  }

  addBytes(value: Uint8Array): number {
    this.reserve(value.length);
    this.bytes.set(value, this.used);
    this.used += value.length;
    this.offsets.push(this.used);
    return this.offsets.length - 2;
  }

  freeze(): FrozenStringPool {
    return { bytes: this.bytes.slice(0, this.used), offsets: this.offsets.toArray() };
  }
}

export function poolString(pool: FrozenStringPool, index: number): string {
  return decoder.decode(pool.bytes.subarray(pool.offsets[index], pool.offsets[index + 1]));
}

/** Keeps only the listed entries, in the given order. */
export function selectStrings(pool: FrozenStringPool, indices: ArrayLike<number>): FrozenStringPool {
  const out = new StringPoolBuilder();
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k];
    out.addBytes(pool.bytes.subarray(pool.offsets[i], pool.offsets[i + 1]));
  }
  return out.freeze();
}
