import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { invalidField, unstorableText, unstorableTextRefusal } from '@idgate/protos';

/**
 * The one JSON body parser of the gateway (docs/errors.md "Malformed requests"): Fastify's own parser
 * (same limits, same prototype-poisoning refusal, answered REQUEST_INVALID), then every string
 * and property name is checked, and a body holding U+0000 or a lone surrogate (text Postgres
 * cannot store, or not Unicode) is refused with 400 REQUEST_INVALID naming where, never what.
 * The text/plain parser is removed: a JSON endpoint answers any other content type with 415. Registered on the root before any route, so every scope that
 * keeps the inherited parsers (verify, widget, admin) gets it.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    // A wrong method or path is answered as such (405/404), whatever the body.
    if (req.is404) return done(null, undefined);
    const text = String(body); // parseAs: 'string'
    // Callback form: Fastify's parser answers through the callback and returns nothing (its type also allows a promise).
    void parse(req, text, (err, value) => {
      if (err) return done(isPrototypePoisoning(text) ? poisonRefusal() : err, undefined);
      // Only an escape (\u0000, \udc00) can produce either: skip the walk when there is none.
      const issues = text.includes('\\u') ? unstorableText(value, ['body']) : [];
      done(issues.length ? unstorableTextRefusal(issues) : null, issues.length ? undefined : value);
    });
  });
}

/**
 * onRequest hook: path parameters and query strings of the JSON API (`/verify/`, `/admin/`)
 * under the same rule (`/admin/v1/tenants/%00` must not reach the database). The OAuth pages check
 * their own (oauth/src/mount.ts, web/http-helpers.ts), the provider's adapters theirs
 * (oauth/src/adapter/unstorable-guard.ts); static files store nothing.
 * Callback style: it runs on every request, and an async hook costs a promise each time.
 */
export function refuseUnstorableUrlText(req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
  const route = req.routeOptions.url;
  if (!route || !(route.startsWith('/verify/') || route.startsWith('/admin/'))) return done();
  const issues = [...unstorableText(req.params, ['params']), ...unstorableText(req.query, ['query'])];
  done(issues.length ? unstorableTextRefusal(issues) : undefined);
}

/**
 * secure-json-parse (inside Fastify's parser) refuses a `__proto__` key, or `constructor` holding
 * `prototype`: the guard against prototype poisoning. Such a body is well-formed JSON, so the
 * answer is REQUEST_INVALID (a property no endpoint takes), not BODY_INVALID_JSON.
 */
function isPrototypePoisoning(text: string): boolean {
  // Fastify reports both as FST_ERR_CTP_INVALID_JSON_BODY, without the cause: a body that the plain
  // JSON.parse takes can only have been refused for poisoning, escaped keys (\u005f_proto__) included.
  // Runs on the error path only.
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function poisonRefusal() {
  return invalidField(['body'], 'A property named __proto__, or constructor holding prototype, is not accepted.');
}
