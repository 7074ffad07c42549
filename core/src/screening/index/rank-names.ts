import type { PreparedQuery } from '../query.ts';
import type { ScreeningIndex } from './screening-index.ts';

export const RANKING = {
  /** Best names kept while ranking (a person may have dozens of spellings)... */
  candidateNames: 512,
  /**
   * ...of which at most this many persons (or the hit limit asked for, plus a margin, if that is
   * more), with at most `namesPerPerson` names each, go on to full scoring.
   */
  candidatePersons: 25,
  limitMargin: 5,
  namesPerPerson: 5,
  /**
   * Tie-breakers for namesakes (a list may hold hundreds of "Mohammed Ali"): names of persons whose
   * birth year or nationality agrees with the query rank first among equal name evidence.
   */
  birthYearBonus: 0.03,
  nationalityBonus: 0.02,
} as const;

function agreementBonus(index: ScreeningIndex, person: number, query: PreparedQuery): number {
  const d = index.data;
  let bonus = 0;
  if (query.birthDate !== null) {
    const year = Math.floor(query.birthDate / 10000);
    for (let k = d.personDateStart[person]; k < d.personDateStart[person + 1]; k++) {
      if (Math.floor(d.personDates[k] / 10000) === year) {
        bonus += RANKING.birthYearBonus;
        break;
      }
    }
  }
  if (query.nationality !== null) {
    for (let k = d.personCountryStart[person]; k < d.personCountryStart[person + 1]; k++) {
      if (d.countries[d.personCountries[k] & 0x7fff] === query.nationality) {
        bonus += RANKING.nationalityBonus;
        break;
      }
    }
  }
  return bonus;
}

/** Bounded min-heap of (key, name): keeps the `capacity` largest keys. */
class TopK {
  readonly keys: Float64Array;
  readonly names: Uint32Array;
  size = 0;

  constructor(capacity: number) {
    this.keys = new Float64Array(capacity);
    this.names = new Uint32Array(capacity);
  }

  offer(key: number, name: number): void {
    if (this.size < this.keys.length) {
      let i = this.size++;
      while (i > 0 && this.keys[(i - 1) >> 1] > key) {
        this.keys[i] = this.keys[(i - 1) >> 1];
        this.names[i] = this.names[(i - 1) >> 1];
        i = (i - 1) >> 1;
      }
      this.keys[i] = key;
      this.names[i] = name;
    } else if (key > this.keys[0]) this.replaceRoot(key, name);
  }

  private replaceRoot(key: number, name: number): void {
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= this.size) break;
      const c = l + 1 < this.size && this.keys[l + 1] < this.keys[l] ? l + 1 : l;
      if (this.keys[c] >= key) break;
      this.keys[i] = this.keys[c];
      this.names[i] = this.names[c];
      i = c;
    }
    this.keys[i] = key;
    this.names[i] = name;
  }
}

/**
 * Keeps the best candidate names as they are offered: evidence times the namesake bonus (only
 * looked up when it could change the outcome).
 */
export class NameRanking {
  private readonly top = new TopK(RANKING.candidateNames);
  private readonly index: ScreeningIndex;
  private readonly query: PreparedQuery;
  private readonly anyBonus: boolean;
  private readonly maxFactor = 1 + RANKING.birthYearBonus + RANKING.nationalityBonus;

  constructor(index: ScreeningIndex, query: PreparedQuery) {
    this.index = index;
    this.query = query;
    this.anyBonus = query.birthDate !== null || query.nationality !== null;
  }

  /** Whether a name with at most this evidence could still enter the ranking. */
  mightAccept(bound: number): boolean {
    return this.top.size < RANKING.candidateNames || bound * this.maxFactor > this.top.keys[0];
  }

  offer(name: number, score: number): void {
    if (score <= 0) return;
    const key = score;
    if (this.top.size === RANKING.candidateNames && key * this.maxFactor <= this.top.keys[0]) return;
    const bonus = this.anyBonus ? agreementBonus(this.index, this.index.data.nameOwner[name], this.query) : 0;
    this.top.offer(key * (1 + bonus), name);
  }

  /**
   * The best names grouped by person, best person first: a person listed under twenty spellings
   * must not crowd the others out.
   */
  persons(limit = 0): Map<number, number[]> {
    const cap = Math.max(RANKING.candidatePersons, limit + RANKING.limitMargin);
    const order = Array.from({ length: this.top.size }, (_, k) => k).sort((a, b) => this.top.keys[b] - this.top.keys[a]);
    const byPerson = new Map<number, number[]>();
    for (const k of order) {
      const name = this.top.names[k];
      const person = this.index.data.nameOwner[name];
      const names = byPerson.get(person);
      if (names) {
        if (names.length < RANKING.namesPerPerson) names.push(name);
      } else if (byPerson.size < cap) byPerson.set(person, [name]);
    }
    return byPerson;
  }
}
