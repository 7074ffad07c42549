import { createWriteStream, readFileSync, readdirSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';

/**
 * A synthetic consolidated list of N persons in FtM JSON lines, for the load/latency benchmark.
 * Name parts come from the fixture Persons (real given and family names of many cultures) plus
 * syllable-built family names for a long tail of rare tokens; frequencies follow a Zipf law so
 * common names ("Mohammed", "Kim") get the long posting lists real lists have. Deterministic (seeded).
 */
export interface NamePools {
  given: string[];
  family: string[];
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LATIN_WORD = /^[A-Za-z][A-Za-z'-]{1,}$/;

/** Given and family names of the fixture Persons (Latin-script parts only). */
export function namePools(entitiesDir: string): NamePools {
  const given = new Set<string>();
  const family = new Set<string>();
  for (const file of readdirSync(entitiesDir)) {
    for (const line of readFileSync(join(entitiesDir, file), 'utf8').split('\n')) {
      if (!line.includes('Person')) continue;
      const parsed = JSON.parse(line) as {
        entity?: { schema?: string; properties?: Record<string, string[]> };
        schema?: string;
        properties?: Record<string, string[]>;
      };
      const e = parsed.entity ?? parsed;
      if (e.schema !== 'Person' || !e.properties) continue;
      const add = (target: Set<string>, values: string[] | undefined) => {
        for (const v of values ?? []) for (const w of v.split(/\s+/)) if (LATIN_WORD.test(w)) target.add(w[0].toUpperCase() + w.slice(1).toLowerCase());
      };
      add(given, e.properties.firstName);
      add(family, e.properties.lastName);
    }
  }
  return { given: [...given], family: [...family] };
}

const SYLLABLES =
  'ka,ri,mo,sa,ta,ne,lo,vi,dra,ko,zu,ha,mi,be,shi,ro,na,el,an,ov,ev,in,ar,es,al,ur,gu,ba,da,fe,go,ja,ki,le,ma,no,pa,ra,se,ti,va,ya,ze,chen,wang,nov,ski,berg,man,son'.split(
    ',',
  );
const DATASETS =
  'us_ofac_sdn,eu_fsf,gb_hmt_sanctions,un_sc_sanctions,ch_seco_sanctions,ua_nsdc_sanctions,au_dfat_sanctions,ca_dfatd_sema_sanctions,jp_mof_sanctions,fr_tresor_gels_avoir,be_fod_sanctions,pl_finanse_sanctions,us_trade_csl,ru_acf_sanctioned,everypolitician,wd_peps,ve_asamblea_nacional,ar_repet,id_dttot,qa_nctc_sanctions'.split(
    ',',
  );
const COUNTRIES = 'ru,ua,by,ir,sy,af,pk,iq,ye,kp,cn,ve,cu,ly,sd,so,ng,ml,tr,ae,sa,eg,lb,de,fr,gb,us,it,es,br,mx,co,in,id,ph,my,th,vn,kz,uz'.split(',');

/** Zipf-like pick: index ~ floor(n * u^skew) favours the head of the list. */
const zipf = (rand: () => number, n: number, skew = 2.2) => Math.floor(n * rand() ** skew);

function syllableName(rand: () => number): string {
  const parts = 2 + Math.floor(rand() * 2);
  let s = '';
  for (let k = 0; k < parts; k++) s += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
  return s[0].toUpperCase() + s.slice(1);
}

export interface SyntheticPerson {
  given: string[];
  family: string[];
  birthDate: string | null;
  nationality: string | null;
}

export function syntheticPerson(rand: () => number, pools: NamePools): SyntheticPerson {
  const given = [pools.given[zipf(rand, pools.given.length)]];
  if (rand() < 0.35) given.push(pools.given[zipf(rand, pools.given.length)]);
  const family = [rand() < 0.55 ? pools.family[zipf(rand, pools.family.length, 1.6)] : syllableName(rand)];
  if (rand() < 0.2) family.push(syllableName(rand));
  const year = 1935 + Math.floor(rand() * 70);
  const month = String(1 + Math.floor(rand() * 12)).padStart(2, '0');
  const day = String(1 + Math.floor(rand() * 28)).padStart(2, '0');
  const r = rand();
  const birthDate = r < 0.5 ? `${year}-${month}-${day}` : r < 0.8 ? String(year) : null;
  const nationality = rand() < 0.7 ? COUNTRIES[zipf(rand, COUNTRIES.length, 1.5)] : null;
  return { given, family, birthDate, nationality };
}

function entityLine(id: number, p: SyntheticPerson, rand: () => number): string {
  const full = [...p.given, ...p.family].join(' ');
  const names = [full];
  if (rand() < 0.5) names.push(`${p.family.join(' ').toUpperCase()}, ${p.given.join(' ')}`);
  const alias = rand() < 0.3 ? [[p.given[0], ...p.family].join(' ')] : [];
  const properties: Record<string, string[]> = { name: names, firstName: [p.given[0]], lastName: [p.family.join(' ')] };
  if (alias.length) properties.alias = alias;
  if (rand() < 0.1) properties.weakAlias = [`Abu ${p.given[0]}`];
  if (p.birthDate) properties.birthDate = [p.birthDate];
  if (p.nationality) properties.nationality = [p.nationality];
  properties.topics = [rand() < 0.6 ? 'sanction' : 'role.pep'];
  const datasets = [DATASETS[zipf(rand, DATASETS.length, 1.4)]];
  if (rand() < 0.4) datasets.push(DATASETS[Math.floor(rand() * DATASETS.length)]);
  return JSON.stringify({
    id: `NK-synth-${id.toString(36)}`,
    caption: full,
    schema: 'Person',
    properties,
    datasets: [...new Set(datasets)],
    first_seen: '2024-01-01T00:00:00',
    last_change: '2024-05-30T00:00:00',
    target: true,
  });
}

/** Writes N persons (plus one Sanction entity per 5 persons, which the loader must skip) to `path`. */
export async function writeSyntheticDataset(path: string, persons: number, pools: NamePools, seed = 7): Promise<(SyntheticPerson & { id: string })[]> {
  const rand = mulberry32(seed);
  const out = createWriteStream(path);
  const sample: (SyntheticPerson & { id: string })[] = [];
  for (let i = 0; i < persons; i++) {
    const p = syntheticPerson(rand, pools);
    if (i % Math.max(1, Math.floor(persons / 2000)) === 0) sample.push({ ...p, id: `NK-synth-${i.toString(36)}` });
    let chunk = `${entityLine(i, p, rand)}\n`;
    if (i % 5 === 0)
      chunk += `${JSON.stringify({ id: `sanction-${i}`, schema: 'Sanction', properties: { entity: [`NK-synth-${i.toString(36)}`], program: ['SYNTH'] }, datasets: ['us_ofac_sdn'] })}\n`;
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return sample;
}
