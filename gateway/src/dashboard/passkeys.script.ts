import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The dashboard's one script, served same-origin at /dashboard/passkeys.js (only the pages that
 * offer a passkey allow `script-src 'self'`; no inline code anywhere): @simplewebauthn/browser's
 * UMD build, then the page logic below, as oauth's passkeys.script.ts does for service IDs. The
 * passkey boxes stay hidden where the browser has no WebAuthn, so those pages work without it.
 * Plain ES2017 in a string: it runs in the browser, never in Node.
 */
const PAGE_SCRIPT = `
(function () {
  'use strict';
  var swa = window.SimpleWebAuthnBrowser;
  async function post(url, body, csrf) {
    var headers = { 'content-type': 'application/json', accept: 'application/json' };
    if (csrf) headers['x-csrf-token'] = csrf;
    var res = await fetch(url, { method: 'POST', credentials: 'same-origin', headers: headers, body: JSON.stringify(body) });
    var json = await res.json().catch(function () { return {}; });
    if (!res.ok) throw { message: json.message };
    return json;
  }
  function wire(box, run) {
    if (!swa || !swa.browserSupportsWebAuthn()) return;
    box.hidden = false;
    var button = box.querySelector('button');
    var out = box.querySelector('[data-passkey-error]');
    button.addEventListener('click', async function () {
      button.disabled = true;
      out.textContent = '';
      out.className = '';
      try {
        window.location.assign(await run());
      } catch (err) {
        out.textContent = (err && err.message) || box.getAttribute('data-failed-text');
        out.className = 'alert';
        button.disabled = false;
      }
    });
  }
  document.querySelectorAll('[data-passkey-signin]').forEach(function (box) {
    wire(box, async function () {
      var options = await post('/dashboard/passkeys/sign-in/options', {});
      var response = await swa.startAuthentication({ optionsJSON: options });
      return (await post('/dashboard/passkeys/sign-in', { response: response })).redirect_to;
    });
  });
  document.querySelectorAll('[data-passkey-add]').forEach(function (box) {
    var csrf = box.getAttribute('data-csrf');
    wire(box, async function () {
      var options = await post('/dashboard/passkeys/options', {}, csrf);
      var response = await swa.startRegistration({ optionsJSON: options });
      var name = box.querySelector('input').value;
      return (await post('/dashboard/passkeys', { response: response, name: name }, csrf)).redirect_to;
    });
  });
})();
`;

function browserBundle(): string {
  const entry = createRequire(import.meta.url).resolve('@simplewebauthn/browser');
  const source = readFileSync(join(dirname(entry), '..', 'dist', 'bundle', 'index.umd.min.js'), 'utf8');
  return source.replace(/\/\/# sourceMappingURL=\S+\s*$/, '');
}

let cached: string | undefined;

/** The script's text, read once. */
export function dashboardPasskeysScript(): string {
  return (cached ??= `${browserBundle()}\n${PAGE_SCRIPT}`);
}
