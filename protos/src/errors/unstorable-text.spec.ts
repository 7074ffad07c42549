import { describe, expect, it } from 'vitest';
import { unstorableText } from './unstorable-text.ts';

describe('unstorableText: where a JSON value holds U+0000 or a lone surrogate', () => {
  it('finds them in strings, nested objects, arrays and property names, by location only', () => {
    const value = { a: 'ok', b: { c: ['fine', 'x\u0000y'] }, ['k\udc00']: 1, d: 'high \ud83d alone', e: 'low \ude00 alone' };
    expect(unstorableText(value, ['body'])).toEqual([
      { loc: ['body', 'b', 'c', '1'], msg: expect.stringContaining('U+0000'), type: 'nul_character' },
      { loc: ['body'], msg: expect.stringMatching(/^a property name contains a lone UTF-16 surrogate/), type: 'lone_surrogate' },
      { loc: ['body', 'd'], msg: expect.any(String), type: 'lone_surrogate' },
      { loc: ['body', 'e'], msg: expect.any(String), type: 'lone_surrogate' },
    ]);
  });

  it('accepts surrogate pairs, other control-free text, numbers, null and booleans', () => {
    expect(unstorableText({ emoji: '\ud83d\ude00', text: 'back\\u0000slash é', n: 1, z: null, t: true, arr: [] }, ['body'])).toEqual([]);
  });

  it('reports at most 10 issues', () => {
    expect(
      unstorableText(
        Array.from({ length: 1000 }, () => '\u0000'),
        ['body'],
      ),
    ).toHaveLength(10);
  });
});
