import { describe, expect, it } from 'vitest';
import { normaliseLocale, pickLocale, translator } from '../i18n.ts';
import { en } from './en.ts';
import { LOCALES, RTL_LOCALES } from './index.ts';

// Proper nouns may read the same in every language; none of the current strings needs one.
const SAME_AS_ENGLISH_ALLOWED = new Set<string>();
const SPEC_LOCALES = ['en', 'es', 'fr', 'de', 'pt', 'pt-BR', 'ar', 'zh', 'ja', 'hi', 'nl'];

describe('widget locales (spec §2.1)', () => {
  it('covers exactly the locales of the spec', () => {
    expect(Object.keys(LOCALES).sort()).toEqual([...SPEC_LOCALES].sort());
  });

  it.each(SPEC_LOCALES.filter((l) => l !== 'en'))('%s translates every key, none left in English', (locale) => {
    const messages = LOCALES[locale];
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      const translated = messages[key as keyof typeof en];
      expect(translated.trim(), `${locale}.${key}`).not.toBe('');
      if (!SAME_AS_ENGLISH_ALLOWED.has(key)) expect(translated, `${locale}.${key} is English`).not.toBe(text);
      // Placeholders must survive translation.
      expect(translated.match(/\{\w+\}/g)?.sort() ?? [], `${locale}.${key} placeholders`).toEqual(text.match(/\{\w+\}/g)?.sort() ?? []);
    }
  });

  it('normalises tags: pt-BR kept, other regions reduced, unknown → null', () => {
    expect(normaliseLocale('pt-br')).toBe('pt-BR');
    expect(normaliseLocale('pt_BR')).toBe('pt-BR');
    expect(normaliseLocale('pt-PT')).toBe('pt');
    expect(normaliseLocale('en-GB')).toBe('en');
    expect(normaliseLocale('zh-Hant-TW')).toBe('zh');
    expect(normaliseLocale('auto')).toBeNull();
    expect(normaliseLocale('xx')).toBeNull();
    expect(normaliseLocale(null)).toBeNull();
  });

  it('falls back to the browser languages, then English', () => {
    expect(pickLocale(null, ['sv-SE', 'de-AT'])).toBe('de');
    expect(pickLocale('ja', ['de'])).toBe('ja');
    expect(pickLocale(undefined, ['sv'])).toBe('en');
  });

  it('marks Arabic right-to-left and fills placeholders', () => {
    expect(RTL_LOCALES.has('ar')).toBe(true);
    expect(translator('ar').dir).toBe('rtl');
    expect(translator('en').t('progress', { done: 2, total: 5 })).toBe('Checking: 2 of 5');
  });
});
