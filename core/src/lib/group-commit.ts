/**
 * Group commit for hot single-row statements: calls made while the event loop is busy with
 * other requests are gathered and run as ONE statement (a multi-row INSERT, an UPDATE ... FROM
 * VALUES), then each caller gets its own answer. Under load this turns N round trips, N commits
 * and N socket writes into one of each, which is where the verification API spent its time
 * (pg submits were the largest item in the profile); alone, a call waits one turn of the loop.
 *
 * A batch waits for nothing but the current turn of the event loop (setImmediate), so an idle
 * service adds no latency, and it is capped at `maxBatch` items.
 */
export class GroupCommit<In, Out> {
  private queue: { item: In; resolve: (out: Out) => void; reject: (err: unknown) => void }[] = [];
  private scheduled = false;
  private readonly run: (items: In[]) => Promise<Out[]>;
  private readonly maxBatch: number;

  /** `run` gets the items in call order and answers one result per item, in the same order. */
  constructor(run: (items: In[]) => Promise<Out[]>, opts: { maxBatch: number }) {
    this.run = run;
    this.maxBatch = opts.maxBatch;
  }

  submit(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.queue.length >= this.maxBatch) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.queue.splice(0, this.maxBatch);
    if (this.queue.length > 0 && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    if (batch.length === 0) return;
    this.run(batch.map((b) => b.item)).then(
      (outs) => batch.forEach((b, i) => b.resolve(outs[i])),
      (err: unknown) => batch.forEach((b) => b.reject(err)),
    );
  }
}
