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

/** Rows of a query, typed. */
export async function rows<R>(sql: SqlHandle, text: string, params: unknown[] = []): Promise<R[]> {
  return (await sql.query<R>(text, params)).rows;
}
