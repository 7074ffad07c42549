// A member's passkeys: the box on the team page and the sign-in button. Both stay hidden until the
// script (passkeys.script.ts) finds WebAuthn in the browser; without it the pages work as before.
import type { core } from '@idgate/protos';
import { esc, shortTime } from './dashboard.views.ts';

/** The pages with a passkey box allow the one same-origin script and its fetches, nothing else. */
export const PASSKEY_PAGE_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export const PASSKEY_SCRIPT_TAG = '<script src="/dashboard/passkeys.js" defer></script>';

export function passkeySignInBox(): string {
  return `<div data-passkey-signin hidden data-failed-text="The passkey sign-in did not work; try again or use your password.">
<p><button class="secondary" type="button">Sign in with a passkey</button></p>
<p data-passkey-error aria-live="assertive"></p>
</div>`;
}

export function passkeysSection(o: { csrf: string; passkeys: core.DashboardPasskeyMessage[] }): string {
  const rows = o.passkeys
    .map(
      (p) => `<tr><td>${esc(p.name)}</td><td><time datetime="${esc(p.createdAt)}">${esc(shortTime(p.createdAt ?? ''))}</time></td>
<td>${p.lastUsedAt ? `<time datetime="${esc(p.lastUsedAt)}">${esc(shortTime(p.lastUsedAt))}</time>` : '—'}</td>
<td><form class="inline" method="post" action="/dashboard/passkeys/${esc(p.id)}/remove"><input type="hidden" name="csrf" value="${esc(o.csrf)}"><button class="danger" type="submit">Remove<span class="visually-hidden"> passkey ${esc(p.name)}</span></button></form></td></tr>`,
    )
    .join('\n');
  return `<h2>Your passkeys</h2>
${
  o.passkeys.length
    ? `<table><caption class="note">Passkeys that sign you in</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Added</th><th scope="col">Last used</th><th scope="col">Actions</th></tr></thead>
<tbody>${rows}</tbody></table>`
    : '<p class="note">You have no passkey yet: you sign in with your password.</p>'
}
<div data-passkey-add hidden data-csrf="${esc(o.csrf)}" data-failed-text="The passkey was not added; try again.">
<div class="row"><div><label for="passkey-name">Passkey name</label><input id="passkey-name" name="name" maxlength="60" placeholder="Laptop"></div>
<div><button type="button">Add a passkey</button></div></div>
<p data-passkey-error aria-live="assertive"></p>
</div>`;
}
