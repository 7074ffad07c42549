import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRADICTED_CAP, DEFAULT_MATCH_THRESHOLD, ScreeningEngine, ScreeningUnavailableError, type ScreeningHit } from '../../src/screening/index.ts';
import { BULGARSKIY, DERIVED, ENTITIES, fixtureLine, ORTEGA, tempDir, THARWAT, VERA_ROJAS } from './fixtures.ts';

const ids = (hits: ScreeningHit[]) => hits.map((h) => h.entityId);

describe('screening against the fixture list', () => {
  const engine = new ScreeningEngine();
  beforeAll(() => engine.refresh(ENTITIES));

  it('answers SCREENING_UNAVAILABLE before any list is loaded', () => {
    expect(() => new ScreeningEngine().screen({ name: 'x' })).toThrow(ScreeningUnavailableError);
  });

  it('finds an exact name with score 1, its datasets and topics', () => {
    const [hit] = engine.screen(THARWAT);
    expect(hit).toMatchObject({ entityId: THARWAT.id, score: 1 });
    expect(hit.datasets).toContain('un_sc_sanctions');
    expect(hit.topics).toEqual(['sanction', 'crime.terror']);
  });

  it('finds a reordered "LAST, First" name', () => {
    expect(ids(engine.screen({ name: 'SHIHATA, Tharwat Salah' }))[0]).toBe(THARWAT.id);
  });

  it('finds an accented list name from an unaccented query and the other way round', () => {
    expect(engine.screen({ name: 'SAUL ANTONIO ORTEGA CAMPOS' })[0]).toMatchObject({ entityId: ORTEGA.id, matchedName: ORTEGA.name, score: 1 });
    expect(ids(engine.screen({ name: 'Óswaldo Emílio Véra Rojás' }))).toContain(VERA_ROJAS.id);
  });

  it('finds a Latin-script list name from a Cyrillic query (transliteration)', () => {
    const [hit] = engine.screen({ name: 'Освальдо Эмилио Вера Рохас' });
    expect(hit).toMatchObject({ entityId: VERA_ROJAS.id, matchedName: VERA_ROJAS.name });
    expect(hit.score).toBeGreaterThanOrEqual(DEFAULT_MATCH_THRESHOLD);
  });

  it('finds a misspelt name below a perfect score', () => {
    const [hit] = engine.screen({ name: 'Tharvat Salah Shihatta' });
    expect(hit.entityId).toBe(THARWAT.id);
    expect(hit.score).toBeGreaterThanOrEqual(DEFAULT_MATCH_THRESHOLD);
    expect(hit.score).toBeLessThan(1);
  });

  it('finds a person by an alias that shares no word with its names', () => {
    expect(engine.screen({ name: BULGARSKIY.alias })[0]).toMatchObject({ entityId: BULGARSKIY.id, matchedName: BULGARSKIY.alias });
  });

  it('scores birth date and nationality agreement up and disagreement down', () => {
    const agree = engine.screen(THARWAT)[0].score;
    const plain = engine.screen({ name: 'Tharvat Salah Shihatta' })[0].score;
    const withDob = engine.screen({ name: 'Tharvat Salah Shihatta', birthDate: THARWAT.birthDate, nationality: 'EG' })[0].score;
    const wrongDob = engine.screen({ name: 'Tharvat Salah Shihatta', birthDate: '1975-01-01', nationality: 'FR' });
    expect(agree).toBe(1);
    expect(withDob).toBeGreaterThan(plain);
    expect(wrongDob.find((h) => h.entityId === THARWAT.id)?.score ?? 0).toBeLessThan(plain);
  });

  it('gives the Latin form beside a matched name in a script the operator may not read', () => {
    const names = (JSON.parse(fixtureLine(DERIVED, THARWAT.id)) as { properties: { name: string[]; alias?: string[] } }).properties;
    const hebrew = [...names.name, ...(names.alias ?? [])].find((n) => /\p{Script=Hebrew}/u.test(n))!;
    const hit = engine.screen({ name: hebrew, birthDate: THARWAT.birthDate }).find((h) => h.entityId === THARWAT.id)!;
    expect(hit.matchedName).toMatch(/\p{Script=Hebrew}/u);
    expect(hit.matchedNameLatin).toMatch(/^[\p{Script=Latin}\s',.-]+$/u);
    expect([...names.name, ...(names.alias ?? [])]).toContain(hit.matchedNameLatin);
    // A Latin matched name is its own Latin form.
    const [latin] = engine.screen(THARWAT);
    expect(latin.matchedNameLatin).toBe(latin.matchedName);
  });

  it('returns no hit for an unrelated name and respects limit and threshold', () => {
    expect(engine.screen({ name: 'Margarethe Vestergaard-Olsen', birthDate: '1984-03-02', nationality: 'DK' })).toEqual([]);
    expect(engine.screen({ name: 'Mohammad' }, { limit: 2, threshold: 0.5 }).length).toBeLessThanOrEqual(2);
  });
});

describe('namesakes', () => {
  const tmp = tempDir();
  const engine = new ScreeningEngine();
  afterAll(() => tmp.cleanup());
  beforeAll(async () => {
    const real = fixtureLine(DERIVED, THARWAT.id);
    const namesake = JSON.parse(real) as { id: string; properties: Record<string, string[]> };
    namesake.id = 'NK-test-namesake';
    namesake.properties.birthDate = ['1988-11-02'];
    namesake.properties.nationality = ['eg'];
    await engine.refresh(tmp.write('namesakes.json', `${JSON.stringify(namesake)}\n${real}\n`));
  });

  it('ranks a namesake with a different birth date below the true hit, under the threshold when 28 years apart', () => {
    expect(ids(engine.screen(THARWAT))).toEqual([THARWAT.id]);
    const hits = engine.screen(THARWAT, { threshold: 0.5 });
    expect(ids(hits)).toEqual([THARWAT.id, 'NK-test-namesake']);
    expect(hits[1].score).toBe(CONTRADICTED_CAP);
  });

  it('ranks the namesake first when the birth date is his', () => {
    expect(ids(engine.screen({ ...THARWAT, birthDate: '1988-11-02' }))[0]).toBe('NK-test-namesake');
  });
});

describe('the Latin form of a name listed in one script only', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it('is the matched name transliterated', async () => {
    const person = { id: 'NK-cyrillic', schema: 'Person', properties: { name: ['Иван Сидорович Петров'] } };
    const engine = new ScreeningEngine();
    await engine.refresh(tmp.write('cyrillic.json', `${JSON.stringify(person)}\n`));
    expect(engine.screen({ name: 'Ivan Sidorovich Petrov' })[0]).toMatchObject({
      matchedName: 'Иван Сидорович Петров',
      matchedNameLatin: 'Ivan Sidorovich Petrov',
    });
  });
});

describe('weak aliases', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it('do not trigger a match alone, only with birth date and nationality confirming', async () => {
    const person = {
      id: 'NK-weak',
      schema: 'Person',
      properties: { name: ['Karim Benali Haddad'], weakAlias: ['Abu Qatada Shami'], birthDate: ['1970-05-05'], nationality: ['sy'] },
    };
    const engine = new ScreeningEngine();
    await engine.refresh(tmp.write('weak.json', `${JSON.stringify(person)}\n`));
    expect(engine.screen({ name: 'Abu Qatada Shami' })).toEqual([]);
    expect(engine.screen({ name: 'Abu Qatada Shami', birthDate: '1970-05-05', nationality: 'SY' })[0]?.entityId).toBe('NK-weak');
  });
});
