import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from '@idgate/platform';
import type { AccountService } from '../accounts/account-service.ts';
import { finish, interaction, type ConsentDeps, type Details } from './consent.routes.ts';
import { field, sendPage } from './http-helpers.ts';
import { pickLocale } from './i18n/index.ts';
import { themeOf } from './layout.ts';
import { signUpPage } from './portal.views.ts';
import type { SharedSignIn } from './shared-sign-in.ts';
import { refuseSignUp, signUpFromForm } from './sign-up-form.ts';

export interface ConsentSignUpDeps {
  provider: ConsentDeps['provider'];
  accounts: AccountService;
  signIn: SharedSignIn;
  base: string;
  log?: Logger;
}

/**
 * "Create one" on the consent screen: `GET/POST {auth_url}/consent/signup?session=<uid>`. Under
 * `/consent` because oidc-provider scopes the interaction cookie to that path. After the account
 * is made, the authorization goes on signed in (login step done, the portal signed in too) to the
 * consent step and back to the relying party; the confirmation mail goes out as from the portal.
 * The email is unconfirmed until the link is opened, and `email_verified` says so (docs/oauth.md).
 */
export function consentSignUpRoutes(app: FastifyInstance, d: ConsentSignUpDeps): void {
  const view = (req: FastifyRequest, details: Details) => ({
    locale: pickLocale(details.params.ui_locales ?? (req.query as Record<string, unknown>).ui_locales, req.headers['accept-language']),
    theme: themeOf((req.query as Record<string, unknown>).theme),
    base: d.base,
    session: details.uid,
    action: `${d.base}/consent/signup`,
    signInUrl: `${d.base}/consent?session=${encodeURIComponent(details.uid)}`,
  });

  app.get(`${d.base}/consent/signup`, async (req, reply) => {
    const details = await interaction(d, req, reply, String((req.query as Record<string, unknown>).session ?? ''));
    if (!details) return reply;
    return sendPage(reply, signUpPage(view(req, details)));
  });

  app.post(`${d.base}/consent/signup`, async (req, reply) => {
    const details = await interaction(d, req, reply, field(req, 'session'));
    if (!details) return reply;
    const result = await signUpFromForm(req, d.accounts, d.log);
    if ('failed' in result) return refuseSignUp(reply, result.failed, signUpPage({ ...view(req, details), failed: result.failed }));
    const ts = Math.floor(Date.now() / 1000);
    reply.raw.setHeader('set-cookie', await d.signIn.portalCookieFor(req, result.user.id, ts));
    return finish(d, reply, req, { login: { accountId: result.user.id, ts } }, false);
  });
}
