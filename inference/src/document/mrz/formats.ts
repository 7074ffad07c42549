/**
 * Field layouts of the machine-readable zones of ICAO Doc 9303 parts 4 (TD3), 5 (TD1), 6 (TD2)
 * and 7 (MRV-A, MRV-B visas). Positions are [line, start, end) within the fixed-length lines.
 */
export type MrzFormat = 'TD1' | 'TD2' | 'TD3' | 'MRVA' | 'MRVB';

/** A: letters or '<'; N: digits (or '<' in an unknown date); X: letters, digits or '<'; S: sex. */
export type FieldKind = 'A' | 'N' | 'X' | 'S';

export type FieldName =
  | 'documentCode'
  | 'issuingCountry'
  | 'names'
  | 'documentNumber'
  | 'documentNumberCheck'
  | 'nationality'
  | 'birthDate'
  | 'birthDateCheck'
  | 'sex'
  | 'expiryDate'
  | 'expiryDateCheck'
  | 'optionalData'
  | 'optionalDataCheck'
  | 'optionalData2'
  | 'compositeCheck';

export interface FieldSpec {
  name: FieldName;
  line: number;
  start: number;
  end: number;
  kind: FieldKind;
}

export interface Layout {
  format: MrzFormat;
  lineLength: number;
  lineCount: number;
  fields: FieldSpec[];
  /** Pieces [line, start, end) concatenated for the composite check digit, if the format has one. */
  composite?: Array<[number, number, number]>;
}

const f = (name: FieldName, line: number, start: number, end: number, kind: FieldKind): FieldSpec => ({ name, line, start, end, kind });

/** Line 2 of TD2/TD3/MRV: the same fields up to the expiry check digit. */
function dataLine(line: number): FieldSpec[] {
  return [
    f('documentNumber', line, 0, 9, 'X'),
    f('documentNumberCheck', line, 9, 10, 'N'),
    f('nationality', line, 10, 13, 'A'),
    f('birthDate', line, 13, 19, 'N'),
    f('birthDateCheck', line, 19, 20, 'N'),
    f('sex', line, 20, 21, 'S'),
    f('expiryDate', line, 21, 27, 'N'),
    f('expiryDateCheck', line, 27, 28, 'N'),
  ];
}

const nameLine = (length: number): FieldSpec[] => [f('documentCode', 0, 0, 2, 'A'), f('issuingCountry', 0, 2, 5, 'A'), f('names', 0, 5, length, 'A')];

export const LAYOUTS: Record<MrzFormat, Layout> = {
  TD3: {
    format: 'TD3',
    lineLength: 44,
    lineCount: 2,
    fields: [...nameLine(44), ...dataLine(1), f('optionalData', 1, 28, 42, 'X'), f('optionalDataCheck', 1, 42, 43, 'N'), f('compositeCheck', 1, 43, 44, 'N')],
    composite: [
      [1, 0, 10],
      [1, 13, 20],
      [1, 21, 43],
    ],
  },
  TD2: {
    format: 'TD2',
    lineLength: 36,
    lineCount: 2,
    fields: [...nameLine(36), ...dataLine(1), f('optionalData', 1, 28, 35, 'X'), f('compositeCheck', 1, 35, 36, 'N')],
    composite: [
      [1, 0, 10],
      [1, 13, 20],
      [1, 21, 35],
    ],
  },
  TD1: {
    format: 'TD1',
    lineLength: 30,
    lineCount: 3,
    fields: [
      f('documentCode', 0, 0, 2, 'A'),
      f('issuingCountry', 0, 2, 5, 'A'),
      f('documentNumber', 0, 5, 14, 'X'),
      f('documentNumberCheck', 0, 14, 15, 'N'),
      f('optionalData', 0, 15, 30, 'X'),
      f('birthDate', 1, 0, 6, 'N'),
      f('birthDateCheck', 1, 6, 7, 'N'),
      f('sex', 1, 7, 8, 'S'),
      f('expiryDate', 1, 8, 14, 'N'),
      f('expiryDateCheck', 1, 14, 15, 'N'),
      f('nationality', 1, 15, 18, 'A'),
      f('optionalData2', 1, 18, 29, 'X'),
      f('compositeCheck', 1, 29, 30, 'N'),
      f('names', 2, 0, 30, 'A'),
    ],
    composite: [
      [0, 5, 30],
      [1, 0, 7],
      [1, 8, 15],
      [1, 18, 29],
    ],
  },
  MRVA: { format: 'MRVA', lineLength: 44, lineCount: 2, fields: [...nameLine(44), ...dataLine(1), f('optionalData', 1, 28, 44, 'X')] },
  MRVB: { format: 'MRVB', lineLength: 36, lineCount: 2, fields: [...nameLine(36), ...dataLine(1), f('optionalData', 1, 28, 36, 'X')] },
};

/** Picks the layout from the line count, the mean line length and the visa code 'V'. */
export function chooseLayout(lines: string[]): Layout | undefined {
  const mean = lines.reduce((sum, line) => sum + line.length, 0) / Math.max(1, lines.length);
  if (lines.length === 3) return mean >= 24 && mean <= 36 ? LAYOUTS.TD1 : undefined;
  if (lines.length !== 2) return undefined;
  if (mean < 32 || mean > 48) return undefined;
  const visa = lines[0][0] === 'V';
  if (mean >= 40) return visa ? LAYOUTS.MRVA : LAYOUTS.TD3;
  return visa ? LAYOUTS.MRVB : LAYOUTS.TD2;
}
