import type { PreparedToken } from '../match/token-similarity.ts';
import type { KeyTable } from './key-table.ts';
import type { FrozenStringPool } from './string-pool.ts';

/** Country list entries carry this bit when they come from nationality/citizenship. */
export const STRONG_COUNTRY = 0x8000;

export interface IndexMeta {
  /** Latest `last_change` in the data, then the sha256 prefix of the bytes read. */
  version: string;
  entityCount: number;
  personCount: number;
  nameCount: number;
  /** Latest `last_change` timestamp found in the data (no timezone, as published). */
  dataChangedAt: string | null;
}

/**
 * The whole screening index as plain typed arrays and small string tables (CSR layout:
 * `xStart[i]..xStart[i+1]` are the entries of item i). Persons are dense ids 0..n-1,
 * names 0..m-1, vocabulary tokens 0..v-1.
 */
export interface IndexData {
  meta: IndexMeta;
  personIds: FrozenStringPool;
  personNameStart: Uint32Array;
  nameText: FrozenStringPool;
  nameWeak: Uint8Array;
  nameOwner: Uint32Array;
  nameTokenStart: Uint32Array;
  nameTokens: Uint32Array;
  namePatronymic: Uint8Array;
  personDateStart: Uint32Array;
  personDates: Int32Array;
  personCountryStart: Uint32Array;
  personCountries: Uint16Array;
  personDatasetStart: Uint32Array;
  personDatasets: Uint16Array;
  personTopicStart: Uint32Array;
  personTopics: Uint16Array;
  countries: string[];
  datasets: string[];
  topics: string[];
  vocab: PreparedToken[];
  postingStart: Uint32Array;
  postings: Uint32Array;
  keys: KeyTable;
}
