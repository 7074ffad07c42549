import type { FastifyInstance } from 'fastify';
import type { WidgetBuild } from '../widget/build/build-widget.ts';

/**
 * Content security: only this origin's scripts, styles, models and API; WASM compilation for
 * onnxruntime-web ('wasm-unsafe-eval', not 'unsafe-eval'); no inline script or style; no framing.
 */
const csp = (formOrigins: string[]) =>
  [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    `form-action 'self'${formOrigins.map((o) => ` ${o}`).join('')}`,
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * The hosted widget page at {widget_url} (docs/widget.md). A static shell: the bundle (gateway/src/widget,
 * built by `npm run build:widget` or on gateway start when stale) reads ?t=, starts the widget
 * session and drives every step. Every asset is served by this service; no CDN.
 */
export function widgetPage(app: FastifyInstance, build: WidgetBuild, o: { saveUrl?: string } = {}): void {
  // Where a passed user may save the result to a service ID (a form POST to the provider's pages).
  const save = o.saveUrl ? ` data-save-url="${escapeAttribute(o.saveUrl)}"` : '';
  const formOrigins = o.saveUrl ? [new URL(o.saveUrl).origin] : [];
  const page = `<!doctype html>
<html lang="en" data-theme="system"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>Verification</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/widget/assets/${build.css}"><script type="module" src="/widget/assets/${build.entry}"></script></head>
<body><main id="app" data-step="loading"${save}><h1 id="step-heading" tabindex="-1">…</h1><p id="live" class="live" role="status" aria-live="polite"></p></main>
<noscript>JavaScript is required for this verification.</noscript></body></html>`;
  app.get('/widget', { schema: { hide: true } }, async (_req, reply) => {
    reply.headers({
      'content-security-policy': csp(formOrigins),
      'cache-control': 'no-store',
      'permissions-policy': 'camera=(self)',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    return reply.type('text/html; charset=utf-8').send(page);
  });
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
