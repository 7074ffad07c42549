import type { FastifyInstance } from 'fastify';

/**
 * The hosted widget page at {widget_url}. The full widget (camera, on-device models, document
 * capture, locales) is issue #8; until then this page starts the session from ?t=, shows the
 * state the server resolves, and lets the user cancel back to the tenant. It never fakes a pass.
 */
export function widgetPage(app: FastifyInstance): void {
  app.get('/widget', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('content-security-policy', "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:");
    reply.header('cache-control', 'no-store');
    return reply.type('text/html; charset=utf-8').send(PAGE);
  });
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Verification</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a;background:#fff}
@media (prefers-color-scheme: dark){body{background:#111;color:#eee}}button{font:inherit;padding:.5rem 1rem}</style></head>
<body><main><h1>Verification</h1><p id="status" role="status" aria-live="polite">Starting…</p>
<button id="cancel" type="button" hidden>Cancel and return</button></main>
<script type="module">
const status = document.getElementById('status');
const cancel = document.getElementById('cancel');
const token = new URLSearchParams(location.search).get('t');
const api = (path, init = {}) => fetch('/verify/v1/widget' + path, { ...init, headers: { 'content-type': 'application/json', ...(init.headers || {}) } }).then(async (r) => ({ ok: r.ok, body: await r.json() }));
let session = sessionStorage.getItem('xws:' + token);
async function show(state) {
  if (state.redirect_url) { location.replace(state.redirect_url); return; }
  cancel.hidden = false;
  status.textContent = state.step === 'face_capture'
    ? 'This device needs the camera check, which this page does not offer yet. You can cancel and return to the site.'
    : 'A document check is required, which is not available yet. You can cancel and return to the site.';
}
async function main() {
  if (!token) { status.textContent = 'This link is incomplete.'; return; }
  let res;
  if (session) res = await api('/session', { method: 'GET', headers: { 'x-widget-session': session } });
  else {
    res = await api('/sessions', { method: 'POST', body: JSON.stringify({ token }) });
    if (res.ok) { session = res.body.data.widget_session; sessionStorage.setItem('xws:' + token, session); }
  }
  if (!res.ok) { status.textContent = res.body.error ? res.body.error.message : 'Something went wrong.'; return; }
  show(res.body.data);
}
cancel.addEventListener('click', async () => {
  const res = await api('/session/cancel', { method: 'POST', headers: { 'x-widget-session': session } });
  if (res.ok) show(res.body.data); else status.textContent = res.body.error.message;
});
main();
</script></body></html>`;
