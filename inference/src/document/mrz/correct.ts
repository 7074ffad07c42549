import { CONFUSABLE, FILLER_LOOKALIKES } from './charset.ts';
import { countValid, evaluateChecks, type MrzChecks } from './checks.ts';
import { isKnownCountry } from './countries.ts';
import { coerceField, getField, setField } from './fields.ts';
import type { FieldName, FieldSpec, Layout } from './formats.ts';
import { cleanNameFiller } from './names.ts';

export interface Correction {
  lines: string[];
  checks: MrzChecks;
  /** Fields whose value was chosen by check-digit search or by cross-field agreement, not read as is. */
  corrections: FieldName[];
}

/** Applies the position-type rules (coerceField) and the name-filler repair to every field. */
export function coerceLines(raw: readonly string[], layout: Layout): string[] {
  const lines = [...raw];
  for (const spec of layout.fields) {
    let value = coerceField(getField(lines, spec), spec.kind);
    if (spec.name === 'names') value = cleanNameFiller(value);
    setField(lines, spec, value);
  }
  return lines;
}

/**
 * A K or C after the last '<' of an alphanumeric field is a misread filler ('LIN1044750079<K').
 * K (value 20) is invisible to check digits, so the tail is rewritten only when the checks do not
 * get worse.
 */
function cleanFillerTails(lines: string[], layout: Layout): string[] {
  let current = lines;
  for (const spec of layout.fields) {
    if (spec.kind !== 'X') continue;
    const value = getField(current, spec);
    const tail = /<[<KC]*$/.exec(value);
    if (!tail || /^<*$/.test(tail[0])) continue;
    const candidate = [...current];
    setField(candidate, spec, value.slice(0, tail.index) + '<'.repeat(tail[0].length));
    if (countValid(evaluateChecks(candidate, layout)) >= countValid(evaluateChecks(current, layout))) current = candidate;
  }
  return current;
}

/** Check results that a change of `spec` must make pass for the change to be accepted. */
function fieldIsValid(name: FieldName, checks: MrzChecks): boolean | undefined {
  if (name === 'documentNumber') return checks.documentNumber;
  if (name === 'optionalData') return checks.optionalData ?? checks.composite;
  if (name === 'optionalData2') return checks.composite;
  return undefined;
}

/**
 * Single-character confusion search in an alphanumeric field whose check fails. Every reading
 * that differs by one confusable glyph is tried; a correction is kept only when exactly one of
 * them passes the field's check and, where the format has one, the composite check too. The
 * composite is what rejects a "fix" of the field when it was really its check digit that was
 * misread (the composite also weighs that digit). With two or more passing candidates the field
 * stays as read and stays flagged.
 */
function searchField(lines: string[], layout: Layout, spec: FieldSpec): string[] | undefined {
  const value = getField(lines, spec);
  const passing: string[][] = [];
  for (let i = 0; i < value.length; i++) {
    for (const alternative of CONFUSABLE[value[i]] ?? []) {
      const candidate = [...lines];
      setField(candidate, spec, value.slice(0, i) + alternative + value.slice(i + 1));
      const checks = evaluateChecks(candidate, layout);
      if (fieldIsValid(spec.name, checks) === true && checks.composite !== false) passing.push(candidate);
    }
  }
  return passing.length === 1 ? passing[0] : undefined;
}

/** Coerces, then searches each failing alphanumeric field (document number, optional data). */
export function correctLines(raw: readonly string[], layout: Layout): Correction {
  let lines = cleanFillerTails(coerceLines(raw, layout), layout);
  let checks = evaluateChecks(lines, layout);
  const corrections: FieldName[] = [];
  // A TD1 check position read as K or C but taken for '<' switches the number to its long form
  // (9303-5 note j): the number read then rests on a glyph the parser changed, so it says so.
  if (readAsLongNumber(raw, lines, layout)) corrections.push('documentNumber');
  for (const spec of layout.fields) {
    if (spec.kind !== 'X' || fieldIsValid(spec.name, checks) !== false) continue;
    if (spec.name !== 'documentNumber' && !(checks.documentNumber && checks.birthDate && checks.expiryDate)) continue;
    const fixed = searchField(lines, layout, spec);
    if (!fixed) continue;
    lines = fixed;
    checks = evaluateChecks(lines, layout);
    corrections.push(spec.name);
  }
  corrections.push(...fixCountries(lines, layout));
  return { lines, checks, corrections };
}

function readAsLongNumber(raw: readonly string[], coerced: readonly string[], layout: Layout): boolean {
  const spec = layout.fields.find((s) => s.name === 'documentNumberCheck');
  if (layout.format !== 'TD1' || !spec) return false;
  return getField(coerced, spec) === '<' && getField(raw, spec) !== '<';
}

/** The code with its last one or two letters read as filler, if they look like it ('DKK' is 'D<<'). */
function fillerReading(code: string): string | undefined {
  for (let keep = 2; keep >= 1; keep--) {
    const tail = code.slice(keep);
    if ([...tail].every((ch) => FILLER_LOOKALIKES.has(ch))) {
      const candidate = code.slice(0, keep) + '<'.repeat(tail.length);
      if (isKnownCountry(candidate)) return candidate;
    }
  }
  return undefined;
}

const distance = (a: string, b: string) => [...a].reduce((n, ch, i) => n + (ch === b[i] ? 0 : 1), 0);

/** Letters the recogniser confuses with each other (after digits were mapped to letters). */
const LETTER_CONFUSION: Readonly<Record<string, string>> = {
  O: 'CDQUG',
  C: 'OGE',
  D: 'OB',
  Q: 'O',
  U: 'OV',
  G: 'CO',
  I: 'LTJ',
  L: 'I',
  T: 'I',
  J: 'I',
  E: 'FBC',
  F: 'EP',
  B: 'EDR',
  R: 'BPK',
  P: 'FR',
  M: 'NH',
  N: 'MHZ',
  H: 'MN',
  V: 'UY',
  Y: 'V',
  Z: 'N',
  K: 'R',
};

/** The unique known code one confusable letter away from `code`, if there is exactly one. */
function confusionReading(code: string): string | undefined {
  const found = new Set<string>();
  for (let i = 0; i < code.length; i++) {
    for (const alternative of LETTER_CONFUSION[code[i]] ?? '') {
      const candidate = code.slice(0, i) + alternative + code.slice(i + 1);
      if (isKnownCountry(candidate)) found.add(candidate);
    }
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/**
 * Country codes have no check digit. An unknown code is replaced, in this order, by its reading
 * with a K/C tail taken as filler, by the other country field when they differ in at most two
 * letters (nationality usually equals the issuing state), or by the single known code one
 * confusable letter away; otherwise it stays and is flagged.
 */
function fixCountries(lines: string[], layout: Layout): FieldName[] {
  const fixed: FieldName[] = [];
  const issuing = layout.fields.find((s) => s.name === 'issuingCountry')!;
  const nationality = layout.fields.find((s) => s.name === 'nationality')!;
  for (const [spec, other] of [
    [issuing, nationality],
    [nationality, issuing],
  ] as const) {
    const code = getField(lines, spec);
    if (isKnownCountry(code)) continue;
    const otherCode = getField(lines, other);
    const sameAsOther = isKnownCountry(otherCode) && distance(code, otherCode) <= 2 ? otherCode : undefined;
    const replacement = fillerReading(code) ?? sameAsOther ?? confusionReading(code);
    if (replacement === undefined) continue;
    setField(lines, spec, replacement);
    fixed.push(spec.name);
  }
  return fixed;
}
