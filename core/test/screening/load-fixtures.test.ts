import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScreeningEngine } from '../../src/screening/index.ts';
import { DERIVED, ENTITIES, fixtureLine, steppingClock, tempDir, THARWAT } from './fixtures.ts';

describe('loading the OpenSanctions fixture files', () => {
  const engine = new ScreeningEngine({ now: steppingClock() });
  beforeAll(() => engine.refresh(ENTITIES));

  it('reads all five entity files, the delta file included, and keeps only Persons for matching', () => {
    const status = engine.status();
    expect(status.personCount).toBe(735);
    // Distinct ids of every schema after the delta's DEL lines (the derived file repeats the delta's entities).
    expect(status.entityCount).toBe(1776);
    expect(status.version).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:]+\/sha256:[0-9a-f]{16}$/);
    expect(status.lastRefreshAt).toBe('2024-06-01T02:00:03.000Z');
    expect(status).toMatchObject({ lastError: null, refreshFailures: 0 });
  });

  it('gives the same version for the same bytes and another one for other bytes', async () => {
    const again = new ScreeningEngine();
    await again.refresh(ENTITIES);
    expect(again.status().version).toBe(engine.status().version);
    const tmp = tempDir();
    try {
      const small = new ScreeningEngine();
      await small.refresh(tmp.write('one.json', `${fixtureLine(DERIVED, THARWAT.id)}\n`));
      expect(small.status().version).not.toBe(engine.status().version);
    } finally {
      tmp.cleanup();
    }
  });
});

describe('applying files in order', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());
  const line = fixtureLine(DERIVED, THARWAT.id);

  it('lets a later delta DEL remove a person loaded from an earlier file', async () => {
    tmp.write('a.entities.ftm.json', `${line}\n`);
    tmp.write(
      'b.entities.delta.json',
      `${JSON.stringify({ op: 'DEL', entity: { id: THARWAT.id } })}\n{"op":"ADD","entity":{"id":"x","schema":"Address","properties":{}}}\n`,
    );
    const engine = new ScreeningEngine();
    await expect(engine.refresh(tmp.dir)).rejects.toThrow(/no Person/);
  });

  it('lets a later line with the same id replace the earlier one', async () => {
    const renamed = JSON.parse(line) as { properties: Record<string, string[]> };
    renamed.properties = { name: ['Zebulon Quartermaine'], topics: ['sanction'] };
    const dir = tempDir();
    try {
      dir.write('1.json', `${line}\n`);
      dir.write('2.json', `${JSON.stringify(renamed)}\n`);
      const engine = new ScreeningEngine();
      await engine.refresh(dir.dir);
      expect(engine.status().personCount).toBe(1);
      expect(engine.screen({ name: THARWAT.name })).toEqual([]);
      expect(engine.screen({ name: 'Zebulon Quartermaine' })[0]?.entityId).toBe(THARWAT.id);
    } finally {
      dir.cleanup();
    }
  });
});
