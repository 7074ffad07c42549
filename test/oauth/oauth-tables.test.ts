import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { openDatabase, type Database } from '@idgate/core';
import { oauthTables } from '@idgate/oauth';
import { BACKENDS } from '../src/backends.ts';

/**
 * oauth defines its own tables (oauth/src/db/tables.ts) and reads them with its own SQL; the one
 * migration set is generated from those definitions together with core's. This holds the three
 * together: the migrated database has exactly the columns, types, nullability and indexes the
 * definitions state, so a definition edited without `npm run db:generate` (or a migration edited
 * by hand) fails here before any query does.
 */
const TABLES: PgTable[] = Object.values(oauthTables as Record<string, unknown>).filter((t): t is PgTable => is(t, PgTable));

interface LiveColumn {
  column: string;
  type: string;
  nullable: boolean;
}

describe.each(BACKENDS)('oauth table definitions match the migrated database ($name)', (backend) => {
  let database: Database;

  beforeAll(async () => {
    const schemaName = backend.databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
    database = await openDatabase({ url: backend.databaseUrl, schemaName, poolSize: 2 });
    await database.migrate();
  });
  afterAll(() => database?.close());

  const query = async <R>(q: SQL): Promise<R[]> => ((await database.db.execute(q)) as unknown as { rows: R[] }).rows;

  it('defines the six oauth tables', () => {
    expect(TABLES.map((t) => getTableConfig(t).name).sort()).toEqual([
      'oauth_clients',
      'oauth_signing_keys',
      'oauth_users',
      'oidc_payloads',
      'service_id_age_proofs',
      'service_id_passkeys',
    ]);
  });

  it.each(TABLES.map((t) => [getTableConfig(t).name, t] as const))('%s: columns, types and nullability', async (name, table) => {
    const live = await query<LiveColumn>(sql`
      SELECT a.attname AS "column", format_type(a.atttypid, a.atttypmod) AS "type", NOT a.attnotnull AS "nullable"
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relname = ${name} AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attname`);
    const defined = getTableConfig(table)
      .columns.map((c) => ({ column: c.name, type: c.getSQLType(), nullable: !c.notNull }))
      .sort((a, b) => a.column.localeCompare(b.column));
    expect(live.map((r) => ({ ...r }))).toEqual(defined);
  });

  it.each(TABLES.map((t) => [getTableConfig(t).name, t] as const))('%s: indexes', async (name, table) => {
    const live = await query<{ name: string }>(sql`
      SELECT indexname AS "name" FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ${name}`);
    const config = getTableConfig(table);
    const liveNames = live.map((r) => r.name);
    for (const index of config.indexes) expect(liveNames).toContain(index.config.name);
    // Besides the defined indexes: the primary key's (`_pkey`, or `_pk` for a composite one) and each unique column's.
    const implicit = liveNames.filter((n) => !config.indexes.some((i) => i.config.name === n));
    expect(implicit.every((n) => n.endsWith('_pkey') || n.endsWith('_pk') || n.endsWith('_unique') || n.endsWith('_key'))).toBe(true);
  });
});
