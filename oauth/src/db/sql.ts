import pg from 'pg';

/**
 * The one thing oauth needs from a database: parameterised queries returning rows. Both the
 * embedded PGlite instance (shared with core: DESIGN "Embedded mode", one handle) and a pg
 * Pool satisfy it as they are, so the adapter SQL is the same on both.
 */
export interface SqlHandle {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/** Opens a pg pool for a standalone gateway process (Postgres is required there). */
export function openSqlPool(url: string, opts: { poolSize?: number; schemaName?: string } = {}): { sql: SqlHandle; close(): Promise<void> } {
  const options = opts.schemaName ? `-c search_path=${opts.schemaName}` : undefined;
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10, options });
  pool.on('error', () => undefined);
  return { sql: pool as unknown as SqlHandle, close: () => pool.end() };
}

/**
 * A hot statement, prepared once per pooled connection on Postgres (pg's named statements:
 * parsed and planned once, then only bound and executed); PGlite runs the text as it is.
 * Only for statements that name their columns (a cached plan must not change its result type).
 */
export function prepared<R>(sql: SqlHandle, name: string, text: string, params: unknown[]): Promise<{ rows: R[] }> {
  return sql instanceof pg.Pool ? sql.query<R & pg.QueryResultRow>({ name, text, values: params }) : sql.query<R>(text, params);
}

/** Rows of a query, typed. */
export async function rows<R>(sql: SqlHandle, text: string, params: unknown[] = []): Promise<R[]> {
  return (await sql.query<R>(text, params)).rows;
}
