import { describe, expect, it } from 'vitest';
import { ScreeningEngine } from '../../src/screening/index.ts';
import { ENTITIES, entityFile, T1, THARWAT } from './fixtures.ts';

describe('swapping the index while queries run', () => {
  it('answers every query during a refresh: old list before the swap, new list after', async () => {
    const engine = new ScreeningEngine();
    await engine.refresh(entityFile(T1)); // 4 persons; Tharwat is not among them
    let answered = 0;
    let failed = 0;
    const seen = new Set<string>();
    let refreshing = true;
    const refresh = engine.refresh(ENTITIES).finally(() => {
      refreshing = false;
    });
    // Queries keep arriving on every turn of the event loop while the new index is built beside the old one.
    while (refreshing) {
      try {
        const hits = engine.screen({ name: THARWAT.name, birthDate: THARWAT.birthDate });
        seen.add(hits.length > 0 ? 'new' : 'old');
        answered++;
      } catch {
        failed++;
      }
      await new Promise((r) => setImmediate(r));
    }
    await refresh;
    expect(failed).toBe(0);
    expect(answered).toBeGreaterThan(10);
    expect(seen).toEqual(new Set(['old']));
    expect(engine.screen(THARWAT)[0]?.entityId).toBe(THARWAT.id);
    expect(engine.status().personCount).toBe(735);
  });

  it('shares one refresh between concurrent callers', async () => {
    const engine = new ScreeningEngine();
    const a = engine.refresh(entityFile(T1));
    const b = engine.refresh(entityFile(T1));
    expect(b).toBe(a);
    await a;
    expect(engine.status().personCount).toBe(4);
  });
});
