type TypedArray = Uint8Array | Uint16Array | Uint32Array | Int32Array;
type TypedArrayCtor<T extends TypedArray> = { new (length: number): T };

/** An append-only typed array that doubles its buffer; `toArray()` returns a trimmed copy. */
export class Growable<T extends TypedArray> {
  private data: T;
  private readonly ctor: TypedArrayCtor<T>;
  length = 0;

  constructor(ctor: TypedArrayCtor<T>, initial = 1024) {
    this.ctor = ctor;
    this.data = new ctor(initial);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new this.ctor(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  get(index: number): number {
    return this.data[index];
  }

  /** The live part without copying; valid until the next push. */
  view(): T {
    return this.data.subarray(0, this.length) as T;
  }

  toArray(): T {
    return this.data.slice(0, this.length) as T;
  }
}
