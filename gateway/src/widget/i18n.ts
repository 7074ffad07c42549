import { LOCALES, RTL_LOCALES, type MessageKey, type Messages } from './locales/index.ts';

/**
 * Locale rules of spec §2.1: `pt-BR` is kept, any other region tag is reduced to its language,
 * an unknown value (or `auto`) gives null so the caller falls back to the browser's language.
 */
export function normaliseLocale(tag: string | null | undefined): string | null {
  if (!tag) return null;
  const t = tag.trim().replace('_', '-');
  if (/^pt-br$/i.test(t)) return 'pt-BR';
  const lang = t.split('-')[0].toLowerCase();
  return lang in LOCALES ? lang : null;
}

/** The state's locale (already normalised by the server), else the first supported browser language, else en. */
export function pickLocale(stateLocale: string | null | undefined, browser: readonly string[]): string {
  for (const tag of [stateLocale, ...browser]) {
    const n = normaliseLocale(tag);
    if (n) return n;
  }
  return 'en';
}

export interface Translator {
  readonly locale: string;
  readonly dir: 'ltr' | 'rtl';
  t(key: MessageKey, vars?: Record<string, string | number>): string;
}

export function translator(locale: string): Translator {
  const messages: Messages = LOCALES[locale] ?? LOCALES.en;
  return {
    locale,
    dir: RTL_LOCALES.has(locale) ? 'rtl' : 'ltr',
    t: (key, vars = {}) => messages[key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? '')),
  };
}
