import { FILLER_LOOKALIKES } from './charset.ts';

/**
 * Restores the trailing filler of a name field that OCR read as K/C ('ERIKA<<<KKK<<<'). Only a
 * suffix of filler look-alikes that starts with '<<<' is rewritten: three fillers cannot occur
 * inside a name, so names ending in K or C ('MACK<<<', 'SMITH<<KC') are kept.
 */
export function cleanNameFiller(field: string): string {
  const start = field.indexOf('<<<');
  if (start < 0) return field;
  const suffix = field.slice(start);
  return [...suffix].every((ch) => FILLER_LOOKALIKES.has(ch)) ? field.slice(0, start) + '<'.repeat(suffix.length) : field;
}

export interface SplitName {
  surname: string;
  givenNames: string;
}

/** Primary and secondary identifiers: separated by '<<', components by '<' (ICAO 9303-3 4.6). */
export function splitNames(field: string): SplitName {
  const trimmed = field.replace(/<+$/, '');
  const separator = trimmed.indexOf('<<');
  const words = (s: string) => s.split('<').filter(Boolean).join(' ');
  if (separator < 0) return { surname: words(trimmed), givenNames: '' };
  return { surname: words(trimmed.slice(0, separator)), givenNames: words(trimmed.slice(separator + 2)) };
}
