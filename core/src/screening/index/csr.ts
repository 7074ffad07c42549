import { Growable } from './growable.ts';

type Values = Uint8Array | Uint16Array | Uint32Array | Int32Array;

/** Lists of numbers per item, appended item by item (compressed sparse rows). */
export class CsrBuilder<T extends Values> {
  readonly start = new Growable(Uint32Array);
  readonly values: Growable<T>;

  constructor(ctor: { new (length: number): T }) {
    this.values = new Growable(ctor);
    this.start.push(0);
  }

  push(value: number): void {
    this.values.push(value);
  }

  /** Closes the current item. */
  end(): void {
    this.start.push(this.values.length);
  }

  get items(): number {
    return this.start.length - 1;
  }

  /** The rows of the listed items only, in that order. */
  select(items: ArrayLike<number>, ctor: { new (length: number): T }): { start: Uint32Array; values: T } {
    const start = new Uint32Array(items.length + 1);
    for (let k = 0; k < items.length; k++) start[k + 1] = start[k] + this.start.get(items[k] + 1) - this.start.get(items[k]);
    const values = new ctor(start[items.length]);
    const source = this.values.view();
    for (let k = 0; k < items.length; k++) values.set(source.subarray(this.start.get(items[k]), this.start.get(items[k] + 1)), start[k]);
    return { start, values };
  }
}

/** Interns short strings (datasets, topics, countries) to small integers. */
export class Interner {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();

  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }
}
