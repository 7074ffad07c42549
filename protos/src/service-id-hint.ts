/**
 * The first-party hint that this browser holds a service ID (docs/decisions/service-ids.md): a
 * cookie on the service's own origin, set when the user saves a result to a service ID or signs in
 * with a passkey, cleared when the service ID is deleted. It holds no identifier, only "1", so it
 * tells the widget to offer the passkey first (path D) and tells nobody which account it is.
 */
export const SERVICE_ID_HINT_COOKIE = 'idgate_service_id';

/** 400 days: the longest lifetime browsers keep a cookie (RFC 6265bis). */
const HINT_MAX_AGE_S = 400 * 24 * 3600;

/** The Set-Cookie value that sets (or, with `clear`, removes) the hint. */
export function serviceIdHintCookie(o: { secure: boolean; clear?: boolean }): string {
  const parts = [`${SERVICE_ID_HINT_COOKIE}=${o.clear ? '' : '1'}`, 'Path=/', `Max-Age=${o.clear ? 0 : HINT_MAX_AGE_S}`, 'HttpOnly', 'SameSite=Lax'];
  if (o.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Whether a Cookie header carries the hint. */
export function hasServiceIdHint(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((c) => c.trim() === `${SERVICE_ID_HINT_COOKIE}=1`);
}

/**
 * The first-party hint that this browser passed with an EU wallet (docs/wallet.md "Cookie hint"): set by the
 * gateway on the widget answer that carries a wallet pass, "1" and nothing else, so the rule engine offers the
 * wallet first next time (spec §1 "a wallet is available then E") and learns nothing about who it was.
 */
export const WALLET_HINT_COOKIE = 'idgate_wallet';

/** The Set-Cookie value of the wallet hint. */
export function walletHintCookie(o: { secure: boolean }): string {
  const parts = [`${WALLET_HINT_COOKIE}=1`, 'Path=/', `Max-Age=${HINT_MAX_AGE_S}`, 'HttpOnly', 'SameSite=Lax'];
  if (o.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Whether a Cookie header carries the wallet hint. */
export function hasWalletHint(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((c) => c.trim() === `${WALLET_HINT_COOKIE}=1`);
}
