import type { ErrorSpec } from './types.ts';

/**
 * Errors of the OAuth admin API and of the consent session data endpoint. The OAuth protocol
 * endpoints themselves answer RFC 6749 bodies `{ error, error_description }` (spec §7.1); their
 * HTTP statuses are listed in docs/oauth.md ("Error answers").
 */
export const OAUTH_ERRORS = {
  OAUTH_REDIRECT_URI_INVALID: {
    http: 400,
    grpc: 'INVALID_ARGUMENT',
    message: 'Each redirect URI must be an absolute https URL without fragment (http only for 127.0.0.1, [::1] or, in development, localhost).',
    retryable: false,
  },
  OAUTH_SCOPE_UNKNOWN: {
    http: 400,
    grpc: 'INVALID_ARGUMENT',
    message: 'Allowed scopes must be among openid, profile, email, age_verification and connections, and include openid.',
    retryable: false,
  },
  OAUTH_CONSENT_SESSION_NOT_FOUND: { http: 404, grpc: 'NOT_FOUND', message: 'The consent session is unknown or has expired.', retryable: false },
  OAUTH_NOT_CONFIGURED: {
    http: 503,
    grpc: 'UNAVAILABLE',
    message: 'The OpenID Connect provider is not running in this process (it needs a database handle or DATABASE_URL).',
    retryable: false,
  },
} as const satisfies Record<string, ErrorSpec>;
