import type { ErrorSpec } from './types.ts';

/** Codes of outbound webhooks (core/src/webhooks; spec §6, docs/webhooks.md). */
export const WEBHOOK_ERRORS = {
  WEBHOOK_URL_INVALID: {
    http: 400,
    grpc: 'INVALID_ARGUMENT',
    message: 'The webhook url must be an https URL without credentials (http://localhost is allowed in development).',
    retryable: false,
  },
  WEBHOOK_URL_FORBIDDEN: {
    http: 400,
    grpc: 'INVALID_ARGUMENT',
    message: 'The webhook url resolves to a private, loopback, link-local or otherwise internal address.',
    retryable: false,
  },
  WEBHOOK_URL_UNRESOLVABLE: {
    http: 400,
    grpc: 'INVALID_ARGUMENT',
    message: 'The webhook url host does not resolve.',
    retryable: true,
  },
  WEBHOOK_EVENTS_INVALID: {
    http: 400,
    grpc: 'INVALID_ARGUMENT',
    message:
      'events must name only: session.success, session.failed, session.canceled, session.expired, review.created, review.approved, review.rejected, test, session.completed.',
    retryable: false,
  },
  WEBHOOK_ENDPOINT_NOT_FOUND: {
    http: 404,
    grpc: 'NOT_FOUND',
    message: 'No such webhook endpoint.',
    retryable: false,
  },
  WEBHOOK_ENDPOINT_DISABLED: {
    http: 409,
    grpc: 'FAILED_PRECONDITION',
    message: 'The webhook endpoint is disabled; enable it first.',
    retryable: false,
  },
  WEBHOOK_EVENT_NOT_FOUND: {
    http: 404,
    grpc: 'NOT_FOUND',
    message: 'This webhook endpoint has no delivery of that event.',
    retryable: false,
  },
  WEBHOOK_ENDPOINT_LIMIT: {
    http: 409,
    grpc: 'FAILED_PRECONDITION',
    message: 'This project already has the maximum number of webhook endpoints (16).',
    retryable: false,
  },
} as const satisfies Record<string, ErrorSpec>;

export type WebhookErrorCode = keyof typeof WEBHOOK_ERRORS;
