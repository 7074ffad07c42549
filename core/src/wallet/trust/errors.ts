/**
 * Why one list was not used: logged per list and counted by reason (idgate_wallet_trust_list_failures_total);
 * the verifier only ever sees a WALLET_* AppError. `rollback`: a validly signed list older (lower sequence
 * number) than the last good copy; `worker`: the verification thread died, ran out of memory or time.
 */
export type TrustListFailure = 'fetch' | 'malformed' | 'signature' | 'unsupported' | 'rollback' | 'worker';

export class TrustListError extends Error {
  readonly failure: TrustListFailure;
  constructor(failure: TrustListFailure, message: string) {
    super(message);
    this.failure = failure;
    this.name = 'TrustListError';
  }
}
