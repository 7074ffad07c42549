/**
 * The range of every number the admin API takes (docs/operations.md, "Admin API and CLI"), in
 * one place for the three parts that check it: the gateway's JSON schemas (400 REQUEST_INVALID
 * naming the field), core (the same answer for any other gRPC caller) and the admin CLI (refused
 * before anything is sent). Each range fits the proto type that carries the value, so nothing
 * can wrap on the wire: an int32 field above 2147483647 would arrive as a different number.
 */
export interface AdminRange {
  min: number;
  max: number;
}

export const INT32_MAX = 2_147_483_647;

export const ADMIN_LIMITS = {
  /** `PATCH /admin/v1/tenants/{id}` `monthly_budget_cents` (int64; null removes the budget): the largest whole number JSON carries exactly. */
  monthlyBudgetCents: { min: 0, max: Number.MAX_SAFE_INTEGER },
  /** `top_up_checks`, `top_up_verifications` (int32): units added per request; the account's total must stay within int32 too. */
  topUp: { min: 0, max: INT32_MAX },
  /** `POST /admin/v1/webhooks/{id}/rotate-secret` `overlap_seconds` (int32): up to 7 days. */
  overlapSeconds: { min: 0, max: 604_800 },
  /** `?limit=` of webhook deliveries and notifications (int32): rows per page. */
  listLimit: { min: 1, max: 100 },
  /** `GET /admin/v1/oauth/mailbox?limit=`: mails listed; the development mailbox keeps 200. */
  mailboxLimit: { min: 1, max: 200 },
} as const satisfies Record<string, AdminRange>;
