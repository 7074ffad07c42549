import type { ErrorSpec } from './types.ts';

/**
 * Codes of the EU wallet path (path E): the OpenID4VP transaction, the mdoc DeviceResponse and the trusted
 * lists. A presentation that fails any check ends with one of these, in the answer to the wallet or the widget
 * and in the logs; none of them is ever a pass. The messages never carry a credential value.
 */
export const WALLET_ERRORS = {
  WALLET_NOT_CONFIGURED: {
    http: 503,
    grpc: 'FAILED_PRECONDITION',
    message: 'The EU wallet path is not configured on this service (no verifier access certificate or no trust source).',
    retryable: false,
  },
  WALLET_TRANSACTION_NOT_FOUND: {
    http: 404,
    grpc: 'NOT_FOUND',
    message: 'No wallet transaction with this identifier exists for this session.',
    retryable: false,
  },
  WALLET_TRANSACTION_EXPIRED: {
    http: 410,
    grpc: 'FAILED_PRECONDITION',
    message: 'The wallet transaction has expired; start the wallet step again.',
    retryable: false,
  },
  WALLET_TRANSACTION_ANSWERED: {
    http: 409,
    grpc: 'FAILED_PRECONDITION',
    message: 'The wallet transaction was already answered; a presentation is accepted once.',
    retryable: false,
  },
  WALLET_RESPONSE_INVALID: {
    http: 400,
    grpc: 'INVALID_ARGUMENT',
    message: 'The wallet response could not be decrypted or parsed.',
    retryable: false,
  },
  WALLET_RESPONSE_MODE_MISMATCH: {
    http: 400,
    grpc: 'INVALID_ARGUMENT',
    message: 'The wallet response arrived over a channel or response mode this transaction was not created for.',
    retryable: false,
  },
  WALLET_NONCE_MISMATCH: {
    http: 400,
    grpc: 'INVALID_ARGUMENT',
    message: 'The presentation is not bound to this transaction (nonce or session transcript mismatch).',
    retryable: false,
  },
  WALLET_ORIGIN_MISMATCH: {
    http: 400,
    grpc: 'INVALID_ARGUMENT',
    message: 'The presentation was made for another origin.',
    retryable: false,
  },
  WALLET_DECLINED: {
    http: 400,
    grpc: 'FAILED_PRECONDITION',
    message: 'The wallet declined the request or the user canceled it.',
    retryable: false,
  },
  WALLET_DEVICE_RESPONSE_STATUS: {
    http: 400,
    grpc: 'INVALID_ARGUMENT',
    message: 'The DeviceResponse reports an error status or carries no document.',
    retryable: false,
  },
  WALLET_DOCTYPE_MISMATCH: {
    http: 400,
    grpc: 'INVALID_ARGUMENT',
    message: 'The credential is not of a requested document type, or its MSO names another one.',
    retryable: false,
  },
  WALLET_ISSUER_SIGNATURE_INVALID: {
    http: 400,
    grpc: 'INVALID_ARGUMENT',
    message: "The issuer's signature over the mobile security object is invalid or uses a refused algorithm.",
    retryable: false,
  },
  WALLET_ISSUER_UNTRUSTED: {
    http: 400,
    grpc: 'PERMISSION_DENIED',
    message: "The credential issuer's certificate does not chain to a trusted issuer on the configured trusted lists.",
    retryable: false,
  },
  WALLET_ISSUER_WITHDRAWN: {
    http: 400,
    grpc: 'PERMISSION_DENIED',
    message: "The credential issuer's entry on the trusted list is withdrawn.",
    retryable: false,
  },
  WALLET_TRUST_LIST_STALE: {
    http: 503,
    grpc: 'UNAVAILABLE',
    message: 'A trusted list is past its next-update time without a good refresh; wallet presentations are refused until it is refreshed.',
    retryable: true,
  },
  WALLET_TRUST_LIST_UNAVAILABLE: {
    http: 503,
    grpc: 'UNAVAILABLE',
    message: 'The trusted lists have not been loaded yet; wallet presentations are refused until they are.',
    retryable: true,
  },
  WALLET_DIGEST_MISMATCH: {
    http: 400,
    grpc: 'INVALID_ARGUMENT',
    message: 'A disclosed item does not match its digest in the mobile security object.',
    retryable: false,
  },
  WALLET_MSO_NOT_VALID: {
    http: 400,
    grpc: 'INVALID_ARGUMENT',
    message: 'The mobile security object is outside its validity period.',
    retryable: false,
  },
  WALLET_DEVICE_AUTH_INVALID: {
    http: 400,
    grpc: 'INVALID_ARGUMENT',
    message: 'The device signature over the session transcript is missing or invalid.',
    retryable: false,
  },
  WALLET_DEVICE_MAC_REFUSED: {
    http: 400,
    grpc: 'INVALID_ARGUMENT',
    message: 'Device authentication by MAC is refused for this flow; a device signature is required.',
    retryable: false,
  },
  WALLET_AGE_NOT_PROVEN: {
    http: 400,
    grpc: 'FAILED_PRECONDITION',
    message: 'The credential does not prove the requested age_over attribute as true.',
    retryable: false,
  },
  WALLET_AGE_BELOW_GATE: {
    http: 422,
    grpc: 'FAILED_PRECONDITION',
    message: 'The trusted credential states that the holder is under the requested age (age_over_NN is false).',
    retryable: false,
  },
} as const satisfies Record<string, ErrorSpec>;

/** The wallet codes that describe a failed presentation (the rest are transport or configuration states). */
export type WalletErrorCode = keyof typeof WALLET_ERRORS;
