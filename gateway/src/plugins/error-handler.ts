import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, appError, isAppError, toHttpResponse, type FieldIssue } from '@idgate/protos';
import type { Logger } from '@idgate/platform';
import { indexRoutes, type RouteIndex } from './route-index.ts';
import { loggableError } from './loggable-error.ts';

/**
 * One renderer for every error: catalogue AppErrors as `{ success: false, error }`; Fastify's
 * own errors (validation, bad JSON, body too large, content type, bad URL) mapped to catalogue
 * codes; anything else is INTERNAL, logged with its stack, and never shown (no stack traces
 * out). No answer echoes the URL or a header value: URLs carry tokens, headers carry keys.
 * Call before any route is added: it indexes the routes to tell 405 from 404.
 */
export function registerErrorHandler(app: FastifyInstance, log: Logger): RouteIndex {
  const routes = indexRoutes(app);
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const appErr = toAppError(err, req);
    if (appErr.code === 'INTERNAL') log.error({ err: loggableError(err, req), reqId: req.id, route: req.routeOptions.url }, 'unhandled error');
    send(reply, appErr, String(req.id));
  });
  app.setNotFoundHandler((req, reply) => {
    const allow = routes.allowed(req.url);
    if (allow.length && !allow.includes(req.method)) {
      reply.header('allow', allow.join(', '));
      return send(
        reply,
        appError('METHOD_NOT_ALLOWED', { message: `${req.method} is not allowed on this resource; see the Allow header (${allow.join(', ')}).` }),
        String(req.id),
      );
    }
    return send(reply, appError('NOT_FOUND', { message: `No route for ${req.method} on this path.` }), String(req.id));
  });
  return routes;
}

/**
 * Fastify's `frameworkErrors`: the router's refusals, before any route or hook runs. A path
 * that is not valid percent-encoded UTF-8 (`/status/%E9`) → 400 REQUEST_INVALID; a path
 * parameter over maxParamLength → 414 URL_TOO_LONG. Fastify's own bodies quote the path.
 * No hook runs for these, so the access-log line of app.ts's onResponse is written here (never
 * the URL: paths carry tokens).
 */
export function frameworkErrors(log: Logger) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
    const appErr =
      err.code === 'FST_ERR_BAD_URL'
        ? appError('REQUEST_INVALID', { message: 'The URL path is malformed: a percent-encoded sequence is not valid UTF-8.' })
        : err.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? appError('URL_TOO_LONG')
          : appError('INTERNAL', { cause: err });
    reply.header('x-request-id', req.id);
    send(reply, appErr, String(req.id));
    if (log.isLevelEnabled('info'))
      log.info({ reqId: req.id, method: req.method, route: 'unmatched', status: appErr.httpStatus, code: appErr.code }, 'request');
  };
}

export function send(reply: FastifyReply, err: AppError, requestId: string): FastifyReply {
  const { status, body, headers } = toHttpResponse(err, requestId);
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send(body);
}

function toAppError(err: FastifyError, req: FastifyRequest): AppError {
  if (isAppError(err)) return err;
  // Fastify names the query `querystring`; core and the text checks say `query`: one name in `loc`.
  if (err.validation)
    return appError('REQUEST_INVALID', {
      details: { fields: err.validation.map(toIssue(err.validationContext === 'querystring' ? 'query' : (err.validationContext ?? 'body'))) },
    });
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return appError('BODY_INVALID_JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // An image route names its own code (plugins/image-upload.ts): an image over its limit is IMAGE_TOO_LARGE there.
      return appError(req.routeOptions.config?.bodyTooLarge ?? 'PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedMediaType(req);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return appError('REQUEST_INVALID', { message: 'The request body does not match its Content-Length.' });
  }
  // JSON.parse errors of the content-type parser surface as SyntaxError with status 400.
  if (err instanceof SyntaxError || (err.statusCode === 400 && /JSON/i.test(err.message))) return appError('BODY_INVALID_JSON');
  if (err.statusCode === 413) return appError('PAYLOAD_TOO_LARGE');
  if (err.statusCode === 415) return unsupportedMediaType(req);
  if (err.statusCode === 404) return appError('NOT_FOUND');
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return appError('REQUEST_INVALID', { message: 'The request is invalid.' });
  return appError('INTERNAL', { cause: err });
}

/** The JSON API takes JSON only (docs/errors.md "Malformed requests"); other scopes (OAuth forms) keep the plain message. */
function unsupportedMediaType(req: FastifyRequest): AppError {
  const route = req.routeOptions.url ?? '';
  const json = route.startsWith('/verify/') || route.startsWith('/admin/');
  return appError('UNSUPPORTED_MEDIA_TYPE', json ? { message: 'Unsupported Content-Type: send the body as JSON with Content-Type: application/json.' } : {});
}

function toIssue(context: string) {
  return (v: { instancePath?: string; keyword?: string; message?: string; params?: Record<string, unknown> }): FieldIssue => {
    const path = (v.instancePath ?? '').split('/').filter(Boolean);
    const extra =
      v.keyword === 'additionalProperties' ? [String(v.params?.additionalProperty)] : v.keyword === 'required' ? [String(v.params?.missingProperty)] : [];
    const msg = v.keyword === 'additionalProperties' ? 'unknown field' : (v.message ?? 'invalid');
    return { loc: [context, ...path, ...extra], msg, type: v.keyword ?? 'invalid' };
  };
}
