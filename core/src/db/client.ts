import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { lockDataDir } from './data-dir-lock.ts';

export type Schema = typeof schema;
/** The drizzle handle every repository takes: the same type on PGlite and Postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The raw PGlite instance in embedded mode, shared with the OAuth adapter (one handle). */
  pglite?: PGlite;
  /** The pg pool in Postgres mode. */
  pool?: pg.Pool;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Postgres only: another pool on the same database and schema, for a background job that must
   * not queue behind request traffic (the webhook dispatcher). PGlite has one connection: none.
   */
  sibling?(poolSize: number): Promise<Database>;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** postgres:// URL; PGlite when absent. */
  url?: string;
  /** PGlite data folder; in-memory when absent. */
  dataDir?: string;
  poolSize?: number;
  /** Postgres schema to use (tests isolate each file in its own schema). */
  schemaName?: string;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.url ? openPostgres(opts.url, opts) : openPglite(opts.dataDir);
}

async function openPglite(dataDir?: string): Promise<Database> {
  let dir: string | undefined;
  let unlock = () => {};
  if (dataDir) {
    dir = join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // PGlite writes its files world-readable (0666 under the usual umask): the folder holding them
    // is the owner's alone, so no other local user can read or change the database.
    chmodSync(dir, 0o700);
    unlock = lockDataDir(dir);
  }
  let client: PGlite;
  try {
    client = dir ? new PGlite(dir) : new PGlite();
    await client.waitReady;
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

async function openPostgres(url: string, opts: DatabaseOptions): Promise<Database> {
  if (opts.schemaName && !/^[a-z_][a-z0-9_]{0,62}$/.test(opts.schemaName)) throw new Error('DATABASE_SCHEMA must be a lower-case SQL identifier');
  const searchPath = opts.schemaName ? `-c search_path=${opts.schemaName}` : undefined;
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10, options: searchPath });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  if (opts.schemaName) await createSchemaOnce(pool, opts.schemaName);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    migrate: () =>
      // On the connection that holds the lock: a pool of one has no other to lend the migrator.
      underMigrationLock(pool, opts.schemaName, (session) =>
        migratePg(drizzlePg(session, { schema }), {
          migrationsFolder: MIGRATIONS_DIR,
          ...(opts.schemaName ? { migrationsSchema: opts.schemaName } : {}),
        }),
      ),
    close: () => pool.end(),
    sibling: (poolSize: number) => openPostgres(url, { ...opts, poolSize }),
  };
}

/**
 * drizzle's migrator takes no lock: core processes starting together on a database that is behind
 * (first install, a rollout that adds a migration, several replicas at once) would race and all but
 * one fail (`duplicate key … pg_type_typname_nsp_index`). A session advisory lock per schema makes
 * them take turns; the later ones find nothing to apply. Needs a direct connection or session
 * pooling (a transaction-pooling proxy would hand the lock to another client).
 */
async function underMigrationLock(pool: pg.Pool, schemaName: string | undefined, migrate: (session: pg.PoolClient) => Promise<void>): Promise<void> {
  const key = `idgate:migrations:${schemaName ?? ''}`;
  const session = await pool.connect();
  let failure: Error | undefined;
  try {
    await session.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
    try {
      await migrate(session);
    } finally {
      // A failed unlock must not hide the migration's own error; ending the connection frees the lock.
      await session.query('SELECT pg_advisory_unlock(hashtext($1))', [key]).catch((err: Error) => (failure ??= err));
    }
  } catch (err) {
    failure = err as Error;
    throw err;
  } finally {
    session.release(failure); // a connection that failed is discarded, not pooled
  }
}

/** CREATE SCHEMA IF NOT EXISTS is not safe under concurrency either: a lost race is a success. */
async function createSchemaOnce(pool: pg.Pool, schemaName: string): Promise<void> {
  try {
    await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schemaName}"`);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code !== '23505' && code !== '42P06') throw err; // unique_violation, duplicate_schema
  }
}
