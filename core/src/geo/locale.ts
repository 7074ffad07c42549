/** Locales of spec §2.1. */
export const SUPPORTED_LOCALES = ['en', 'es', 'fr', 'de', 'pt', 'pt-BR', 'ar', 'zh', 'ja', 'hi', 'nl'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];

/**
 * Normalises a requested locale (spec §2.1): `pt-BR` is kept (any case, `_` or `-`); any other
 * region tag is reduced to its language (`fr-CA` → `fr`, `pt-PT` → `pt`); `auto`, empty or an
 * unknown value gives null, which lets the browser decide.
 */
export function normaliseLocale(input: string | undefined | null): Locale | null {
  if (!input) return null;
  const tag = input.trim().replace(/_/g, '-');
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(tag)) return null;
  const [lang, region] = tag.split('-');
  const language = lang.toLowerCase();
  if (language === 'pt' && region?.toUpperCase() === 'BR') return 'pt-BR';
  return (SUPPORTED_LOCALES as readonly string[]).includes(language) ? (language as Locale) : null;
}
