/**
 * "An outbox event has just committed", inside one process. The session lifecycle notifies after
 * its transaction commits and this process's webhook dispatcher fans out at once instead of at
 * its next poll (a poll interval was the largest part of the delivery lag). Purely a hint:
 * dispatchers in other processes, and this one after a missed signal, still find every event
 * by polling the outbox, so nothing depends on it for correctness.
 */
export class OutboxSignal {
  private readonly listeners = new Set<() => void>();

  /** Returns the function that unsubscribes. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(): void {
    for (const listener of this.listeners) listener();
  }
}
