/**
 * The PP-OCR recogniser's output classes: index 0 is the CTC blank, 1..N are the lines of
 * ppocr_keys_v1.txt, and N+1 is the space (PaddleOCR `use_space_char`).
 */
export interface Dictionary {
  /** Character of each output class ('' for the blank). */
  readonly classes: readonly string[];
  /** Output classes allowed in a machine-readable zone: A-Z, 0-9 and '<'. */
  readonly mrzClasses: Int32Array;
}

export const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

export function buildDictionary(keysText: string): Dictionary {
  const lines = keysText.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const classes = ['', ...lines, ' '];
  const mrz: number[] = [];
  for (const ch of MRZ_ALPHABET) {
    const index = classes.indexOf(ch);
    if (index < 0) throw new Error(`OCR dictionary lacks the MRZ character ${ch}`);
    mrz.push(index);
  }
  return { classes, mrzClasses: Int32Array.from(mrz) };
}
