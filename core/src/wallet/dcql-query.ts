// The one question path E asks a wallet: "is the holder over NN?" — as a DCQL query that can only be answered
// with the age_over_NN element of the age-verification attestation or of the PID, never with a birth date or a
// name (RELIABILITY C-VP-4). The two doctypes are alternatives of one credential set, so the wallet presents one.
import { DcqlQuery } from 'dcql';
import { AGE_GATES, appError, gateFor, type AgeGate } from '@idgate/protos';
import { AGE_VERIFICATION_DOCTYPE, PID_DOCTYPE } from './contracts.ts';

/** Credential query ids; the vp_token answer is keyed by them. */
export const DCQL_IDS = { ageVerification: 'av', pid: 'pid' } as const;

/** The doctypes the query offers, in the order the wallet should prefer them (the AV attestation discloses less). */
export const WALLET_DOCTYPES = [AGE_VERIFICATION_DOCTYPE, PID_DOCTYPE] as const;

/** The gate a session's minimum age maps to; path E cannot answer a session without one. */
export function walletAgeGate(minAge: number | null): AgeGate {
  const gate = gateFor(minAge);
  if (gate === null) throw appError('INVALID_MIN_AGE', { message: `No age gate of ${AGE_GATES.join(', ')} covers the minimum age.` });
  return gate;
}

function credential(id: string, doctype: string, gate: AgeGate) {
  return {
    id,
    format: 'mso_mdoc' as const,
    meta: { doctype_value: doctype },
    claims: [{ path: [doctype, `age_over_${gate}`] as [string, string], intent_to_retain: false }],
  };
}

/** The DCQL query for `age_over_<gate>`; validated by the dcql library so a malformed query never leaves us. */
export function ageOverQuery(gate: AgeGate): DcqlQuery.Output {
  const query = DcqlQuery.parse({
    credentials: [credential(DCQL_IDS.ageVerification, AGE_VERIFICATION_DOCTYPE, gate), credential(DCQL_IDS.pid, PID_DOCTYPE, gate)],
    credential_sets: [{ options: [[DCQL_IDS.ageVerification], [DCQL_IDS.pid]], required: true }],
  });
  DcqlQuery.validate(query);
  return query;
}
