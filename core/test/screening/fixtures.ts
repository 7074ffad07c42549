import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared OpenSanctions fixtures (non-commercial data: read in place, never copied into the
 * repository). SANCTIONS_FIXTURES overrides the location.
 */
export const FIXTURES =
  process.env.SANCTIONS_FIXTURES ??
  (process.env.SHARED_DIR
    ? join(process.env.SHARED_DIR, 'fixtures/sanctions')
    : fileURLToPath(new URL('../../../../shared/fixtures/sanctions/', import.meta.url)));
export const ENTITIES = join(FIXTURES, 'entities');
export const entityFile = (name: string) => join(ENTITIES, name);

export const DERIVED = 'yente_sanctions_2024-05.derived.entities.ftm.json';
export const T1 = 'yente_t1.entities.ftm.json';

/** Known Persons of the fixture files. */
export const THARWAT = { id: 'NK-4UybuJisrLt66d4CNMG9m2', name: 'Tharwat Salah Shihata', birthDate: '1960-06-29', nationality: 'EG' };
export const VERA_ROJAS = { id: 'NK-4LbAK37XT6ozzfFWGnzyMV', name: 'Oswaldo Emilio Vera Rojas' };
export const ORTEGA = { id: 'NK-55q6AGuAA3H55Y6h9bEKAZ', name: 'Saúl Antonio Ortega Campos' };
export const BULGARSKIY = { id: 'NK-TfKhzgJ757eX7Ly4fmCQKC', alias: 'Airat Wakhitov' };

/** The raw line of one entity id in a fixture file (for building small test datasets). */
export function fixtureLine(file: string, id: string): string {
  const line = readFileSync(entityFile(file), 'utf8')
    .split('\n')
    .find((l) => l.includes(`"${id}"`));
  if (!line) throw new Error(`fixture ${id} not found in ${file}`);
  return line;
}

/** A temporary folder removed by the returned cleanup. */
export function tempDir(): { dir: string; write: (name: string, content: string | Uint8Array) => string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'screening-test-'));
  return {
    dir,
    write: (name, content) => {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A clock that advances one second per call, so timestamps are predictable. */
export function steppingClock(start = '2024-06-01T02:00:00Z'): () => Date {
  let t = new Date(start).getTime();
  return () => new Date((t += 1000));
}
