import type { EntityChange, PersonRecord } from '../data/ftm-entity.ts';
import { encodeDate } from '../match/birth-date.ts';
import { normalizeName } from '../text/normalize-name.ts';
import { CsrBuilder, Interner } from './csr.ts';
import { Growable } from './growable.ts';
import { STRONG_COUNTRY, type IndexData, type IndexMeta } from './index-data.ts';
import { hashKey } from './key-table.ts';
import { buildKeys, buildPostings } from './postings.ts';
import { selectStrings, StringPoolBuilder } from './string-pool.ts';
import { VocabularyBuilder } from './vocabulary.ts';

/** Lets queries run between long build steps (the index is built in the serving process). */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** 52-bit id fingerprint for counting distinct entities of every schema without keeping their ids. */
function idFingerprint(id: string): number {
  return hashKey(id) * 0x100000 + (hashKey(`#${id}`) & 0xfffff);
}

/**
 * Accumulates entity changes in file order (later lines replace earlier ones with the same id;
 * delta DEL lines remove them) into compact slots, then compacts the live ones into IndexData.
 */
export class IndexBuilder {
  private readonly vocab = new VocabularyBuilder();
  private readonly ids = new StringPoolBuilder();
  private readonly alive = new Growable(Uint8Array);
  private readonly slotNames = new Growable(Uint32Array);
  private readonly names = new StringPoolBuilder();
  private readonly nameWeak = new Growable(Uint8Array);
  private readonly nameTokens = new CsrBuilder(Uint32Array);
  private readonly namePatronymic = new CsrBuilder(Uint8Array);
  private readonly dates = new CsrBuilder(Int32Array);
  private readonly countryList = new CsrBuilder(Uint16Array);
  private readonly datasetList = new CsrBuilder(Uint16Array);
  private readonly topicList = new CsrBuilder(Uint16Array);
  private readonly countries = new Interner();
  private readonly datasets = new Interner();
  private readonly topics = new Interner();
  private readonly slotOf = new Map<string, number>();
  private readonly entities = new Set<number>();
  private dataChangedAt: string | null = null;

  apply(change: EntityChange): void {
    const slot = this.slotOf.get(change.id);
    if (slot !== undefined) {
      this.alive.view()[slot] = 0;
      this.slotOf.delete(change.id);
    }
    if (change.op === 'delete') {
      this.entities.delete(idFingerprint(change.id));
      return;
    }
    this.entities.add(idFingerprint(change.id));
    if (change.lastChange && (!this.dataChangedAt || change.lastChange > this.dataChangedAt)) this.dataChangedAt = change.lastChange;
    if (change.person) this.addPerson(change.person);
  }

  get personCount(): number {
    return this.slotOf.size;
  }

  private addPerson(person: PersonRecord): void {
    const seen = new Set<string>();
    const nameStart = this.names.size;
    for (const name of [...person.names].sort((a, b) => Number(a.weak) - Number(b.weak))) {
      const tokens = normalizeName(name.value, 'person');
      const key = tokens.map((t) => `${t.patronymic ? '^' : ''}${t.glyph ?? t.text}`).join(' ');
      if (tokens.length === 0 || seen.has(key)) continue;
      seen.add(key);
      this.names.add(name.value);
      this.nameWeak.push(name.weak ? 1 : 0);
      for (const t of tokens) {
        this.nameTokens.push(this.vocab.intern(t));
        this.namePatronymic.push(t.patronymic ? 1 : 0);
      }
      this.nameTokens.end();
      this.namePatronymic.end();
    }
    if (this.names.size === nameStart) return; // no usable name: nothing to match on
    const slot = this.alive.length;
    this.alive.push(1);
    this.slotOf.set(person.id, slot);
    this.ids.add(person.id);
    this.slotNames.push(nameStart);
    this.addAttributes(person);
  }

  private addAttributes(person: PersonRecord): void {
    for (const d of person.birthDates) {
      const encoded = encodeDate(d);
      if (encoded !== null) this.dates.push(encoded);
    }
    this.dates.end();
    for (const c of person.nationalities) this.countryList.push(this.countries.id(c) | STRONG_COUNTRY);
    for (const c of person.otherCountries) this.countryList.push(this.countries.id(c));
    this.countryList.end();
    for (const d of person.datasets) this.datasetList.push(this.datasets.id(d));
    this.datasetList.end();
    for (const t of person.topics) this.topicList.push(this.topics.id(t));
    this.topicList.end();
  }

  /** Compacts the live persons into an IndexData; yields to the event loop between steps. */
  async finish(versionHash: string): Promise<IndexData> {
    this.slotNames.push(this.names.size);
    const live = this.liveSlots();
    const names = this.liveNames(live);
    await pause();
    const tokens = this.nameTokens.select(names.ids, Uint32Array);
    const patronymic = this.namePatronymic.select(names.ids, Uint8Array);
    await pause();
    const postings = buildPostings(this.vocab.size, tokens.start, tokens.values);
    await pause();
    const keys = buildKeys(this.vocab.tokens, postings.postingStart);
    await pause();
    const dates = this.dates.select(live, Int32Array);
    const countries = this.countryList.select(live, Uint16Array);
    const datasets = this.datasetList.select(live, Uint16Array);
    const topics = this.topicList.select(live, Uint16Array);
    return {
      meta: this.meta(versionHash, live.length, names.ids.length),
      personIds: selectStrings(this.ids.freeze(), live),
      personNameStart: names.personNameStart,
      nameText: selectStrings(this.names.freeze(), names.ids),
      nameWeak: Uint8Array.from(names.ids, (n) => this.nameWeak.get(n)),
      nameOwner: names.owner,
      nameTokenStart: tokens.start,
      nameTokens: tokens.values,
      namePatronymic: patronymic.values,
      personDateStart: dates.start,
      personDates: dates.values,
      personCountryStart: countries.start,
      personCountries: countries.values,
      personDatasetStart: datasets.start,
      personDatasets: datasets.values,
      personTopicStart: topics.start,
      personTopics: topics.values,
      countries: this.countries.values,
      datasets: this.datasets.values,
      topics: this.topics.values,
      vocab: this.vocab.tokens,
      ...postings,
      keys,
    };
  }

  private meta(versionHash: string, personCount: number, nameCount: number): IndexMeta {
    const version = `${this.dataChangedAt ?? 'undated'}/sha256:${versionHash.slice(0, 16)}`;
    return { version, entityCount: this.entities.size, personCount, nameCount, dataChangedAt: this.dataChangedAt };
  }

  private liveSlots(): Uint32Array {
    const alive = this.alive.view();
    const live = new Uint32Array(this.slotOf.size);
    let n = 0;
    for (let s = 0; s < alive.length; s++) if (alive[s]) live[n++] = s;
    return live;
  }

  private liveNames(live: Uint32Array): { ids: Uint32Array; owner: Uint32Array; personNameStart: Uint32Array } {
    const personNameStart = new Uint32Array(live.length + 1);
    for (let p = 0; p < live.length; p++) {
      personNameStart[p + 1] = personNameStart[p] + this.slotNames.get(live[p] + 1) - this.slotNames.get(live[p]);
    }
    const ids = new Uint32Array(personNameStart[live.length]);
    const owner = new Uint32Array(ids.length);
    for (let p = 0; p < live.length; p++) {
      for (let n = this.slotNames.get(live[p]), k = personNameStart[p]; n < this.slotNames.get(live[p] + 1); n++, k++) {
        ids[k] = n;
        owner[k] = p;
      }
    }
    return { ids, owner, personNameStart };
  }
}
