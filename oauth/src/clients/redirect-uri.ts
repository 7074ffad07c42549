/**
 * Which redirect URIs a tenant may register (RFC 9700 §2.1, C-BCP-2): absolute https URLs
 * without fragment or credentials; `http` only for loopback IP literals (native apps) and, in
 * development, localhost (spec §5 rule 4). Matching at the authorization endpoint is exact
 * string comparison (oidc-provider), so nothing is normalised here.
 */
export function isAllowedRedirectUri(raw: string, opts: { production: boolean }): boolean {
  if (raw.length > 2000) return false;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return false;
  }
  if (u.hash || raw.includes('#') || u.username || u.password) return false;
  if (u.protocol === 'https:') return true;
  if (u.protocol !== 'http:') return false;
  if (u.hostname === '127.0.0.1' || u.hostname === '[::1]') return true;
  return !opts.production && u.hostname === 'localhost';
}
