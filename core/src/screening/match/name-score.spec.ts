import { describe, expect, it } from 'vitest';
import { scoreNames } from './score-names.ts';
import { DEFAULT_MATCH_THRESHOLD as T } from '../screen.ts';

describe('scoreNames (name score, README.md "Name score")', () => {
  it('scores identical names 1 and ignores token order, case and a "LAST, First" comma', () => {
    expect(scoreNames('Vladimir Putin', 'Vladimir Putin')).toBe(1);
    expect(scoreNames('PUTIN, Vladimir', 'Vladimir Putin')).toBe(1);
  });

  it('matches across scripts and transliteration standards', () => {
    expect(scoreNames('Владимир Путин', 'Vladimir Putin')).toBeGreaterThanOrEqual(T);
    expect(scoreNames('Wladimir Putin', 'Vladimir Putin')).toBeGreaterThanOrEqual(T);
    expect(scoreNames('Sergey Lavrov', 'Sergei Lavrov')).toBeGreaterThanOrEqual(T);
    expect(scoreNames('Muhammad bin Salman', 'Mohammed bin Salman')).toBeGreaterThanOrEqual(T);
    expect(scoreNames('فرناندو بيريز', 'Fernando Pérez')).toBeGreaterThan(0.5);
  });

  it('tolerates one typo, a split or joined word and an initial', () => {
    expect(scoreNames('Olaf Scholze', 'Olaf Scholz')).toBeGreaterThanOrEqual(T);
    expect(scoreNames('Donlad Trump', 'Donald Trump')).toBeGreaterThanOrEqual(T);
    expect(scoreNames('VladimirPutin', 'Vladimir Putin')).toBeGreaterThanOrEqual(T);
    expect(scoreNames('Nikolai Patr ushev', 'Nikolai Patrushev')).toBeGreaterThanOrEqual(T);
    expect(scoreNames('Hans J Friedrich', 'Hans Joachim Friedrich')).toBeGreaterThanOrEqual(T);
  });

  it('accepts a list name with extra middle parts, but not a lone shared given name', () => {
    expect(scoreNames('Vladimir Putin', 'Vladimir Vladimirovich Putin')).toBeGreaterThanOrEqual(T);
    expect(scoreNames('John Smith', 'John')).toBeLessThan(T);
  });

  it('rejects a contradicting part even when the others agree', () => {
    expect(scoreNames('Sergey Viktorovich Lavrov', 'Sergey Borisovitch Lavrov')).toBeLessThan(T);
    expect(scoreNames('SADDAM HUSSEIN AL-DULAIMI', 'SADDAM HUSSEIN AL-TIKRITI')).toBeLessThan(T);
    expect(scoreNames('Hans O Friedrich', 'Hans Joachim Friedrich')).toBeLessThan(T);
    expect(scoreNames('James Lankford', 'James L. Jones')).toBeLessThan(T);
  });

  it('matches a particle written joined to its word ("AlZindani", "ALHAQ") like the spaced form', () => {
    expect(scoreNames('Omar AlZindani', 'Omar Al-Zindani')).toBe(1);
    expect(scoreNames('OMAR ALZINDANI', 'Omar Al-Zindani')).toBe(1);
    expect(scoreNames('SAMIR ALHAQ', 'Samir AL-HAQ')).toBe(1);
    expect(scoreNames('Samir Al Haq', 'Samir Alhaq')).toBe(1);
    // The joined word takes its own particle even when the name repeats the particle.
    expect(scoreNames('KARIM BENSALEM BEN AL HADI AL TOUNSI', 'Karim Ben Salem Ben Al-Hadi AL-TOUNSI')).toBe(1);
  });

  it('does not read a name that begins like a particle as particle and name ("Albert" is not "Bert")', () => {
    expect(scoreNames('Albert Smith', 'Al Bert Smith')).toBe(1);
    expect(scoreNames('Albert Smith', 'Bert Smith')).toBeLessThan(T);
    expect(scoreNames('Edward Smith', 'Ward Smith')).toBeLessThan(T);
  });

  it('does not let a father\'s name ("bin Salman") stand for an own name', () => {
    expect(scoreNames('SALMAN BIN MUHAMMAD AL-RAWI', 'MUHAMMAD BIN SALMAN AL-RAWI')).toBeLessThan(T);
  });

  it('compares Han and Hangul glyph by glyph (two glyphs may romanise alike)', () => {
    expect(scoreNames('高石早苗', '高市早苗')).toBeLessThan(T);
    expect(scoreNames('习近平', '习近平')).toBe(1);
  });

  it('needs a full word to agree: initials alone never match', () => {
    expect(scoreNames('N.N.', 'Nursultan Nazarbayev')).toBe(0);
  });

  it('treats organisation legal forms as weak, canonical tokens', () => {
    expect(scoreNames('Siemens Aktiengesellschaft', 'Siemens AG', 'organization')).toBe(1);
    expect(scoreNames('SiemensAG', 'Siemens AG', 'organization')).toBeGreaterThanOrEqual(T);
    expect(scoreNames('Volkswagen AG', 'Siemens AG', 'organization')).toBeLessThan(T);
  });
});
