/**
 * The reasons the end user's browser may see in the widget state. Only outcomes the user can act
 * on (retake in better light, use another document, come back when old enough) are shown. Screening
 * and review reasons (`aml_match`, `blacklist_match`, `data_mismatch`) stay with the tenant, who
 * reads them from the result record: telling the browser would tip off the person screened. The
 * list is an allowlist so that a reason added later stays hidden until someone decides otherwise.
 */
const BROWSER_VISIBLE_REASONS: ReadonlySet<string> = new Set([
  'age_below_threshold',
  'age_estimation_inconclusive',
  'liveness_failed',
  'face_mismatch',
  'document_unreadable',
  'dob_unreadable',
  'document_expired',
]);

/** The session's reason as the browser may see it; undefined when it must not see one. */
export function browserVisibleReason(reason: string | null | undefined): string | undefined {
  return reason && BROWSER_VISIBLE_REASONS.has(reason) ? reason : undefined;
}
