import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The pages' one script, served same-origin (the pages' CSP allows `script-src 'self'`, no
 * inline code): @simplewebauthn/browser's UMD build (global `SimpleWebAuthnBrowser`), then the
 * page logic below. It shows the passkey boxes only where the browser supports WebAuthn, runs
 * the ceremonies against the JSON endpoints (passkeys/passkeys.routes.ts) and follows the
 * `redirect_to` they answer; a failure shows the box's localised message. Plain ES2017 in a
 * string: it runs in the browser, never in Node.
 */
const PAGE_SCRIPT = `
(function () {
  'use strict';
  var swa = window.SimpleWebAuthnBrowser;
  async function post(url, body, headers) {
    var res = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: Object.assign({ 'content-type': 'application/json', accept: 'application/json' }, headers || {}),
      body: JSON.stringify(body),
    });
    var json = await res.json().catch(function () { return {}; });
    if (!json.success) throw { status: res.status };
    return json.data;
  }
  function fail(box, err) {
    var out = box.querySelector('[data-passkey-error]');
    out.textContent = box.getAttribute(err && err.status === 429 ? 'data-throttled-text' : 'data-failed-text');
    out.className = 'alert';
  }
  function wire(box, run) {
    if (!swa || !swa.browserSupportsWebAuthn()) return;
    box.hidden = false;
    var button = box.querySelector('button');
    button.addEventListener('click', async function () {
      button.disabled = true;
      try {
        window.location.assign(await run());
      } catch (err) {
        fail(box, err);
        button.disabled = false;
      }
    });
  }
  document.querySelectorAll('[data-passkey-signin]').forEach(function (box) {
    var session = box.getAttribute('data-session');
    var body = session ? { session: session } : {};
    wire(box, async function () {
      var options = await post(box.getAttribute('data-options'), body);
      var response = await swa.startAuthentication({ optionsJSON: options });
      return (await post(box.getAttribute('data-verify'), Object.assign({ response: response }, body))).redirect_to;
    });
  });
  document.querySelectorAll('[data-passkey-register]').forEach(function (box) {
    var csrf = { 'x-csrf-token': box.getAttribute('data-csrf') };
    wire(box, async function () {
      var options = await post(box.getAttribute('data-options'), {}, csrf);
      var response = await swa.startRegistration({ optionsJSON: options });
      var name = box.querySelector('input').value;
      await post(box.getAttribute('data-verify'), { response: response, name: name }, csrf);
      return box.getAttribute('data-done');
    });
  });
})();
`;

/** The UMD bundle's path (the package exports only its modules, so it is found beside them). */
function browserBundle(): string {
  const entry = createRequire(import.meta.url).resolve('@simplewebauthn/browser');
  const source = readFileSync(join(dirname(entry), '..', 'dist', 'bundle', 'index.umd.min.js'), 'utf8');
  return source.replace(/\/\/# sourceMappingURL=\S+\s*$/, '');
}

let cached: string | undefined;

/** The script's text, read once. */
export function passkeysScript(): string {
  return (cached ??= `${browserBundle()}\n${PAGE_SCRIPT}`);
}
