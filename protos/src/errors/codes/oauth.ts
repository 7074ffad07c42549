import type { ErrorSpec } from './types.ts';

/**
 * Errors of the OAuth admin API, of the consent session data endpoint and of the passkey
 * ceremonies (docs/oauth.md "Passkeys"). The OAuth protocol
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
  PASSKEY_CHALLENGE_INVALID: {
    http: 400,
    grpc: 'FAILED_PRECONDITION',
    message: 'The passkey challenge is unknown, expired, already used or was issued for another sign-in. Ask for new options and try again.',
    retryable: false,
  },
  PASSKEY_INVALID: {
    http: 401,
    grpc: 'UNAUTHENTICATED',
    message: 'The passkey could not be verified (unknown passkey, bad signature, wrong origin or a signature counter that went backwards).',
    retryable: false,
  },
  PASSKEY_REGISTRATION_INVALID: {
    http: 400,
    grpc: 'INVALID_ARGUMENT',
    message: 'The new passkey could not be verified (wrong origin, relying party or response format).',
    retryable: false,
  },
  PASSKEY_ALREADY_REGISTERED: { http: 409, grpc: 'ALREADY_EXISTS', message: 'This passkey is already registered.', retryable: false },
  PASSKEY_SIGN_IN_REQUIRED: {
    http: 401,
    grpc: 'UNAUTHENTICATED',
    message: 'Sign in to the portal first (session cookie and its CSRF token in X-CSRF-Token).',
    retryable: false,
  },
} as const satisfies Record<string, ErrorSpec>;
