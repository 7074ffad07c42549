import { EN, type MessageKey, type Messages } from './en.ts';
import { EUROPE } from './europe.ts';
import { ASIA } from './asia.ts';
import { PASSKEY_MESSAGES } from './passkeys.ts';
import { SERVICE_ID_MESSAGES } from './service-id.ts';

/** Locales of spec §2.1; `ar` renders right to left. */
export const LOCALES = ['en', 'es', 'fr', 'de', 'pt', 'pt-BR', 'ar', 'zh', 'ja', 'hi', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];

const TABLE: Record<string, Messages> = { en: EN, ...EUROPE, ...ASIA };

export function isRtl(locale: Locale): boolean {
  return locale === 'ar';
}

/** The message in `locale` (English when missing), with `{name}` placeholders filled. */
export function t(locale: Locale, key: MessageKey, vars: Record<string, string> = {}): string {
  const text =
    TABLE[locale]?.[key] ??
    (PASSKEY_MESSAGES[locale] as Messages | undefined)?.[key] ??
    (SERVICE_ID_MESSAGES[locale] as Messages | undefined)?.[key] ??
    EN[key];
  return text.replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? '');
}

/**
 * The locale to render: the first supported tag of `ui_locales` (OIDC), then Accept-Language.
 * pt-BR is kept as is; other regional tags fall back to their language (docs/decisions/locale.md).
 */
export function pickLocale(uiLocales: unknown, acceptLanguage: string | undefined): Locale {
  const wanted = [
    ...(typeof uiLocales === 'string' ? uiLocales.split(/\s+/) : []),
    ...(acceptLanguage ?? '').split(',').map((part) => part.split(';')[0].trim()),
  ];
  for (const tag of wanted) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return 'en';
}

function matchLocale(tag: string): Locale | undefined {
  const norm = tag.replace('_', '-').toLowerCase();
  if (norm === 'pt-br') return 'pt-BR';
  const lang = norm.split('-')[0];
  return (LOCALES as readonly string[]).includes(lang) ? (lang as Locale) : undefined;
}

export type { MessageKey };
