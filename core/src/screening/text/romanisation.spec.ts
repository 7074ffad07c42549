import { describe, expect, it } from 'vitest';
import { conventionsOf, spellingVariants } from './romanisation.ts';

const oldIndonesian = { oldIndonesian: true, germanRussian: false };
const germanRussian = { oldIndonesian: false, germanRussian: true };

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
    expect(spellingVariants('jahja', oldIndonesian)).toEqual(['yahya']);
    expect(spellingVariants('jose')).toEqual([]);
    expect(spellingVariants('juan')).toEqual([]);
    expect(conventionsOf('sjarif').oldIndonesian).toBe(true);
    expect(conventionsOf('jahja').oldIndonesian).toBe(false);
  });

  it('reads ch as kh in the older Indonesian spelling and in German transliterations of Russian, only there', () => {
    expect(spellingVariants('moechtar')).toEqual(['mukhtar', 'muchtar']);
    expect(spellingVariants('achmad', oldIndonesian)).toEqual(['akhmad']);
    expect(spellingVariants('charkow')).toEqual(['kharkow']);
    expect(spellingVariants('michailowitsch')).toEqual(['mikhailowitsch']);
    expect(spellingVariants('chalid', germanRussian)).toEqual(['khalid']);
    expect(conventionsOf('gorbatschow').germanRussian).toBe(true);
    // Without a convention ch is kh only before a consonant; before a vowel it is English ch
    // (Cyrillic ч): "Chernov" is not "Khernov".
    expect(spellingVariants('achmad')).toEqual(['akhmad']);
    expect(spellingVariants('mochtar')).toEqual(['mokhtar']);
    expect(spellingVariants('chernov')).toEqual([]);
    expect(spellingVariants('richard')).toEqual([]);
  });

  it('never reads ch as kh in sch/tsch, at the end of a word or at the start of a short word', () => {
    expect(spellingVariants('chan', germanRussian)).toEqual([]);
    expect(spellingVariants('chen', germanRussian)).toEqual([]);
    expect(spellingVariants('schmidt', germanRussian)).toEqual([]);
    expect(spellingVariants('petrowitsch')).toEqual([]);
    expect(spellingVariants('dietrich', germanRussian)).toEqual([]);
  });
});
