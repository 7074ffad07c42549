import { describe, expect, it } from 'vitest';
import { charValue, checkDigit, checkDigitMatches } from './charset.ts';

describe('ICAO 9303 check digits', () => {
  it('values digits 0-9, letters 10-35 and the filler 0', () => {
    expect(['0', '9', 'A', 'K', 'Z', '<'].map(charValue)).toEqual([0, 9, 10, 20, 35, 0]);
    expect(charValue('a')).toBe(-1);
  });

  // Worked examples of ICAO Doc 9303 part 3 section 4.9 and the TD3 specimen of part 4.
  it.each([
    ['L898902C3', 6],
    ['740812', 2],
    ['120415', 9],
    ['ZE184226B<<<<<', 1],
    ['L898902C3674081221204159ZE184226B<<<<<1', 0],
    ['D23145890', 7],
    ['520727', 3],
    ['AB2134<<<', 5],
  ])('check digit of %s is %i', (field, digit) => {
    expect(checkDigit(field)).toBe(digit);
  });

  it('rejects characters outside the MRZ alphabet', () => {
    expect(checkDigit('AB-12')).toBe(-1);
    expect(checkDigitMatches('AB-12', '0')).toBe(false);
  });

  it('accepts a filler check digit only for an empty field where allowed', () => {
    expect(checkDigitMatches('<<<<<<<<<<<<<<', '<', true)).toBe(true);
    expect(checkDigitMatches('<<<<<<<<<<<<<<', '0', true)).toBe(true);
    expect(checkDigitMatches('<<<<<<<<<<<<<<', '<')).toBe(false);
    expect(checkDigitMatches('ZE184226B<<<<<', '<', true)).toBe(false);
  });
});
