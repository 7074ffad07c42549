/**
 * Reads one line of an OpenSanctions FollowTheMoney export (plain `entities.ftm.json` or the
 * `{"op","entity"}` delta form) and keeps only what screening needs. Layout and key order vary
 * between publishers, so the line is parsed as JSON and nothing relies on its formatting.
 */

/** A Person reduced to the fields matching uses; values stay raw strings until the index builds. */
export interface PersonRecord {
  id: string;
  /** Full names; `weak` for weakAlias values, which must not trigger a match alone. */
  names: { value: string; weak: boolean }[];
  birthDates: string[];
  /** nationality ∪ citizenship, lowercase ISO codes (with FtM extensions such as "suhh"). */
  nationalities: string[];
  /** country ∪ birthCountry: supports a nationality, never contradicts it. */
  otherCountries: string[];
  datasets: string[];
  topics: string[];
  lastChange: string | null;
}

export type EntityChange = { op: 'upsert'; id: string; person: PersonRecord | null; lastChange: string | null } | { op: 'delete'; id: string };

export class EntityFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EntityFormatError';
  }
}

type Json = Record<string, unknown>;

const STRONG_NAME_PROPS = ['name', 'alias', 'previousName'] as const;

function strings(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
}

/** An alias may hold a comma-joined list ("A B C, D E F, G H"); two or more commas mean a list. */
function splitAliasList(value: string): string[] {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length >= 3 ? parts : [value];
}

function personNames(props: Json): { value: string; weak: boolean }[] {
  const names: { value: string; weak: boolean }[] = [];
  const seen = new Set<string>();
  const add = (value: string, weak: boolean) => {
    if (seen.has(value)) return;
    seen.add(value);
    names.push({ value, weak });
  };
  for (const prop of STRONG_NAME_PROPS) for (const v of strings(props[prop])) for (const n of prop === 'name' ? [v] : splitAliasList(v)) add(n, false);
  for (const v of strings(props.weakAlias)) add(v, true);
  if (names.length === 0) {
    // Some sources give only name parts; join them in the usual given-then-family order.
    const parts = ['firstName', 'secondName', 'middleName', 'fatherName', 'lastName'].map((p) => strings(props[p])[0]).filter(Boolean);
    if (parts.length > 0) add(parts.join(' '), false);
  }
  return names;
}

function toPerson(entity: Json, id: string): PersonRecord {
  const props = (typeof entity.properties === 'object' && entity.properties !== null ? entity.properties : {}) as Json;
  const codes = (keys: string[]) => [...new Set(keys.flatMap((k) => strings(props[k]).map((c) => c.toLowerCase())))];
  const lastChange = typeof entity.last_change === 'string' ? entity.last_change : null;
  return {
    id,
    names: personNames(props),
    birthDates: strings(props.birthDate),
    nationalities: codes(['nationality', 'citizenship']),
    otherCountries: codes(['country', 'birthCountry']),
    datasets: strings(entity.datasets),
    topics: strings(props.topics),
    lastChange,
  };
}

function entityChange(entity: unknown, op: 'ADD' | 'MOD' | 'DEL'): EntityChange {
  if (typeof entity !== 'object' || entity === null) throw new EntityFormatError('entity is not an object');
  const e = entity as Json;
  if (typeof e.id !== 'string' || e.id === '') throw new EntityFormatError('entity has no id');
  if (op === 'DEL') return { op: 'delete', id: e.id };
  if (typeof e.schema !== 'string') throw new EntityFormatError('entity has no schema');
  const lastChange = typeof e.last_change === 'string' ? e.last_change : null;
  return { op: 'upsert', id: e.id, person: e.schema === 'Person' ? toPerson(e, e.id) : null, lastChange };
}

/** Parses one non-empty line; throws EntityFormatError (without quoting the line: it may hold names). */
export function parseEntityLine(line: string): EntityChange {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new EntityFormatError('line is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new EntityFormatError('line is not a JSON object');
  const obj = value as Json;
  if (typeof obj.op === 'string' && 'entity' in obj) {
    if (obj.op !== 'ADD' && obj.op !== 'MOD' && obj.op !== 'DEL') throw new EntityFormatError('unknown delta op');
    return entityChange(obj.entity, obj.op);
  }
  return entityChange(obj, 'ADD');
}
