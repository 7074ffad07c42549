// The dashboard's cookie and its CSRF token. The cookie holds core's session token (HttpOnly, Secure
// where the service is https, SameSite=Strict, path /dashboard); core resolves it to a member on every
// call. The CSRF token of a form is derived from the session token, so only a page that could read the
// cookie's value (ours, rendered by the server) can produce it; it is compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const DASHBOARD_COOKIE = 'idgate_dashboard';
/** Matches the core session's lifetime (8 h); core is the authority, the cookie only carries the token. */
const COOKIE_MAX_AGE_S = 8 * 3600;

export function sessionCookie(token: string, secure: boolean): string {
  return `${DASHBOARD_COOKIE}=${token}; Path=/dashboard; HttpOnly; SameSite=Strict; Max-Age=${COOKIE_MAX_AGE_S}${secure ? '; Secure' : ''}`;
}

export function clearedCookie(secure: boolean): string {
  return `${DASHBOARD_COOKIE}=; Path=/dashboard; HttpOnly; SameSite=Strict; Max-Age=0${secure ? '; Secure' : ''}`;
}

export function sessionTokenOf(req: FastifyRequest): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === DASHBOARD_COOKIE) {
      const value = part.slice(i + 1).trim();
      return /^xds_[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

export function csrfToken(sessionToken: string): string {
  return createHash('sha256').update(`idgate-dashboard-csrf:${sessionToken}`).digest('base64url');
}

export function csrfMatches(sessionToken: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const expected = Buffer.from(csrfToken(sessionToken));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
