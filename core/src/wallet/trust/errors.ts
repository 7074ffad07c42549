/** Why one list was not used: logged per list; the verifier only ever sees a WALLET_* AppError. */
export type TrustListFailure = 'fetch' | 'malformed' | 'signature' | 'unsupported';

export class TrustListError extends Error {
  readonly failure: TrustListFailure;
  constructor(failure: TrustListFailure, message: string) {
    super(message);
    this.failure = failure;
    this.name = 'TrustListError';
  }
}
