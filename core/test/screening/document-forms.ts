import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScreeningQuery } from '../../src/screening/index.ts';

/**
 * A labelled evaluation set of names as identity documents give them, generated from the Persons
 * of the fixture list (nothing is copied: every case is derived from a list entry by a fixed rule,
 * the same on every run). Used by the tests (document-forms.test.ts) and by `npm run bench:screening`.
 *
 * Kinds, and the verdict a reviewer would give (`match`):
 * - `contradicting-birth-date`: the listed name, a birth date 15–69 years from every listed one → no.
 * - `contradicting-nationality`: the listed name, no birth date, a nationality the entry never names → no.
 * - `confirming`: the listed name with a listed birth date (and a nationality the entry names, or,
 *   every other case, one it does not: a second passport) → yes. The control for the two above.
 * - `joined-particle`: an article or particle written joined to the next word (`AlZindani`, `ALHAQ`) → yes.
 * - `mrz-truncated`: the name as a TD1 (30) or TD3 (39) MRZ name field cut it, the last word cut → yes.
 * - `romanisation`: German umlauts and ß written out (`ue`, `ss`), old Indonesian spellings
 *   (`oe`, `dj`, `tj`, `j`, `sj`, `nj`, `ch`), a Russian name in German transliteration → yes.
 */
export type DocumentFormKind = 'contradicting-birth-date' | 'contradicting-nationality' | 'confirming' | 'joined-particle' | 'mrz-truncated' | 'romanisation';

export const DOCUMENT_FORM_KINDS: readonly DocumentFormKind[] = [
  'contradicting-birth-date',
  'contradicting-nationality',
  'confirming',
  'joined-particle',
  'mrz-truncated',
  'romanisation',
];

export interface DocumentFormCase {
  kind: DocumentFormKind;
  query: ScreeningQuery;
  /** The list entry the query was made from. */
  entityId: string;
  /** Whether that entry is the person on the document. */
  match: boolean;
}

interface ListedPerson {
  id: string;
  /** Latin-script strong names (name, then alias), in list order. */
  names: string[];
  lastName: string | null;
  /** yyyymmdd, 00 for an unknown month or day. */
  dates: number[];
  nationalities: string[];
  countries: string[];
}

type Props = Record<string, unknown>;

const LATIN_NAME = /^[\p{Script=Latin}\p{M}\s'’.,-]+$/u;
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : []);

function encodeDate(value: string): number | null {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(value);
  if (!m) return null;
  return Number(m[1]) * 10000 + Number(m[2] ?? 0) * 100 + Number(m[3] ?? 0);
}

function person(id: string, p: Props): ListedPerson | null {
  const names = [...strings(p.name), ...strings(p.alias)].filter((n) => LATIN_NAME.test(n) && /\p{L}/u.test(n) && n.split(',').length <= 2);
  if (names.length === 0) return null;
  const codes = (...keys: string[]) => [...new Set(keys.flatMap((k) => strings(p[k]).map((c) => c.toLowerCase())))];
  return {
    id,
    names,
    lastName: strings(p.lastName).find((n) => LATIN_NAME.test(n)) ?? null,
    dates: strings(p.birthDate)
      .map(encodeDate)
      .filter((d): d is number => d !== null),
    nationalities: codes('nationality', 'citizenship'),
    countries: codes('nationality', 'citizenship', 'country', 'birthCountry'),
  };
}

/** The Persons of the plain entity files of a fixture folder (the delta file repeats the derived one). */
export function listedPersons(entitiesDir: string): ListedPerson[] {
  const out = new Map<string, ListedPerson>();
  for (const file of readdirSync(entitiesDir).sort()) {
    if (!file.endsWith('.json') || file.includes('.delta.')) continue;
    for (const line of readFileSync(join(entitiesDir, file), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const e = JSON.parse(line) as { id: string; schema: string; properties?: Props };
      if (e.schema !== 'Person') continue;
      const p = person(e.id, e.properties ?? {});
      if (p) out.set(e.id, p);
    }
  }
  return [...out.values()];
}

/** A stable small number from an id, so that choices vary across persons but never across runs. */
function spread(id: string, modulo: number): number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619) >>> 0;
  return h % modulo;
}

const iso = (d: number) => {
  const y = Math.floor(d / 10000);
  const m = Math.floor(d / 100) % 100;
  const day = d % 100;
  return m === 0 ? String(y) : `${y}-${String(m).padStart(2, '0')}-${String(day || 15).padStart(2, '0')}`;
};

/** What a document adds to the name: the first listed birth date and stated nationality. */
function documentFacts(p: ListedPerson): Pick<ScreeningQuery, 'birthDate' | 'nationality'> {
  const facts: Pick<ScreeningQuery, 'birthDate' | 'nationality'> = {};
  if (p.dates.length > 0) facts.birthDate = iso(p.dates[0]);
  const nationality = p.nationalities.find((c) => /^[a-z]{2}$/.test(c));
  if (nationality) facts.nationality = nationality.toUpperCase();
  return facts;
}

const OTHER_NATIONALITIES = ['br', 'jp', 'no', 'ar', 'nz', 'ca', 'fi', 'pt'];

function dateCases(p: ListedPerson, name: string): DocumentFormCase[] {
  if (p.dates.length === 0) return [];
  const years = p.dates.map((d) => Math.floor(d / 10000));
  const gap = 15 + spread(p.id, 55);
  // A document holder is born between 1900 and 2008; go the other way when one side leaves that span.
  const before = Math.min(...years) - gap;
  const after = Math.max(...years) + gap;
  const year = (spread(`${p.id}/direction`, 2) === 0 && before >= 1900) || after > 2008 ? before : after;
  if (year < 1900) return [];
  const monthDay = p.dates[0] % 10000 || 615;
  const nationality = p.nationalities.find((c) => /^[a-z]{2}$/.test(c));
  const query: ScreeningQuery = { name, birthDate: iso(year * 10000 + monthDay) };
  if (nationality) query.nationality = nationality.toUpperCase();
  const cases: DocumentFormCase[] = [{ kind: 'contradicting-birth-date', query, entityId: p.id, match: false }];
  const other = OTHER_NATIONALITIES.find((c) => !p.countries.includes(c))!;
  const secondPassport = spread(`${p.id}/passport`, 2) === 0 || !nationality;
  cases.push({
    kind: 'confirming',
    query: { name, birthDate: iso(p.dates[0]), nationality: (secondPassport ? other : nationality!).toUpperCase() },
    entityId: p.id,
    match: true,
  });
  return cases;
}

function nationalityCase(p: ListedPerson, name: string): DocumentFormCase[] {
  if (p.nationalities.length === 0) return [];
  const other = OTHER_NATIONALITIES.find((c) => !p.countries.includes(c))!;
  return [{ kind: 'contradicting-nationality', query: { name, nationality: other.toUpperCase() }, entityId: p.id, match: false }];
}

const PARTICLES = new Set([
  'al',
  'el',
  'ul',
  'ar',
  'as',
  'ash',
  'ad',
  'at',
  'az',
  'an',
  'bin',
  'ibn',
  'ben',
  'abu',
  'van',
  'von',
  'de',
  'del',
  'der',
  'da',
  'du',
  'la',
  'le',
]);
const capitalised = (w: string) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();

/** "Omar Al-Zindani" → "Omar AlZindani" (or the whole name upper case: "OMAR ALZINDANI"). */
function joinedParticleCase(p: ListedPerson): DocumentFormCase[] {
  for (const name of p.names) {
    const words = name.split(/[\s,]+/).filter(Boolean);
    const parts = words.flatMap((w) => w.split('-').filter(Boolean));
    const at = parts.findIndex(
      (w, i) => PARTICLES.has(w.toLowerCase()) && i + 1 < parts.length && parts[i + 1].length >= 3 && !PARTICLES.has(parts[i + 1].toLowerCase()),
    );
    if (at < 0) continue;
    const upper = spread(p.id, 2) === 0;
    const joined = upper ? (parts[at] + parts[at + 1]).toUpperCase() : capitalised(parts[at]) + capitalised(parts[at + 1]);
    const rest = parts.map((w) => (upper ? w.toUpperCase() : w));
    rest.splice(at, 2, joined);
    return [{ kind: 'joined-particle', query: { name: rest.join(' '), ...documentFacts(p) }, entityId: p.id, match: true }];
  }
  return [];
}

const mrzWords = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/['’]/g, '')
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter(Boolean);

/** Surname and given names of a list name: "LAST, First", else the listed last name, else the last word. */
function nameParts(p: ListedPerson, name: string): { surname: string[]; given: string[] } | null {
  if (name.includes(',')) {
    const [surname, given] = name.split(',').map(mrzWords);
    return surname.length > 0 && given.length > 0 ? { surname, given } : null;
  }
  const words = mrzWords(name);
  const last = p.lastName ? mrzWords(p.lastName) : [];
  const lastAt = words.join(' ').lastIndexOf(last.join(' '));
  if (last.length > 0 && last.length < words.length && lastAt >= 0 && words.join(' ').endsWith(last.join(' '))) {
    return { surname: last, given: words.slice(0, words.length - last.length) };
  }
  return words.length >= 2 ? { surname: words.slice(-1), given: words.slice(0, -1) } : null;
}

/**
 * The MRZ name field (ICAO 9303: SURNAME<<GIVEN<NAMES) cut at the TD1 (30) or TD3 (39) length,
 * read back as "SURNAME, GIVEN NAMES"; only names whose cut falls inside the last given name.
 */
function truncatedCase(p: ListedPerson): DocumentFormCase[] {
  for (const name of p.names) {
    const parts = nameParts(p, name);
    if (!parts) continue;
    const field = `${parts.surname.join('<')}<<${parts.given.join('<')}`;
    for (const length of [39, 30]) {
      if (field.length <= length || field[length - 1] === '<' || field[length] === '<' || field.indexOf('<<') >= length - 2) continue;
      const cut = field.slice(0, length);
      const [surname, given] = cut.split('<<');
      const givenWords = given.split('<').filter(Boolean);
      if (givenWords[givenWords.length - 1].length < 2) continue;
      const query = `${surname.split('<').join(' ')}, ${givenWords.join(' ')}`;
      return [{ kind: 'mrz-truncated', query: { name: query, ...documentFacts(p) }, entityId: p.id, match: true }];
    }
  }
  return [];
}

/** A rewritten word in the letter case of the original (UPPER, Capitalised or lower). */
function sameCase(original: string, rewritten: string): string {
  if (original === original.toUpperCase()) return rewritten.toUpperCase();
  return original[0] === original[0].toUpperCase() ? capitalised(rewritten) : rewritten;
}

/**
 * Modern Indonesian spelling (1972) back to the older one: u→oe, j→dj, c→tj, y→j, sy→sj, ny→nj,
 * kh→ch ("ch" is already the old spelling and stays).
 */
export function oldIndonesianSpelling(name: string): string {
  return name.replace(/\p{L}+/gu, (word) => {
    const lower = word.toLowerCase();
    let out = '';
    for (let i = 0; i < lower.length; i++) {
      const two = lower.slice(i, i + 2);
      const digraph = ({ sy: 'sj', ny: 'nj', kh: 'ch', ch: 'ch' } as Record<string, string>)[two];
      if (digraph) {
        out += digraph;
        i++;
      } else out += ({ u: 'oe', j: 'dj', c: 'tj', y: 'j' } as Record<string, string>)[lower[i]] ?? lower[i];
    }
    return sameCase(word, out);
  });
}

/** Umlauts and ß as German documents write them in the MRZ (ICAO 9303: Ä→AE, Ö→OE, Ü→UE, ß→SS). */
export function germanMrzSpelling(name: string): string {
  return name.replace(/[äöüÄÖÜß]/g, (ch) => ({ ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' })[ch]!);
}

/** A Russian name romanised the German way (Duden): kh→ch, sh/zh→sch, ch→tsch, ya→ja, yu→ju, final v→w. */
export function germanRussianSpelling(name: string): string {
  return name.replace(/\p{L}+/gu, (word) => {
    const lower = word
      .toLowerCase()
      .replace(/shch/g, 'schtsch')
      .replace(/ch/g, 'tsch')
      .replace(/kh/g, 'ch')
      .replace(/(?<!s)(sh|zh)/g, 'sch')
      .replace(/ya/g, 'ja')
      .replace(/yu/g, 'ju')
      .replace(/v$/, 'w');
    return sameCase(word, lower);
  });
}

const RUSSIAN_SPEAKING = new Set(['ru', 'ua', 'by', 'kz', 'suhh']);

function romanisationCases(p: ListedPerson): DocumentFormCase[] {
  const name = p.names[0];
  const cases: DocumentFormCase[] = [];
  const add = (variant: string) => {
    if (variant !== name) cases.push({ kind: 'romanisation', query: { name: variant, ...documentFacts(p) }, entityId: p.id, match: true });
  };
  if (/[äöüÄÖÜß]/.test(name)) add(germanMrzSpelling(name));
  if (p.nationalities.includes('id')) add(oldIndonesianSpelling(name));
  if (p.countries.some((c) => RUSSIAN_SPEAKING.has(c)) && /kh|sh|zh|ch|ya|yu|v\b/i.test(name)) add(germanRussianSpelling(name));
  return cases;
}

/** Every case of the set, in list order. */
export function documentFormCases(entitiesDir: string): DocumentFormCase[] {
  const cases: DocumentFormCase[] = [];
  for (const p of listedPersons(entitiesDir)) {
    const name = p.names[0];
    cases.push(...dateCases(p, name), ...nationalityCase(p, name), ...joinedParticleCase(p), ...truncatedCase(p), ...romanisationCases(p));
  }
  return cases;
}
