import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScreeningEngine } from '@idgate/core';
import { BACKENDS, startTestService, TEST_ADMIN_TOKEN, type TestService } from '../src/index.ts';

/**
 * Screening through HTTP (docs/screening.md): readiness waits for the list, a clearly
 * contradicting birth date keeps a listed name out of review, validation errors of the screening
 * check name their field, and a hit gives its name in Latin script. A made-up list of three
 * persons, so that every score here is known.
 */
const PERSONS = [
  { id: 'p-haddad', schema: 'Person', properties: { name: ['Karim Haddad'], birthDate: ['1960-04-12'], nationality: ['sy'] } },
  { id: 'p-zaitsev', schema: 'Person', properties: { name: ['Олег Борисович Зайцев', 'Oleg Borisovich Zaitsev'], birthDate: ['1971'] } },
  { id: 'p-petrov', schema: 'Person', properties: { name: ['Иван Сидорович Петров'] } },
];

describe.each(BACKENDS)('screening names through HTTP ($name)', (backend) => {
  let svc: TestService;
  let dir: string;
  let list: string;
  const engine = new ScreeningEngine();
  const check = (body: unknown) => svc.http('POST', '/admin/v1/screening/check', { body, headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'screening-names-'));
    list = join(dir, 'list.json');
    writeFileSync(list, `${PERSONS.map((p) => JSON.stringify(p)).join('\n')}\n`);
    // The engine is handed over before any list is loaded, as at start with SCREENING_SOURCE set.
    svc = await startTestService(backend, {}, undefined, { screening: engine });
  });
  afterAll(async () => {
    await svc?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('readiness waits for the screening list: /readyz answers 503 saying so until the list is loaded', async () => {
    const before = await svc.http('GET', '/readyz');
    expect(before.status).toBe(503);
    expect(before.body).toEqual({ status: 'not_ready', database: true, inference: true, screening: false, detail: 'screening list not loaded yet' });
    expect(await svc.admin('GET', '/admin/v1/screening/status')).toMatchObject({ enabled: true, loaded: false });
    await engine.refresh(list);
    const after = await svc.http('GET', '/readyz');
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ status: 'ready', database: true, inference: true, screening: true });
  });

  it('a clearly contradicting birth date keeps an exact listed name under the review threshold', async () => {
    const listed = await check({ name: 'HADDAD, Karim', birth_date: '1960-04-12', nationality: 'SY' });
    expect(listed.status).toBe(200);
    expect(listed.body.hits).toEqual([expect.objectContaining({ entity_id: 'p-haddad', score: 1 })]);
    // 30 years from the listed date: a namesake, not a hit.
    expect((await check({ name: 'HADDAD, Karim', birth_date: '1990-04-12', nationality: 'SY' })).body).toEqual({ threshold: 0.7, hits: [] });
    const below = await check({ name: 'HADDAD, Karim', birth_date: '1990-04-12', threshold: 0.5 });
    expect(below.body.hits).toEqual([expect.objectContaining({ entity_id: 'p-haddad', score: 0.6 })]);
    // A nationality the entry does not state, with no birth date to confirm the person: the same.
    expect((await check({ name: 'Karim Haddad', nationality: 'FR' })).body.hits).toEqual([]);
    // Eight years apart is not a clear contradiction: it still goes to review.
    expect((await check({ name: 'Karim Haddad', birth_date: '1968-04-12' })).body.hits).toEqual([expect.objectContaining({ entity_id: 'p-haddad' })]);
  });

  it('validation errors of the screening check name the offending field', async () => {
    for (const [body, field, code] of [
      [{ name: 'Karim Haddad', birth_date: '1990-02-30' }, 'birth_date', 'SCREENING_QUERY_INVALID'],
      [{ name: 'Karim Haddad', birth_date: '30.2.1990' }, 'birth_date', 'SCREENING_QUERY_INVALID'],
      [{ name: 'Karim Haddad', nationality: 'X1' }, 'nationality', 'SCREENING_QUERY_INVALID'],
      [{ name: '   ' }, 'name', 'SCREENING_QUERY_INVALID'],
      [{ name: '-.,;' }, 'name', 'SCREENING_QUERY_INVALID'],
      [{ name: 'Karim Haddad', threshold: 2 }, 'threshold', 'REQUEST_INVALID'],
      [{ name: 'Karim Haddad', birth_date: '1990-02-300' }, 'birth_date', 'REQUEST_INVALID'],
      [{ birth_date: '1990-02-03' }, 'name', 'REQUEST_INVALID'],
    ] as const) {
      const r = await check(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe(code);
      expect(r.body.error.details.fields.map((f: { loc: string[] }) => f.loc)).toEqual([['body', field]]);
      expect(r.text).not.toMatch(/stack|at \w+ \(/);
      for (const value of Object.values(body)) if (typeof value === 'string' && value.trim().length > 4) expect(r.text).not.toContain(value);
    }
  });

  it('a hit gives the matched name in Latin script beside the list spelling', async () => {
    const cyrillic = await check({ name: 'Олег Борисович Зайцев', birth_date: '1971' });
    expect(cyrillic.body.hits).toEqual([
      expect.objectContaining({ entity_id: 'p-zaitsev', matched_name: 'Олег Борисович Зайцев', matched_name_latin: 'Oleg Borisovich Zaitsev' }),
    ]);
    // Listed in Cyrillic only: transliterated.
    const only = await check({ name: 'Ivan Sidorovich Petrov' });
    expect(only.body.hits).toEqual([
      expect.objectContaining({ entity_id: 'p-petrov', matched_name: 'Иван Сидорович Петров', matched_name_latin: 'Ivan Sidorovich Petrov' }),
    ]);
    // A Latin name is its own Latin form.
    expect((await check({ name: 'Karim Haddad' })).body.hits[0]).toMatchObject({ matched_name: 'Karim Haddad', matched_name_latin: 'Karim Haddad' });
  });
});
