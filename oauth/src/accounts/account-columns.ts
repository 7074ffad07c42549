/**
 * SQL fragments that read an account with its age proofs in one statement (table alias `u`).
 * Shared by the users repository and the adapter's read-ahead joins, so every path that builds
 * claims sees the same fields, and never the password hash.
 */
export const AGE_PROOFS_JSON = `(SELECT coalesce(json_agg(json_build_object('method', p.method, 'bracket', p.bracket,
  'next_change_at', p.next_change_at, 'verified_at', p.verified_at)), '[]'::json)
  FROM service_id_age_proofs p WHERE p.user_id = u.id)`;

/** The account as claims need it (ClaimsUserRow), or null when the join found none. */
export const CLAIMS_ACCOUNT_JSON = `CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'email', u.email,
  'email_verified', u.email_verified, 'display_name', u.display_name, 'age_proofs', ${AGE_PROOFS_JSON}) END`;
