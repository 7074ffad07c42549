import { escapeHtml as e } from './html.ts';
import { page } from './layout.ts';
import { t, type Locale } from './i18n/index.ts';

export function errorPage(locale: Locale, error: string, description: string): string {
  return page({
    locale,
    title: t(locale, 'errorTitle'),
    body: `<h1>${e(t(locale, 'errorTitle'))}</h1><p>${e(t(locale, 'errorIntro'))}</p><p class="note"><code>${e(error)}</code>: ${e(description)}</p>`,
  });
}
