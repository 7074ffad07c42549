import { ageOn, parseIsoDate, toIsoDate, type CalendarDate } from '../sessions/age.ts';
import type { DataMatchResult } from './data-match.ts';
import type { MismatchPolicy, Purpose } from '../sessions/init-request.ts';
import type { Checks } from '../sessions/result-record.ts';

/** What core needs of an inference ReadDocument answer (protos/inference.proto). */
export interface DocumentReadingView {
  status: string;
  reasons: string[];
  documentType?: string;
  /** Alpha-2. */
  issuingCountry?: string;
  dateOfBirth?: string;
  expiryDate?: string;
  hasPortrait: boolean;
}

export interface FaceMatchView {
  match: boolean;
  similarity: number;
  threshold: number;
}

export interface DocumentOutcomeInput {
  reading: DocumentReadingView;
  /** null when no portrait could be compared. */
  faceMatch: FaceMatchView | null;
  minAge: number | null;
  purpose: Purpose;
  mismatchPolicy: MismatchPolicy;
  /** The UTC calendar date of the decision. */
  today: CalendarDate;
  dataMatch: DataMatchResult | null;
  checks: Checks;
}

export interface DocumentOutcome {
  to: 'success' | 'failed' | 'pending_tenant_review';
  reason: string | null;
  /** Decisions are billed; document_unreadable and dob_unreadable are not (spec §7). */
  billed: boolean;
  checks: Checks;
  expired: boolean;
}

/** An expiry date before today (the expiry day itself is still valid). */
export function isExpired(expiryDate: string | undefined, today: CalendarDate): boolean {
  return expiryDate !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(expiryDate) && expiryDate < toIsoDate(today);
}

/**
 * The decision of the document path (spec §1 path B/C, §2.5 reasons), first failure wins:
 * unreadable document → dob_unreadable → no portrait to compare (document_unreadable) →
 * face_mismatch → age_below_threshold → an expired document for identity proofing
 * (`document_expired`, ours) → a data mismatch with mismatch_policy review
 * (pending_tenant_review, data_mismatch) → success. An expired document still proves a birth
 * date for age verification: it raises the risk band instead. The risk band never decides.
 */
export function decideDocument(i: DocumentOutcomeInput): DocumentOutcome {
  const expired = isExpired(i.reading.expiryDate, i.today);
  const birth = i.reading.dateOfBirth ? parseIsoDate(i.reading.dateOfBirth) : undefined;
  const age = birth ? ageOn(birth, i.today) : null;
  const checks = checksAfter(i, expired, age);
  const out = (to: DocumentOutcome['to'], reason: string | null, billed = true): DocumentOutcome => ({ to, reason, billed, checks, expired });
  if (i.reading.status === 'document_unreadable') return out('failed', 'document_unreadable', false);
  if (i.reading.status !== 'ok' || age === null) return out('failed', 'dob_unreadable', false);
  if (!i.reading.hasPortrait || !i.faceMatch) return out('failed', 'document_unreadable', false);
  if (!i.faceMatch.match) return out('failed', 'face_mismatch');
  if (i.minAge !== null && age < i.minAge) return out('failed', 'age_below_threshold');
  if (expired && i.purpose === 'id_verification') return out('failed', 'document_expired');
  if (i.dataMatch && !i.dataMatch.passed && i.mismatchPolicy === 'review') return out('pending_tenant_review', 'data_mismatch');
  return out('success', null);
}

function checksAfter(i: DocumentOutcomeInput, expired: boolean, age: number | null): Checks {
  const read = i.reading.status === 'ok' && age !== null && i.reading.hasPortrait;
  const checks: Checks = {
    ...i.checks,
    age: { performed: i.minAge !== null && age !== null, passed: i.minAge !== null && age !== null && age >= i.minAge, gate: i.minAge },
    document: {
      performed: true,
      passed: read && !(expired && i.purpose === 'id_verification'),
      document_type: i.reading.documentType ?? null,
      country: i.reading.issuingCountry ?? null,
    },
    face_match: { performed: i.faceMatch !== null, passed: i.faceMatch?.match ?? false },
  };
  return i.dataMatch ? { ...checks, data_match: i.dataMatch } : checks;
}
