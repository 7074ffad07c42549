import type { KoaContextWithOIDC } from 'oidc-provider';
import { errorPage } from '../web/error.views.ts';
import { pickLocale } from '../web/i18n/index.ts';
import { PAGE_HEADERS } from '../web/layout.ts';

/** Routes a browser navigates to; every other endpoint is for programs and answers JSON. */
const BROWSER_ROUTES = new Set(['authorization', 'resume']);

/**
 * The HTML error page of the authorization endpoint. It is shown instead of a redirect when
 * the client or redirect_uri cannot be trusted (C-OIDF-4, C-BCP-3): nothing sends the browser
 * to an unregistered URI. The token, introspection, revocation and userinfo endpoints answer
 * `{ error, error_description }` whatever the Accept header asks for (spec §4.2), so a client
 * that prefers HTML still gets its error, and its failed authentication still counts.
 */
export async function renderError(ctx: KoaContextWithOIDC, out: { error?: string; error_description?: string }): Promise<void> {
  if (!BROWSER_ROUTES.has(ctx.oidc?.route ?? '')) {
    ctx.body = out;
    return;
  }
  const locale = pickLocale(ctx.query.ui_locales, ctx.get('accept-language'));
  ctx.set({ ...PAGE_HEADERS });
  ctx.type = 'html';
  ctx.body = errorPage(locale, out.error ?? 'server_error', out.error_description ?? '');
}
