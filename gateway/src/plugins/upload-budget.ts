/** The four in-flight limits of image requests (UPLOAD_* settings, docs/configuration.md). */
export interface UploadLimits {
  /** Requests one client may have in flight (UPLOAD_CLIENT_MAX_IN_FLIGHT). */
  clientMaxInFlight: number;
  /** Body bytes one client may have in flight (UPLOAD_CLIENT_MAX_BYTES_IN_FLIGHT). */
  clientMaxBytes: number;
  /** Requests the process holds, all clients together (UPLOAD_MAX_IN_FLIGHT). */
  processMaxInFlight: number;
  /** Body bytes the process holds, all clients together (UPLOAD_MAX_BYTES_IN_FLIGHT). */
  processMaxBytes: number;
}

/** Which limit refused a request: the name the warn line and the metric carry. */
export type UploadLimitName = 'client_in_flight' | 'client_bytes' | 'process_in_flight' | 'process_bytes';

export type Admission =
  | { readonly admitted: true; readonly release: () => void }
  | { readonly admitted: false; readonly limit: UploadLimitName; readonly max: number; readonly current: number };

interface Held {
  requests: number;
  bytes: number;
}

/**
 * What image requests this process holds in flight, per client and in all, and whether one more
 * fits. Held in memory, per process, on purpose: the budgets bound this process's memory, which
 * a counter shared through Redis would not. A client's limits are checked first, so one client
 * over its share is told so (429) and does not use up the budget of the others (503).
 */
export class UploadBudget {
  private readonly limits: UploadLimits;
  private readonly total: Held = { requests: 0, bytes: 0 };
  private readonly clients = new Map<string, Held>();

  constructor(limits: UploadLimits) {
    this.limits = limits;
  }

  /**
   * Reserves `bytes` for one request of `client`, or says which limit it would pass. The caller
   * must call `release` exactly once when the request is over (further calls do nothing).
   */
  admit(client: string, bytes: number): Admission {
    const mine = this.clients.get(client) ?? { requests: 0, bytes: 0 };
    const l = this.limits;
    if (mine.requests + 1 > l.clientMaxInFlight) return refused('client_in_flight', l.clientMaxInFlight, mine.requests);
    if (mine.bytes + bytes > l.clientMaxBytes) return refused('client_bytes', l.clientMaxBytes, mine.bytes);
    if (this.total.requests + 1 > l.processMaxInFlight) return refused('process_in_flight', l.processMaxInFlight, this.total.requests);
    if (this.total.bytes + bytes > l.processMaxBytes) return refused('process_bytes', l.processMaxBytes, this.total.bytes);
    mine.requests += 1;
    mine.bytes += bytes;
    this.total.requests += 1;
    this.total.bytes += bytes;
    this.clients.set(client, mine);
    let released = false;
    return {
      admitted: true,
      release: () => {
        if (released) return;
        released = true;
        mine.requests -= 1;
        mine.bytes -= bytes;
        this.total.requests -= 1;
        this.total.bytes -= bytes;
        // Only clients with something in flight are kept: the map stays as small as the traffic.
        if (mine.requests === 0) this.clients.delete(client);
      },
    };
  }

  /** What is held now (metrics, tests). */
  held(): { requests: number; bytes: number; clients: number } {
    return { ...this.total, clients: this.clients.size };
  }
}

function refused(limit: UploadLimitName, max: number, current: number): Admission {
  return { admitted: false, limit, max, current };
}
