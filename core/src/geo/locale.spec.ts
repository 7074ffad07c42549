import { describe, expect, it } from 'vitest';
import { normaliseLocale } from './locale.ts';

describe('normaliseLocale (spec §2.1)', () => {
  it.each([
    ['en', 'en'],
    ['pt-BR', 'pt-BR'],
    ['pt-br', 'pt-BR'],
    ['pt_BR', 'pt-BR'],
    ['pt-PT', 'pt'],
    ['fr-CA', 'fr'],
    ['de-AT', 'de'],
    ['zh-Hant-TW', 'zh'],
    ['AR', 'ar'],
    ['ja', 'ja'],
    ['hi-IN', 'hi'],
    ['nl-BE', 'nl'],
  ])('%s → %s', (input, expected) => expect(normaliseLocale(input)).toBe(expected));

  it.each(['auto', 'xx', 'klingon', '', 'en-', '💥', 'e'])('%s lets the browser decide (null)', (input) => {
    expect(normaliseLocale(input)).toBeNull();
  });
});
