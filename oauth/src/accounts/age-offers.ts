import type { AgeProof } from './age-proofs.ts';

/** What a passed verification offers to save: the proof, and where the user goes on afterwards. */
export interface AgeOffer {
  proof: AgeProof;
  /** The tenant's callback of that session (status, token, user_id); absent when it has none. */
  redirectUrl?: string;
}

/**
 * Where offers come from: core's ServiceIdService (docs/decisions/service-ids.md), with the
 * session's result token as the authority. `claim` takes the offer, once; a second claim, an
 * unknown token or a closed window throws a catalogue error (TOKEN_NOT_FOUND, SESSION_STATE_CONFLICT).
 * The gateway wires it; the provider never learns the session, the tenant or the site.
 */
export interface AgeOfferSource {
  offer(resultToken: string, claim: boolean): Promise<AgeOffer>;
}
