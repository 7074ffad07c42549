import type { KoaContextWithOIDC } from 'oidc-provider';
import { errorPage } from '../web/error.views.ts';
import { pickLocale } from '../web/i18n/index.ts';
import { PAGE_HEADERS } from '../web/layout.ts';

/**
 * The HTML error page of the authorization endpoint. It is shown instead of a redirect when
 * the client or redirect_uri cannot be trusted (C-OIDF-4, C-BCP-3): nothing sends the browser
 * to an unregistered URI.
 */
export async function renderError(ctx: KoaContextWithOIDC, out: { error?: string; error_description?: string }): Promise<void> {
  const locale = pickLocale(ctx.query.ui_locales, ctx.get('accept-language'));
  ctx.set({ ...PAGE_HEADERS });
  ctx.type = 'html';
  ctx.body = errorPage(locale, out.error ?? 'server_error', out.error_description ?? '');
}
