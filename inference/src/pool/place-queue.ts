/**
 * The places a pool's workers offer (pool size × tasks per worker) and the callers waiting for
 * one, first come first served. A caller who gives up while waiting leaves the line at once.
 *
 * Why not Piscina's own queue: a queued Piscina task can only be taken back when it carries an
 * AbortSignal, and Piscina never lets a task with a signal share a worker (aborting it terminates
 * the whole thread). So the pool hands Piscina no more tasks than there are places, without
 * signals, and keeps the waiting line here.
 */
export class PlaceQueue {
  readonly places: number;
  #free: number;
  readonly #waiting: Array<{ grant: () => void; refuse: (reason: Error) => void }> = [];

  constructor(places: number) {
    this.places = places;
    this.#free = places;
  }

  /** Callers waiting for a place. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Places in use. */
  get taken(): number {
    return this.places - this.#free;
  }

  /**
   * Resolves once the caller holds a place (to hand back with give()); rejects with an AbortError,
   * holding nothing, when `signal` aborts first.
   */
  take(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortError());
    if (this.#free > 0 && this.#waiting.length === 0) {
      this.#free--;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const entry = {
        grant: () => {
          signal?.removeEventListener('abort', leave);
          resolve();
        },
        refuse: (reason: Error) => {
          signal?.removeEventListener('abort', leave);
          reject(reason);
        },
      };
      const leave = () => {
        const at = this.#waiting.indexOf(entry);
        if (at >= 0) this.#waiting.splice(at, 1);
        reject(abortError());
      };
      signal?.addEventListener('abort', leave, { once: true });
      this.#waiting.push(entry);
    });
  }

  /** Hands a place back: to the first caller waiting, or to the free places. */
  give(): void {
    const next = this.#waiting.shift();
    if (next) next.grant();
    else this.#free++;
  }

  /** Turns every caller waiting away now (their take() rejects with `reason`); places in use stay taken. */
  refuseWaiting(reason: () => Error): void {
    for (const waiting of this.#waiting.splice(0)) waiting.refuse(reason());
  }
}

const abortError = () => new DOMException('The caller stopped waiting', 'AbortError');
