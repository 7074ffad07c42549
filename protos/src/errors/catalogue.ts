import { VERIFY_ERRORS } from './codes/verify.ts';
import { INFERENCE_ERRORS } from './codes/inference.ts';
import { DOCUMENT_ERRORS } from './codes/document.ts';
import { SCREENING_ERRORS } from './codes/screening.ts';
import { WEBHOOK_ERRORS } from './codes/webhook.ts';
import { OAUTH_ERRORS } from './codes/oauth.ts';
import { FACE_ERRORS } from './codes/face.ts';
import { WALLET_ERRORS } from './codes/wallet.ts';
import { TEAM_ERRORS } from './codes/team.ts';
import type { ErrorSpec } from './codes/types.ts';

/**
 * THE error catalogue: every code the service can answer, with its HTTP status, gRPC status,
 * safe message and retryability. Domains keep their codes in codes/<domain>.ts; this merge is
 * the one list the gateway renders from and docs/errors.md's error table is checked against.
 */
export const ERROR_CATALOGUE = {
  ...VERIFY_ERRORS,
  ...INFERENCE_ERRORS,
  ...DOCUMENT_ERRORS,
  ...SCREENING_ERRORS,
  ...WEBHOOK_ERRORS,
  ...OAUTH_ERRORS,
  ...FACE_ERRORS,
  ...WALLET_ERRORS,
  ...TEAM_ERRORS,
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CATALOGUE, code);
}
