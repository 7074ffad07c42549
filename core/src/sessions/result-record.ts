import { isFinal, isVerified, type SessionStatus } from './session-state.ts';

export interface CheckState {
  performed: boolean;
  passed: boolean;
}

/** `checks` of the result record (spec §2.5). data_match is present only when performed. */
export interface Checks {
  liveness: CheckState;
  age: CheckState & { gate: number | null };
  document: CheckState & { document_type: string | null; country: string | null };
  face_match: CheckState;
  eu_wallet: CheckState;
  aml: CheckState;
  data_match?: CheckState & { fields: Record<string, 'match' | 'mismatch' | 'not_on_document'> };
}

export function initialChecks(minAge: number | null): Checks {
  const no = (): CheckState => ({ performed: false, passed: false });
  return {
    liveness: no(),
    age: { ...no(), gate: minAge },
    document: { ...no(), document_type: null, country: null },
    face_match: no(),
    eu_wallet: no(),
    aml: no(),
  };
}

export interface RecordSource {
  resultToken: string;
  status: SessionStatus;
  verificationType: string | null;
  ipCountry: string | null;
  externalUserId: string | null;
  reason: string | null;
  checks: Checks;
  risk: { band: 'low' | 'elevated' | 'high' } | null;
  createdAt: Date;
  completedAt: Date | null;
  resultExpiresAt: Date;
}

/**
 * The result record of spec §2.5 as JSON text, fields in a fixed order. Core serialises it once;
 * the result endpoint and every session.* / review.* webhook carry these exact bytes.
 * Our choices for what the spec leaves open (docs/decisions/result-record.md): the reason field is
 * `reason` (null when none); `verification_type` is `age_estimation` (path A), `full`
 * (document + liveness + face match), `token` (path D) or `wallet` (path E), null until a path
 * ran; `ip_country` and `external_user_id` are null when unknown; `completed_at` is the moment the
 * session became final, null before (also while it waits in review).
 */
export function serialiseResultRecord(s: RecordSource): string {
  const record: Record<string, unknown> = {
    token: s.resultToken,
    status: s.status,
    verified: isVerified(s.status),
    verification_type: s.verificationType,
    ip_country: s.ipCountry,
    external_user_id: s.externalUserId,
    reason: s.reason,
    checks: orderedChecks(s.checks),
    ...(s.risk ? { risk: s.risk } : {}),
    created_at: s.createdAt.toISOString(),
    // Only a final session is completed; rows parked in review before this rule may still carry a time.
    completed_at: s.completedAt && isFinal(s.status) ? s.completedAt.toISOString() : null,
    expires_at: s.resultExpiresAt.toISOString(),
  };
  return JSON.stringify(record);
}

/**
 * `checks` with every member's keys in one fixed order. The stored copy comes back from a jsonb
 * column, and Postgres orders jsonb keys its own way: without this the result endpoint and the
 * webhook built from the same state would differ in bytes.
 */
function orderedChecks(c: Checks): Checks {
  const pair = (x: CheckState): CheckState => ({ performed: x.performed, passed: x.passed });
  const out: Checks = {
    liveness: pair(c.liveness),
    age: { ...pair(c.age), gate: c.age.gate ?? null },
    document: { ...pair(c.document), document_type: c.document.document_type ?? null, country: c.document.country ?? null },
    face_match: pair(c.face_match),
    eu_wallet: pair(c.eu_wallet),
    aml: pair(c.aml),
  };
  if (c.data_match) {
    const fields = Object.fromEntries(
      Object.keys(c.data_match.fields)
        .sort()
        .map((k) => [k, c.data_match!.fields[k]]),
    );
    out.data_match = { ...pair(c.data_match), fields };
  }
  return out;
}
