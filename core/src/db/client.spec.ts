import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { reachable, TEST_DATABASE_URL } from '../testing/index.ts';

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

describe('embedded database folder', () => {
  it("DATA_DIR/pglite is the owner's alone (0700), also when it existed with looser permissions", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'idgate-perm-'));
    try {
      const first = await openDatabase({ dataDir });
      await first.close();
      expect(statSync(join(dataDir, 'pglite')).mode & 0o777).toBe(0o700);
      chmodSync(join(dataDir, 'pglite'), 0o755);
      const again = await openDatabase({ dataDir });
      await again.close();
      expect(statSync(join(dataDir, 'pglite')).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

const pgReachable = await reachable(TEST_DATABASE_URL);

describe.skipIf(!pgReachable && process.env.CI !== 'true')('Postgres migrations', () => {
  it('core processes starting together on a fresh schema take turns: every migrate() succeeds and each migration is applied once', async () => {
    const schemaName = `mig_race_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      // Pools of one, as a migration runner opens them: the migrator must run on the locking connection.
      const starts = Array.from({ length: 4 }, async () => {
        const database = await openDatabase({ url: TEST_DATABASE_URL, schemaName, poolSize: 1 });
        try {
          await database.migrate();
        } finally {
          await database.close();
        }
      });
      const outcomes = await Promise.allSettled(starts);
      expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
      const migrations = readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')).length;
      const applied = await admin.query(`select count(*)::int n from "${schemaName}".__drizzle_migrations`);
      expect(applied.rows[0].n).toBe(migrations);
    } finally {
      await admin.query(`drop schema if exists "${schemaName}" cascade`);
      await admin.end();
    }
  }, 60_000);
});
