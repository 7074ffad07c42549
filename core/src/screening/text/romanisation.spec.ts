import { describe, expect, it } from 'vitest';
import { spellingVariants, usesOldIndonesianSpelling } from './romanisation.ts';

describe('spellingVariants', () => {
  it("reads the older Indonesian and Dutch spelling in today's: oe→u, dj→j, tj→c, sj→sy, nj→ny, j→y", () => {
    expect(spellingVariants('soekarno')).toEqual(['sukarno']);
    expect(spellingVariants('sjarif')).toEqual(['syarif']);
    expect(spellingVariants('tjahjo')).toEqual(['cahyo']);
    expect(spellingVariants('widjaja')).toEqual(['wijaya']);
    expect(spellingVariants('njoman')).toEqual(['nyoman']);
  });

  it('reads j as y only in a name that shows the older spelling somewhere', () => {
    expect(spellingVariants('jahja')).toEqual([]);
    expect(spellingVariants('jahja', true)).toEqual(['yahya']);
    expect(spellingVariants('jose')).toEqual([]);
    expect(spellingVariants('juan')).toEqual([]);
    expect(usesOldIndonesianSpelling('sjarif')).toBe(true);
    expect(usesOldIndonesianSpelling('jahja')).toBe(false);
  });

  it('reads ch as kh, but not in sch/tsch, not at the end, and not at the start of a short word', () => {
    expect(spellingVariants('achmad')).toEqual(['akhmad']);
    expect(spellingVariants('chalid')).toEqual(['khalid']);
    expect(spellingVariants('charkow')).toEqual(['kharkow']);
    expect(spellingVariants('moechtar')).toEqual(['muchtar', 'mukhtar']);
    expect(spellingVariants('chan')).toEqual([]);
    expect(spellingVariants('chen')).toEqual([]);
    expect(spellingVariants('schmidt')).toEqual([]);
    expect(spellingVariants('oleksandrovych')).toEqual([]);
    expect(spellingVariants('petrovitsch')).toEqual([]);
  });
});
