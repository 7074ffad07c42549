import type { ErrorSpec } from './types.ts';

/**
 * Codes of the dashboard's team: members, invitations, sign-in and role checks. Role checks are made
 * by core, so a page that shows a button it should not cannot make the action succeed.
 */
export const TEAM_ERRORS = {
  TEAM_PERMISSION_DENIED: {
    http: 403,
    grpc: 'PERMISSION_DENIED',
    message: 'Your role in this team does not allow this action; ask an owner.',
    retryable: false,
  },
  TEAM_MEMBER_NOT_FOUND: {
    http: 404,
    grpc: 'NOT_FOUND',
    message: 'No team member with this identifier exists in this team.',
    retryable: false,
  },
  TEAM_EMAIL_TAKEN: {
    http: 409,
    grpc: 'ALREADY_EXISTS',
    message: 'This email address already belongs to a dashboard member.',
    retryable: false,
  },
  TEAM_INVITATION_INVALID: {
    http: 400,
    grpc: 'FAILED_PRECONDITION',
    message: 'This invitation is unknown, was already used or has expired; ask for a new one.',
    retryable: false,
  },
  TEAM_LAST_OWNER: {
    http: 409,
    grpc: 'FAILED_PRECONDITION',
    message: 'A team keeps at least one owner: make another member an owner first.',
    retryable: false,
  },
  TEAM_PASSWORD_WEAK: {
    http: 400,
    grpc: 'INVALID_ARGUMENT',
    message: 'The password must be at least 12 characters long and at most 256.',
    retryable: false,
  },
  TEAM_SIGN_IN_FAILED: {
    http: 401,
    grpc: 'UNAUTHENTICATED',
    message: 'The email address or the password is wrong.',
    retryable: false,
  },
  TEAM_SESSION_INVALID: {
    http: 401,
    grpc: 'UNAUTHENTICATED',
    message: 'This dashboard session has ended or is no longer valid; sign in again.',
    retryable: false,
  },
  TEAM_SIGN_IN_THROTTLED: {
    http: 429,
    grpc: 'RESOURCE_EXHAUSTED',
    message: 'Too many failed sign-ins for this account or from this address; wait a few minutes.',
    retryable: true,
  },
} as const satisfies Record<string, ErrorSpec>;
