import { escapeHtml as e } from './html.ts';
import { t, type Locale } from './i18n/index.ts';
import type { PasskeySummary } from '../passkeys/passkey-service.ts';

/** Where the pages' script lives (passkeys/passkeys.routes.ts serves it). */
export function passkeysScriptUrl(base: string): string {
  return `${base}/passkeys/passkeys.js`;
}

const script = (base: string) => `<script src="${e(passkeysScriptUrl(base))}" defer></script>`;

/** Texts the script shows when a ceremony fails (it cannot localise by itself). */
const failureTexts = (l: Locale, failed: 'passkeyFailed' | 'passkeyAddFailed') =>
  `data-failed-text="${e(t(l, failed))}" data-throttled-text="${e(t(l, 'loginThrottled'))}"`;

/**
 * "Sign in with a passkey" beside a password form: hidden until the script finds WebAuthn. At
 * the consent screen `session` names the interaction the sign-in completes; at the portal it is
 * absent and the sign-in opens a portal session.
 */
export function passkeySignIn(l: Locale, o: { base: string; session?: string }): string {
  const urls = o.session
    ? `data-options="${e(o.base)}/consent/passkey/options" data-verify="${e(o.base)}/consent/passkey" data-session="${e(o.session)}"`
    : `data-options="${e(o.base)}/passkeys/login/options" data-verify="${e(o.base)}/passkeys/login"`;
  return `<div class="passkey" hidden data-passkey-signin ${urls} ${failureTexts(l, 'passkeyFailed')}>
<p class="note">${e(t(l, 'passkeyOr'))}</p>
<button type="button" class="secondary">${e(t(l, 'passkeySignIn'))}</button>
<div role="alert" data-passkey-error></div>
</div>${script(o.base)}`;
}

/** The portal's passkeys: each with its dates and a remove form, then "Add a passkey". */
export function passkeysSection(l: Locale, o: { base: string; csrf: string; passkeys: PasskeySummary[] }): string {
  const date = (d: Date) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' }).format(d);
  const csrf = `<input type="hidden" name="csrf" value="${e(o.csrf)}">`;
  const items = o.passkeys
    .map(
      (p) => `<li><strong>${e(p.name)}</strong>
<span class="note">${e(t(l, 'passkeyCreated', { date: date(p.createdAt) }))} · ${e(p.lastUsedAt ? t(l, 'passkeyLastUsed', { date: date(p.lastUsedAt) }) : t(l, 'passkeyNeverUsed'))}</span>
<form method="post" action="${e(o.base)}/portal/passkeys/remove">${csrf}<input type="hidden" name="passkey_id" value="${e(p.id)}">
<button type="submit" class="secondary" aria-label="${e(t(l, 'passkeyRemove'))}: ${e(p.name)}">${e(t(l, 'passkeyRemove'))}</button></form></li>`,
    )
    .join('');
  return `<h2>${e(t(l, 'passkeysHeading'))}</h2><p class="note">${e(t(l, 'passkeysIntro'))}</p>
${o.passkeys.length ? `<ul class="passkeys">${items}</ul>` : `<p>${e(t(l, 'noPasskeys'))}</p>`}
<div class="passkey" hidden data-passkey-register data-options="${e(o.base)}/passkeys/register/options" data-verify="${e(o.base)}/passkeys/register" data-csrf="${e(
    o.csrf,
  )}" data-done="${e(o.base)}/portal?notice=passkeyAdded" ${failureTexts(l, 'passkeyAddFailed')}>
<label for="passkey-name">${e(t(l, 'passkeyName'))}</label><input id="passkey-name" type="text" maxlength="60" autocomplete="off">
<button type="button">${e(t(l, 'passkeyAdd'))}</button>
<div role="alert" data-passkey-error></div>
</div>${script(o.base)}`;
}
