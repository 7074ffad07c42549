import { describe, expect, it } from 'vitest';
import { parsePrintedDate, parsePrintedFields, type PrintedLine } from './parse-printed.ts';

/** A label line at (x, y) and its value line below it, as the detector and recogniser give them. */
function field(label: string, value: string, x: number, y: number, confidence = 0.97): PrintedLine[] {
  return [
    { text: label, confidence: 0.95, x, cy: y, height: 18 },
    { text: value, confidence, x: x + 2, cy: y + 32, height: 28 },
  ];
}

describe('parsePrintedDate', () => {
  it('reads day-first ICAO dates and month-first AAMVA dates', () => {
    expect(parsePrintedDate('12.08.1983', 'dmy')).toBe('1983-08-12');
    expect(parsePrintedDate('12 08 1983', 'dmy')).toBe('1983-08-12');
    expect(parsePrintedDate('08121983', 'mdy')).toBe('1983-08-12');
    expect(parsePrintedDate('08/12/1983', 'mdy')).toBe('1983-08-12');
    expect(parsePrintedDate('1983-08-12', 'mdy')).toBe('1983-08-12');
  });

  it('refuses impossible or malformed dates rather than guessing', () => {
    expect(parsePrintedDate('31.02.1983', 'dmy')).toBeUndefined();
    expect(parsePrintedDate('13121983', 'mdy')).toBeUndefined();
    expect(parsePrintedDate('12.O8.1983', 'dmy')).toBeUndefined();
    expect(parsePrintedDate('12.08.83', 'dmy')).toBeUndefined();
  });
});

describe('parsePrintedFields', () => {
  it('an ID card front: labelled values below their labels', () => {
    const lines = [
      { text: "IDENTITY CARD / CARTE D'IDENTITÉ", confidence: 0.9, x: 40, cy: 60, height: 30 },
      ...field('Surname / Nom', 'MUSTERMANN', 350, 165),
      ...field('Given names / Prénoms', 'ERIKA', 350, 245),
      ...field('Date of birth / Date de naissance', '12.08.1983', 350, 325),
      ...field('Sex / Sexe', 'F', 800, 325),
      ...field('Document No. / No. du document', 'L01X00T47', 350, 565),
    ];
    expect(parsePrintedFields(lines)).toEqual({ surname: 'MUSTERMANN', givenNames: 'ERIKA', dateOfBirth: '1983-08-12', documentNumber: 'L01X00T47' });
  });

  it('a licence front: AAMVA field labels, month-first dates, values on the label line too', () => {
    const lines = [...field('4d DLN', 'D44556677', 350, 135), ...field('1 LN', 'VANDERMEER', 350, 215), ...field('2 FN', 'CASIMIR', 350, 295)];
    lines.push({ text: '3 DOB 11231972', confidence: 0.96, x: 350, cy: 375, height: 28 });
    expect(parsePrintedFields(lines)).toEqual({ documentNumber: 'D44556677', surname: 'VANDERMEER', givenNames: 'CASIMIR', dateOfBirth: '1972-11-23' });
  });

  it('prefers absent over wrong: low confidence, malformed values, a value that is another label, conflicting repeats', () => {
    expect(parsePrintedFields(field('Date of birth', '12.08.1983', 10, 100, 0.6))).toEqual({});
    expect(parsePrintedFields(field('Surname', 'MUSTER3ANN', 10, 100))).toEqual({});
    expect(parsePrintedFields(field('Document No.', 'NUMBER', 10, 100))).toEqual({});
    expect(parsePrintedFields([...field('Surname', 'Given names', 10, 100)])).toEqual({});
    const twice = [...field('Date of birth', '12.08.1983', 10, 100), ...field('Date of birth', '13.08.1983', 500, 100)];
    expect(parsePrintedFields(twice)).toEqual({});
  });

  it('a value far below or far to the side of its label is not taken', () => {
    const label = { text: 'Surname', confidence: 0.95, x: 10, cy: 100, height: 18 };
    expect(parsePrintedFields([label, { text: 'MUSTERMANN', confidence: 0.97, x: 12, cy: 300, height: 28 }])).toEqual({});
    expect(parsePrintedFields([label, { text: 'MUSTERMANN', confidence: 0.97, x: 400, cy: 130, height: 28 }])).toEqual({});
  });
});
