import { escapeHtml as e } from './html.ts';
import { page, signInAlert, type SignInFailure } from './layout.ts';
import { t, type Locale } from './i18n/index.ts';
import type { MessageKey } from './i18n/en.ts';
import type { GrantView } from '../accounts/grants.ts';
import type { User } from '../accounts/users.repository.ts';
import { proofSummary } from './save.views.ts';

interface Common {
  locale: Locale;
  theme?: 'light' | 'dark';
  base: string;
}

export function portalLoginPage(v: Common & { failed?: SignInFailure; notice?: MessageKey }): string {
  const l = v.locale;
  return page({
    locale: l,
    theme: v.theme,
    title: t(l, 'portalTitle'),
    body: `<h1>${e(t(l, 'portalTitle'))}</h1>${notice(l, v.notice)}
${signInAlert(l, v.failed)}
<form method="post" action="${e(v.base)}/portal/login">
<label for="email">${e(t(l, 'email'))}</label><input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">${e(t(l, 'password'))}</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${e(t(l, 'signIn'))}</button></form>
<p class="note">${e(t(l, 'noAccount'))} <a href="${e(v.base)}/signup">${e(t(l, 'createAccount'))}</a></p>`,
  });
}

/** `session`: sign-up from the consent screen, which goes on with that authorization (consent-signup.routes.ts). */
export function signUpPage(v: Common & { failed?: 'input' | 'mail'; session?: string; action?: string; signInUrl?: string }): string {
  const l = v.locale;
  return page({
    locale: l,
    theme: v.theme,
    title: t(l, 'signUpTitle'),
    body: `<h1>${e(t(l, 'signUpTitle'))}</h1>
${v.failed ? `<p class="alert" role="alert">${e(t(l, v.failed === 'mail' ? 'signUpMailFailed' : 'signUpFailed'))}</p>` : ''}
<form method="post" action="${e(v.action ?? `${v.base}/signup`)}">${v.session ? `<input type="hidden" name="session" value="${e(v.session)}">` : ''}
<label for="display_name">${e(t(l, 'displayName'))}</label><input id="display_name" name="display_name" type="text" autocomplete="nickname" required maxlength="80">
<label for="email">${e(t(l, 'email'))}</label><input id="email" name="email" type="email" autocomplete="email" required>
<label for="password">${e(t(l, 'password'))}</label><input id="password" name="password" type="password" autocomplete="new-password" required minlength="10" aria-describedby="password-hint">
<p id="password-hint" class="note">${e(t(l, 'passwordHint'))}</p>
<button type="submit">${e(t(l, 'signUp'))}</button></form>
<p class="note">${e(t(l, 'haveAccount'))} <a href="${e(v.signInUrl ?? `${v.base}/portal`)}">${e(t(l, 'signIn'))}</a></p>`,
  });
}

export function portalPage(v: Common & { user: User; grants: GrantView[]; csrf: string; notice?: MessageKey }): string {
  const l = v.locale;
  const csrf = `<input type="hidden" name="csrf" value="${e(v.csrf)}">`;
  const grants =
    v.grants.length === 0
      ? `<p>${e(t(l, 'noGrants'))}</p>`
      : `<ul class="grants">${v.grants
          .map(
            (g) => `<li><div class="client">${g.clientLogo ? `<img src="${e(g.clientLogo)}" alt="">` : ''}<strong>${e(g.clientName)}</strong></div>
<ul class="scopes">${g.scopes.map((s) => `<li>${e(t(l, `scope_${s}` as MessageKey))}</li>`).join('')}</ul>
<form method="post" action="${e(v.base)}/portal/grants/revoke">${csrf}<input type="hidden" name="client_id" value="${e(g.clientId)}">
<button type="submit" class="secondary" aria-label="${e(t(l, 'revoke'))}: ${e(g.clientName)}">${e(t(l, 'revoke'))}</button></form></li>`,
          )
          .join('')}</ul>`;
  return page({
    locale: l,
    theme: v.theme,
    title: t(l, 'portalTitle'),
    body: `<h1>${e(t(l, 'portalTitle'))}</h1>${notice(l, v.notice)}
<p>${e(v.user.displayName)} · ${e(v.user.email)}${v.user.emailVerified ? '' : ` <span class="note">(${e(t(l, 'emailUnverified'))})</span>`}</p>
${ageSection(l, v.user)}
<h2>${e(t(l, 'grantsHeading'))}</h2><p class="note">${e(t(l, 'grantsIntro'))}</p>${grants}
<h2>${e(t(l, 'deleteHeading'))}</h2><p>${e(t(l, 'deleteWarning'))}</p>
<form method="post" action="${e(v.base)}/portal/delete">${csrf}
<label><input type="checkbox" name="confirm" value="yes" required> ${e(t(l, 'deleteConfirmLabel'))}</label>
<button type="submit" class="danger">${e(t(l, 'deleteButton'))}</button></form>
<form method="post" action="${e(v.base)}/portal/logout">${csrf}<button type="submit" class="secondary">${e(t(l, 'signOut'))}</button></form>`,
  });
}

export function messagePage(v: Common & { message: MessageKey }): string {
  return page({
    locale: v.locale,
    theme: v.theme,
    title: t(v.locale, 'portalTitle'),
    body: `<h1>${e(t(v.locale, 'portalTitle'))}</h1><p role="status">${e(t(v.locale, v.message))}</p><p><a href="${e(v.base)}/portal">${e(t(v.locale, 'portalTitle'))}</a></p>`,
  });
}

/** What the service ID proved of its age: one line per method (bracket, method, date), nothing else exists. */
function ageSection(l: Locale, user: User): string {
  const lines = user.ageProofs.map((p) => `<li>${e(proofSummary(l, p))}</li>`).join('');
  return `<h2>${e(t(l, 'ageHeading'))}</h2>${lines ? `<ul id="age-proofs">${lines}</ul>` : `<p>${e(t(l, 'ageNone'))}</p>`}`;
}

function notice(l: Locale, key: MessageKey | undefined): string {
  return key ? `<p role="status">${e(t(l, key))}</p>` : '';
}
