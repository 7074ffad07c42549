import { describe, expect, it } from 'vitest';
import { LOCALES, t } from './index.ts';
import { SERVICE_ID_EN, SERVICE_ID_MESSAGES } from './service-id.ts';

describe('save page and portal age strings', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s translates every key, none left in English, placeholders kept', (locale) => {
    const messages = SERVICE_ID_MESSAGES[locale];
    expect(Object.keys(messages).sort()).toEqual(Object.keys(SERVICE_ID_EN).sort());
    for (const [key, english] of Object.entries(SERVICE_ID_EN)) {
      const text = messages[key as keyof typeof SERVICE_ID_EN]!;
      expect(text, `${locale}.${key}`).not.toBe(english);
      expect(text.match(/\{\w+\}/g) ?? [], `${locale}.${key}`).toEqual(english.match(/\{\w+\}/g) ?? []);
    }
  });

  it('fills placeholders through t()', () => {
    expect(t('ja', 'bracketOver', { age: '18' })).toBe('18 歳以上');
    expect(t('en', 'saveTo', { email: 'a@b.example' })).toBe('Save to a@b.example');
  });
});
