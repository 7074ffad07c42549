import type { PreparedToken } from '../match/token-similarity.ts';
import { BoundedCache } from './bounded-cache.ts';
import type { Probe } from './probes.ts';
import type { IndexData, IndexMeta } from './index-data.ts';
import { STRONG_COUNTRY } from './index-data.ts';
import { lookupKey } from './key-table.ts';
import { PrefixTable } from './prefix-table.ts';
import { createSearchScratch, type SearchScratch } from './search-scratch.ts';
import { poolString } from './string-pool.ts';

/**
 * Read-only view over one built index. Immutable once built: a refresh builds a new one and the
 * engine swaps the reference, so a query always sees one consistent index.
 */
export class ScreeningIndex {
  readonly data: IndexData;
  readonly builtAt: Date;
  private scratch: SearchScratch | null = null;
  private readonly patronymicVariants = new Map<number, PreparedToken>();
  private prefixTable: PrefixTable | null = null;
  private readonly personFrequencies = new Map<number, number>();

  /** Phonetic length per vocabulary token: a cache-friendly prefilter before edit distances. */
  readonly phoneticLengths: Uint8Array;
  /** Query-token expansions by spelling: given names recur across queries, and their expansion is the costly part. */
  readonly expansions = new BoundedCache<Probe>(5_000);

  constructor(data: IndexData, builtAt: Date) {
    this.data = data;
    this.builtAt = builtAt;
    this.phoneticLengths = Uint8Array.from(data.vocab, (t) => Math.min(255, t.phon.length));
  }

  get meta(): IndexMeta {
    return this.data.meta;
  }

  get nameCount(): number {
    return this.data.nameOwner.length;
  }

  /** Scratch arrays sized to the index, allocated on first use. */
  searchScratch(): SearchScratch {
    this.scratch ??= createSearchScratch(this.data);
    return this.scratch;
  }

  lookup(key: string, visit: (vocabId: number) => void): void {
    lookupKey(this.data.keys, key, visit);
  }

  /**
   * Vocabulary words that extend `prefix` (a word cut by an MRZ name field). The table is sorted on
   * first use: few queries need it (about 1% of the synthetic benchmark's), and sorting the
   * vocabulary of a million persons (120,000 words) takes about 80 ms.
   */
  extensions(prefix: string, visit: (vocabId: number) => void): void {
    this.prefixTable ??= new PrefixTable(this.data.vocab.map((t) => t.text));
    this.prefixTable.extensions(prefix, visit);
  }

  postings(vocabId: number): Uint32Array {
    const { postingStart, postings } = this.data;
    return postings.subarray(postingStart[vocabId], postingStart[vocabId + 1]);
  }

  documentFrequency(vocabId: number): number {
    return this.data.postingStart[vocabId + 1] - this.data.postingStart[vocabId];
  }

  /**
   * Persons with at least one name holding the token (a person's aliases repeat their words, so
   * names would overcount). Counted on demand from the postings, which run in name order, and a
   * person's names are consecutive; remembered per index.
   */
  personFrequency(vocabId: number): number {
    const known = this.personFrequencies.get(vocabId);
    if (known !== undefined) return known;
    const { nameOwner } = this.data;
    let count = 0;
    let last = -1;
    for (const name of this.postings(vocabId)) {
      if (nameOwner[name] !== last) count++;
      last = nameOwner[name];
    }
    this.personFrequencies.set(vocabId, count);
    return count;
  }

  /** Vocabulary token of one occurrence in a name, with its father's-name role. */
  occurrence(position: number): PreparedToken {
    const vocabId = this.data.nameTokens[position];
    const token = this.data.vocab[vocabId];
    if (!this.data.namePatronymic[position]) return token;
    let variant = this.patronymicVariants.get(vocabId);
    if (!variant) this.patronymicVariants.set(vocabId, (variant = { ...token, patronymic: true }));
    return variant;
  }

  personOfName(name: number): number {
    return this.data.nameOwner[name];
  }

  personId(person: number): string {
    return poolString(this.data.personIds, person);
  }

  nameText(name: number): string {
    return poolString(this.data.nameText, name);
  }

  birthDates(person: number): Int32Array {
    const { personDateStart, personDates } = this.data;
    return personDates.subarray(personDateStart[person], personDateStart[person + 1]);
  }

  /** [nationality/citizenship codes, other country codes]. */
  countries(person: number): [string[], string[]] {
    const { personCountryStart: start, personCountries: list, countries } = this.data;
    const strong: string[] = [];
    const other: string[] = [];
    for (let k = start[person]; k < start[person + 1]; k++) {
      const code = countries[list[k] & ~STRONG_COUNTRY];
      (list[k] & STRONG_COUNTRY ? strong : other).push(code);
    }
    return [strong, other];
  }

  datasets(person: number): string[] {
    const { personDatasetStart: start, personDatasets: list, datasets } = this.data;
    return Array.from(list.subarray(start[person], start[person + 1]), (d) => datasets[d]);
  }

  topics(person: number): string[] {
    const { personTopicStart: start, personTopics: list, topics } = this.data;
    return Array.from(list.subarray(start[person], start[person + 1]), (t) => topics[t]);
  }
}
