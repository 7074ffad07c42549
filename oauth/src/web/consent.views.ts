import { escapeHtml as e } from './html.ts';
import { page, signInAlert, type SignInFailure } from './layout.ts';
import { t, type Locale } from './i18n/index.ts';
import type { MessageKey } from './i18n/en.ts';
import { passkeySignIn } from './passkeys.views.ts';

interface LoginView {
  locale: Locale;
  theme?: 'light' | 'dark';
  session: string;
  action: string;
  clientName: string;
  signUpUrl: string;
  failed?: SignInFailure;
  email?: string;
  /** {auth_url}'s path: offers "Sign in with a passkey" beside the form. */
  passkeyBase?: string;
}

export function loginPage(v: LoginView): string {
  const l = v.locale;
  return page({
    locale: l,
    theme: v.theme,
    title: t(l, 'signInTitle'),
    body: `<h1>${e(t(l, 'signInTo', { client: v.clientName }))}</h1>
${signInAlert(l, v.failed)}
<form method="post" action="${e(v.action)}">
<input type="hidden" name="session" value="${e(v.session)}">
<label for="email">${e(t(l, 'email'))}</label><input id="email" name="email" type="email" autocomplete="username" required value="${e(v.email ?? '')}">
<label for="password">${e(t(l, 'password'))}</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${e(t(l, 'signIn'))}</button>
</form>
${v.passkeyBase !== undefined ? passkeySignIn(l, { base: v.passkeyBase, session: v.session }) : ''}
<p class="note">${e(t(l, 'noAccount'))} <a href="${e(v.signUpUrl)}">${e(t(l, 'createAccount'))}</a></p>`,
  });
}

interface ConsentView {
  locale: Locale;
  theme?: 'light' | 'dark';
  session: string;
  confirmAction: string;
  denyAction: string;
  clientName: string;
  clientLogo: string | null;
  scopes: string[];
  redirectUri: string;
}

export function consentPage(v: ConsentView): string {
  const l = v.locale;
  const items = v.scopes.map((s) => `<li>${e(t(l, `scope_${s}` as MessageKey))}</li>`).join('');
  const logo = v.clientLogo ? `<img src="${e(v.clientLogo)}" alt="">` : '';
  const hidden = `<input type="hidden" name="session" value="${e(v.session)}">`;
  return page({
    locale: l,
    theme: v.theme,
    title: t(l, 'consentTitle'),
    body: `<div class="client">${logo}<h1>${e(t(l, 'consentHeading', { client: v.clientName }))}</h1></div>
<p>${e(t(l, 'consentIntro', { client: v.clientName }))}</p>
<ul class="scopes">${items}</ul>
<p class="note">${e(t(l, 'redirectNote', { uri: new URL(v.redirectUri).origin }))}</p>
<div class="actions">
<form method="post" action="${e(v.confirmAction)}">${hidden}<button type="submit">${e(t(l, 'allow'))}</button></form>
<form method="post" action="${e(v.denyAction)}">${hidden}<button type="submit" class="secondary">${e(t(l, 'deny'))}</button></form>
</div>`,
  });
}
