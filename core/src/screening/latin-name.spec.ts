import { describe, expect, it } from 'vitest';
import { isLatinScript } from './latin-name.ts';

describe('isLatinScript', () => {
  it('holds when every letter is Latin, accented or not, whatever the punctuation and digits', () => {
    expect(isLatinScript('Saúl Antonio Ortega Campos')).toBe(true);
    expect(isLatinScript("AL-'ANIZI, 'Abd al-Rahman 2")).toBe(true);
    expect(isLatinScript('Владимир Путин')).toBe(false);
    expect(isLatinScript('Thirwat שחאתה')).toBe(false);
    expect(isLatinScript('习近平')).toBe(false);
  });
});
