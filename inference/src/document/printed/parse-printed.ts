/**
 * The printed text of a document's front as labelled fields (docs/decisions/document-path.md
 * "Printed text"). Pure: lines of recognised text with their place on the page in, fields out.
 * A value is kept only when it is unambiguous and well formed; anything doubtful is left out
 * (an absent printed field costs nothing, a wrong one would raise a false zone conflict).
 */

/** One recognised text line: its text, the recogniser's mean confidence, its box on the page. */
export interface PrintedLine {
  text: string;
  confidence: number;
  /** Left edge, centre row and height of the line box in page pixels. */
  x: number;
  cy: number;
  height: number;
}

export interface PrintedFields {
  surname?: string;
  givenNames?: string;
  /** YYYY-MM-DD */
  dateOfBirth?: string;
  documentNumber?: string;
}

type Field = keyof PrintedFields;
/** The date order a label implies: AAMVA licences print MMDDYYYY, ICAO documents DD MM YYYY. */
type DateOrder = 'dmy' | 'mdy';

interface Label {
  field: Field;
  pattern: RegExp;
  order?: DateOrder;
}

/**
 * Labels as printed (ICAO 9303 fields in English, French and German; AAMVA field numbers and
 * abbreviations on North American licences). Matched on the label line alone, case-insensitive.
 */
const LABELS: readonly Label[] = [
  { field: 'givenNames', pattern: /\b(given\s*names?|pr[ée]noms?|vornamen?|first\s*name)\b|^\s*2\s*FN\b|^\s*FN\b/i },
  { field: 'surname', pattern: /\b(surname|nom\b|name\b|nachname|family\s*name|last\s*name)|^\s*1\s*LN\b|^\s*LN\b/i },
  { field: 'dateOfBirth', pattern: /\b(date\s*of\s*birth|date\s*de\s*naissance|geburtstag|birth\s*date)\b/i, order: 'dmy' },
  { field: 'dateOfBirth', pattern: /^\s*(3\s*)?DOB\b/i, order: 'mdy' },
  { field: 'documentNumber', pattern: /\b(document\s*no|passport\s*no|card\s*no|ausweisnummer|no\.?\s*du\s*document)|^\s*(4d\s*)?DLN\b/i },
];

/** Minimum recogniser confidence for a value line: below it the reading is a guess. */
export const MIN_VALUE_CONFIDENCE = 0.85;

const MONTHS_OK = (y: number, m: number, d: number) => {
  if (m < 1 || m > 12 || d < 1 || y < 1900 || y > 2100) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
};

/** A printed date (12.08.1983, 12 08 1983, 08/12/1983, 08121983, 1983-08-12) in the label's order, or undefined. */
export function parsePrintedDate(text: string, order: DateOrder): string | undefined {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  let y: number, m: number, d: number;
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else {
    const parts = /^(\d{2})[.\s/-]?(\d{2})[.\s/-]?(\d{4})$/.exec(t);
    if (!parts) return undefined;
    const [a, b] = [Number(parts[1]), Number(parts[2])];
    y = Number(parts[3]);
    [d, m] = order === 'dmy' ? [a, b] : [b, a];
  }
  if (!MONTHS_OK(y, m, d)) return undefined;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function valueOf(field: Field, text: string, order: DateOrder | undefined): string | undefined {
  const t = text.trim().replace(/\s+/g, ' ');
  if (field === 'dateOfBirth') return parsePrintedDate(t, order ?? 'dmy');
  if (field === 'documentNumber') {
    const compact = t.replace(/\s/g, '').toUpperCase();
    // Letters and digits only, with at least one digit: a label or a word is not a number.
    return /^[A-Z0-9]{5,15}$/.test(compact) && /\d/.test(compact) ? compact : undefined;
  }
  // Names: letters (accents allowed), spaces, hyphens and apostrophes; no digits, no label words.
  return /^[\p{L}][\p{L}' -]*[\p{L}]$/u.test(t) && !LABELS.some((l) => l.pattern.test(t)) ? t.toUpperCase() : undefined;
}

/** The value line of a label: the nearest line below it, starting near the same left edge. */
function lineBelow(label: PrintedLine, lines: readonly PrintedLine[]): PrintedLine | undefined {
  const below = lines.filter(
    (l) => l !== label && l.cy > label.cy && l.cy - label.cy < 2.5 * Math.max(label.height, l.height) && Math.abs(l.x - label.x) < 2 * label.height,
  );
  return below.sort((a, b) => a.cy - b.cy)[0];
}

/** The text after a label on its own line ("DOB 08/12/1983"), when there is any. */
function sameLineValue(label: Label, line: PrintedLine): string | undefined {
  const m = label.pattern.exec(line.text);
  if (!m) return undefined;
  const rest = line.text.slice(m.index + m[0].length).replace(/^[\s:./]+/, '');
  // A bilingual label ("Surname / Nom") goes on with its translation, not with the value.
  return rest.trim() && !LABELS.some((l) => l.pattern.test(rest)) ? rest : undefined;
}

/**
 * Labelled fields of a card or page front. A field found twice with different values (two
 * labels read alike, or OCR noise) is dropped rather than guessed.
 */
export function parsePrintedFields(lines: readonly PrintedLine[]): PrintedFields {
  const found = new Map<Field, Set<string>>();
  const labelLines = new Set<PrintedLine>();
  for (const line of lines) {
    // A line that holds a label is that label's; the first matching label wins (given names before "name").
    const label = LABELS.find((l) => l.pattern.test(line.text));
    if (!label) continue;
    labelLines.add(line);
    const inline = sameLineValue(label, line);
    const below = inline === undefined ? lineBelow(line, lines) : undefined;
    const source = inline !== undefined ? { text: inline, confidence: line.confidence } : below;
    if (!source || source.confidence < MIN_VALUE_CONFIDENCE || (below && LABELS.some((l) => l.pattern.test(below.text)))) continue;
    const value = valueOf(label.field, source.text, label.order);
    if (value === undefined) continue;
    found.set(label.field, (found.get(label.field) ?? new Set()).add(value));
  }
  const out: PrintedFields = {};
  for (const [field, values] of found) if (values.size === 1) out[field] = [...values][0];
  return out;
}
