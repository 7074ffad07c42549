import { DIGIT_TO_LETTER, FILLER_LOOKALIKES, LETTER_TO_DIGIT } from './charset.ts';
import type { FieldKind, FieldSpec } from './formats.ts';

export function getField(lines: readonly string[], spec: FieldSpec): string {
  return lines[spec.line].slice(spec.start, spec.end);
}

export function setField(lines: string[], spec: FieldSpec, value: string): void {
  const line = lines[spec.line];
  lines[spec.line] = line.slice(0, spec.start) + value + line.slice(spec.end);
}

/** Characters the recogniser or a user may type for the MRZ alphabet. */
const LOOKALIKES: Readonly<Record<string, string>> = { '«': '<', '‹': '<', '＜': '<', '(': '<', '[': '<', '{': '<' };

/** Upper-cases, drops whitespace and maps look-alikes of '<'. */
export function normaliseLine(line: string): string {
  return [...line.toUpperCase().replace(/\s+/g, '')].map((ch) => LOOKALIKES[ch] ?? ch).join('');
}

/**
 * Position-aware repair of one character: a numeric position cannot hold a letter and an
 * alphabetic position cannot hold a digit, so the usual glyph twin is the only sensible reading.
 * Alphanumeric positions are left alone (only a check digit can arbitrate there).
 */
export function coerceChar(ch: string, kind: FieldKind): string {
  if (kind === 'N') return LETTER_TO_DIGIT[ch] ?? (FILLER_LOOKALIKES.has(ch) ? '<' : ch);
  if (kind === 'A') return DIGIT_TO_LETTER[ch] ?? ch;
  return ch;
}

export function coerceField(value: string, kind: FieldKind): string {
  return [...value].map((ch) => coerceChar(ch, kind)).join('');
}
