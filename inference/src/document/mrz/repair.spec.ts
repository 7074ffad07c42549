import { describe, expect, it } from 'vitest';
import { lengthVariants } from './repair.ts';

describe('line length repair', () => {
  it('pads or trims a name line at its end only', () => {
    expect(lengthVariants('P<CZESPECIMEN<<VZOR<<<<', 24, false)).toEqual(['P<CZESPECIMEN<<VZOR<<<<<']);
    expect(lengthVariants('P<CZESPECIMEN<<VZOR<<<<<<', 24, false)).toEqual(['P<CZESPECIMEN<<VZOR<<<<<']);
  });

  it('tries every filler run of a line with check digits', () => {
    const variants = lengthVariants('AB<<12<<<3', 11, true);
    expect(variants).toContain('AB<<<12<<<3');
    expect(variants).toContain('AB<<12<<<<3');
    expect(variants.every((v) => v.length === 11)).toBe(true);
  });

  it('leaves a line of the right length alone', () => {
    expect(lengthVariants('ABC', 3, true)).toEqual(['ABC']);
  });
});
