import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, appError, isAppError, toHttpResponse, type FieldIssue, type Logger } from '@idgate/protos';

/**
 * One renderer for every error: catalogue AppErrors as `{ success: false, error }`; Fastify's
 * own errors (validation, bad JSON, body too large, content type) mapped to catalogue codes;
 * anything else is INTERNAL, logged with its stack, and never shown (no stack traces out).
 */
export function registerErrorHandler(app: FastifyInstance, log: Logger): void {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const appErr = toAppError(err);
    if (appErr.code === 'INTERNAL') log.error({ err, reqId: req.id, url: req.routeOptions.url }, 'unhandled error');
    send(reply, appErr, String(req.id));
  });
  app.setNotFoundHandler((req, reply) => send(reply, appError('NOT_FOUND', { message: `No route ${req.method} ${req.url.split('?')[0]}.` }), String(req.id)));
}

export function send(reply: FastifyReply, err: AppError, requestId: string): FastifyReply {
  const { status, body, headers } = toHttpResponse(err, requestId);
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send(body);
}

function toAppError(err: FastifyError): AppError {
  if (isAppError(err)) return err;
  if (err.validation) return appError('REQUEST_INVALID', { details: { fields: err.validation.map(toIssue(err.validationContext ?? 'body')) } });
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return appError('BODY_INVALID_JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return appError('PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return appError('UNSUPPORTED_MEDIA_TYPE');
  }
  // JSON.parse errors of the content-type parser surface as SyntaxError with status 400.
  if (err instanceof SyntaxError || (err.statusCode === 400 && /JSON/i.test(err.message))) return appError('BODY_INVALID_JSON');
  if (err.statusCode === 413) return appError('PAYLOAD_TOO_LARGE');
  if (err.statusCode === 415) return appError('UNSUPPORTED_MEDIA_TYPE');
  if (err.statusCode === 404) return appError('NOT_FOUND');
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return appError('REQUEST_INVALID', { message: 'The request is invalid.' });
  return appError('INTERNAL', { cause: err });
}

function toIssue(context: string) {
  return (v: { instancePath?: string; keyword?: string; message?: string; params?: Record<string, unknown> }): FieldIssue => {
    const path = (v.instancePath ?? '').split('/').filter(Boolean);
    const extra = v.keyword === 'additionalProperties' ? [String(v.params?.additionalProperty)] : v.keyword === 'required' ? [String(v.params?.missingProperty)] : [];
    const msg = v.keyword === 'additionalProperties' ? 'unknown field' : (v.message ?? 'invalid');
    return { loc: [context, ...path, ...extra], msg, type: v.keyword ?? 'invalid' };
  };
}
