// The flow's transcripts are the mdoc verifier's: one implementation of the OpenID4VP handovers, so the
// transcript the flow computes from its transaction and the one the verifier checks can never drift apart.
import { dcApiSessionTranscript, redirectSessionTranscript } from './mdoc/session-transcript.ts';
import type { WalletTranscripts } from './wallet-flow.service.ts';

export const OPENID4VP_TRANSCRIPTS: WalletTranscripts = {
  redirect: (input) => redirectSessionTranscript(input),
  dcApi: (input) => dcApiSessionTranscript(input),
};
