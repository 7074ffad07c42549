import { Piscina } from 'piscina';
import { afterAll, describe, expect, it } from 'vitest';
import { SPECIMENS, TODAY, documentFixture } from './support/fixtures.ts';

describe('readDocument inside Piscina worker threads', () => {
  const pool = new Piscina({ filename: new URL('./support/read-worker.ts', import.meta.url).href, minThreads: 2, maxThreads: 2 });
  afterAll(() => pool.destroy());

  it('loads its sessions once per thread and reads documents concurrently', async () => {
    const jobs = [...SPECIMENS, ...SPECIMENS.slice(0, 2)];
    const results = await Promise.all(jobs.map(async (spec) => ({ spec, result: await pool.run({ image: await documentFixture(spec.file), today: TODAY }) })));
    for (const { spec, result } of results) expect(result).toMatchObject({ status: 'ok', dateOfBirth: spec.dateOfBirth, documentNumber: spec.documentNumber });
  });
});
