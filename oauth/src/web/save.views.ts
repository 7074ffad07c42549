import { escapeHtml as e } from './html.ts';
import { page, signInAlert, type SignInFailure } from './layout.ts';
import { t, type Locale } from './i18n/index.ts';
import type { MessageKey } from './i18n/en.ts';
import type { AgeProof } from '../accounts/age-proofs.ts';

interface Common {
  locale: Locale;
  theme?: 'light' | 'dark';
  base: string;
}

const METHOD_KEY: Record<AgeProof['method'], MessageKey> = {
  document: 'methodDocument',
  wallet: 'methodWallet',
  facial_estimate: 'methodFacial',
};

/** "Over 18 · checked with an identity document · 26 November 2026" */
export function proofSummary(l: Locale, p: AgeProof): string {
  const date = new Intl.DateTimeFormat(l, { dateStyle: 'long', timeZone: 'UTC' }).format(p.verifiedAt);
  return `${t(l, 'bracketOver', { age: String(p.bracket) })} · ${t(l, METHOD_KEY[p.method])} · ${date}`;
}

/**
 * The save page after a pass: what would be saved (bracket, method, date: nothing else), then
 * save to the signed-in service ID, sign in to one, create one, or go back without saving.
 */
export function savePage(
  v: Common & {
    ticket: string;
    proof: AgeProof;
    redirectUrl?: string;
    signedIn?: { email: string; csrf: string };
    failed?: SignInFailure | 'input' | 'mail';
  },
): string {
  const l = v.locale;
  const hidden = `<input type="hidden" name="save" value="${e(v.ticket)}"><input type="hidden" name="ui_locales" value="${e(l)}">`;
  const alert =
    v.failed === 'input' || v.failed === 'mail'
      ? `<p class="alert" role="alert">${e(t(l, v.failed === 'mail' ? 'signUpMailFailed' : 'signUpFailed'))}</p>`
      : signInAlert(l, v.failed);
  const signedIn = v.signedIn
    ? `<form method="post" action="${e(v.base)}/save/confirm">${hidden}<input type="hidden" name="csrf" value="${e(v.signedIn.csrf)}">
<button type="submit" id="save-signed-in">${e(t(l, 'saveTo', { email: v.signedIn.email }))}</button></form>`
    : `<h2>${e(t(l, 'saveSignInHeading'))}</h2>
<form method="post" action="${e(v.base)}/save/login">${hidden}
<label for="email">${e(t(l, 'email'))}</label><input id="email" name="email" type="email" autocomplete="username webauthn" required>
<label for="password">${e(t(l, 'password'))}</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${e(t(l, 'signIn'))}</button></form>
<h2>${e(t(l, 'saveCreateHeading'))}</h2>
<form method="post" action="${e(v.base)}/save/signup">${hidden}
<label for="display_name">${e(t(l, 'displayName'))}</label><input id="display_name" name="display_name" type="text" autocomplete="nickname" required maxlength="80">
<label for="new_email">${e(t(l, 'email'))}</label><input id="new_email" name="email" type="email" autocomplete="email" required>
<label for="new_password">${e(t(l, 'password'))}</label><input id="new_password" name="password" type="password" autocomplete="new-password" required minlength="10" aria-describedby="password-hint">
<p id="password-hint" class="note">${e(t(l, 'passwordHint'))}</p>
<button type="submit" id="create">${e(t(l, 'signUp'))}</button></form>`;
  return page({
    locale: l,
    theme: v.theme,
    title: t(l, 'saveTitle'),
    body: `<h1>${e(t(l, 'saveTitle'))}</h1>${alert}
<p id="offer"><strong>${e(proofSummary(l, v.proof))}</strong></p>
<p class="note">${e(t(l, 'saveKeeps'))}</p>
${signedIn}
${v.redirectUrl ? `<p><a id="skip" href="${e(v.redirectUrl)}">${e(t(l, 'saveSkip'))}</a></p>` : ''}`,
  });
}

/** After saving: what the service ID now holds, and the way back to the site. */
export function savedPage(v: Common & { proof: AgeProof; redirectUrl?: string; addPasskey?: string }): string {
  const l = v.locale;
  return page({
    locale: l,
    theme: v.theme,
    title: t(l, 'saveTitle'),
    body: `<h1>${e(t(l, 'savedHeading'))}</h1>
<p role="status" id="saved">${e(proofSummary(l, v.proof))}</p>
${v.addPasskey ?? ''}
${v.redirectUrl ? `<p><a id="continue" href="${e(v.redirectUrl)}">${e(t(l, 'saveContinue'))}</a></p>` : `<p><a href="${e(v.base)}/portal">${e(t(l, 'portalTitle'))}</a></p>`}`,
  });
}

/** Nothing to save: the window closed, it was saved already, or the session did not pass. */
export function nothingToSavePage(v: Common): string {
  const l = v.locale;
  return page({
    locale: l,
    theme: v.theme,
    title: t(l, 'saveTitle'),
    body: `<h1>${e(t(l, 'saveTitle'))}</h1><p role="alert" class="alert">${e(t(l, 'saveNothing'))}</p><p><a href="${e(v.base)}/portal">${e(t(l, 'portalTitle'))}</a></p>`,
  });
}
