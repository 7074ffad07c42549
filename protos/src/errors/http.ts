import type { AppError } from './app-error.ts';

/** Body of every verify-API error: `{ success: false, error: { code, message, details?, request_id } }`. */
export interface HttpErrorBody {
  success: false;
  error: { code: string; message: string; details?: Record<string, unknown>; request_id?: string };
}

export function toHttpResponse(err: AppError, requestId?: string): { status: number; body: HttpErrorBody; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  const retryAfter = err.details?.retryAfterSeconds;
  if (typeof retryAfter === 'number') headers['retry-after'] = String(Math.max(1, Math.ceil(retryAfter)));
  const details = err.details ? publicDetails(err.details) : undefined;
  return {
    status: err.httpStatus,
    headers,
    body: {
      success: false,
      error: {
        code: err.code,
        message: err.message,
        ...(details ? { details } : {}),
        ...(requestId ? { request_id: requestId } : {}),
      },
    },
  };
}

function publicDetails(details: NonNullable<AppError['details']>): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  if (details.fields) out.fields = details.fields;
  if (details.reasons) out.reasons = details.reasons;
  if (details.retryAfterSeconds !== undefined) out.retry_after_seconds = Math.ceil(details.retryAfterSeconds);
  // A status of the spec §3 vocabulary: what a refused step found the session in (never personal data).
  if (typeof details.sessionStatus === 'string') out.session_status = details.sessionStatus;
  return Object.keys(out).length ? out : undefined;
}
