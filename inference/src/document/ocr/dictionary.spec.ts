import { describe, expect, it } from 'vitest';
import { buildDictionary, MRZ_ALPHABET } from './dictionary.ts';

describe('buildDictionary', () => {
  it('puts the blank first and the space last, and indexes the MRZ alphabet', () => {
    const d = buildDictionary(`中\n${[...MRZ_ALPHABET].join('\n')}\n`);
    expect(d.classes[0]).toBe('');
    expect(d.classes[1]).toBe('中');
    expect(d.classes.at(-1)).toBe(' ');
    expect([...d.mrzClasses].map((i) => d.classes[i]).join('')).toBe(MRZ_ALPHABET);
  });

  it('refuses a dictionary without the MRZ alphabet', () => {
    expect(() => buildDictionary('a\nb')).toThrow(/lacks/);
  });
});
