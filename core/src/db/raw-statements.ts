import { getTableColumns, getTableName, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './client.ts';

/**
 * Hand-written SQL for the few statements on the verification API's hot path (session insert,
 * result-token consumption). drizzle builds each query anew per call, and for a group-committed
 * batch that cost grows with rows × columns: its `is()` checks and chunk merging were a quarter
 * of core's CPU per init in the verify-flow profile. These statements are fixed text (a batch
 * travels as one JSON or array parameter), prepared once per connection on Postgres.
 * Everything else keeps drizzle; rows are mapped back through drizzle's own column codecs, so
 * callers see exactly what a drizzle select would return.
 */
export interface RawStatements {
  /** Runs `text` with `params`; `name` identifies the prepared statement (Postgres only). */
  rows<R = Record<string, unknown>>(name: string, text: string, params: unknown[]): Promise<R[]>;
}

const TIMESTAMPTZ = 1184;
const TIMESTAMP = 1114;
/**
 * Timestamps come back as the server's text and become Dates in TableCodec.fromRow (drizzle's
 * own mapping, `new Date(text)`), as drizzle does: pg's default parser is 2.5x slower per value.
 */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMPTZ || oid === TIMESTAMP ? (text: string) => text : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function rawStatements(database: Database): RawStatements {
  if (database.pool) {
    const pool = database.pool;
    return {
      async rows<R>(name: string, text: string, values: unknown[]) {
        return (await pool.query({ name, text, values, types: TYPES })).rows as R[];
      },
    };
  }
  if (!database.pglite) throw new Error('rawStatements: the database has neither a pg pool nor a PGlite handle');
  const pglite = database.pglite;
  return {
    async rows<R>(_name: string, text: string, params: unknown[]) {
      return (await pglite.query(text, params)).rows as R[];
    },
  };
}

interface ColumnCodec {
  key: string;
  name: string;
  column: Column;
}

/**
 * A table's columns, for statements written by hand: a batch of rows as one JSON parameter,
 * and a raw row (snake_case, driver values) back, through drizzle's column codecs, to the
 * camelCase shape `$inferSelect` describes.
 */
export class TableCodec<T extends PgTable> {
  readonly columns: readonly ColumnCodec[];
  readonly tableName: string;

  constructor(table: T) {
    this.tableName = getTableName(table);
    this.columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, name: column.name, column }));
  }

  /**
   * `INSERT INTO t SELECT * FROM jsonb_populate_recordset(NULL::t, $1)`: one text and ONE
   * parameter for any batch size, the rows as a JSON array (jsonRows). JSON.stringify is native
   * and Postgres parses it; an array per column would cost an escape pass per value in the
   * driver. A column a row leaves out gets NULL; none of the tables this is used for has a
   * database-side default, so that equals leaving it out.
   */
  batchInsertText(): string {
    return `INSERT INTO "${this.tableName}" SELECT * FROM jsonb_populate_recordset(NULL::"${this.tableName}", $1::jsonb)`;
  }

  /**
   * The rows as the JSON array batchInsertText takes: column names as keys, dates as ISO
   * strings (JSON.stringify), jsonb columns as nested JSON.
   */
  jsonRows(rows: readonly Partial<T['$inferInsert']>[]): string {
    return JSON.stringify(
      rows.map((row) => {
        const out: Record<string, unknown> = {};
        for (const c of this.columns) {
          const value = (row as Record<string, unknown>)[c.key];
          // ISO strings by hand: JSON.stringify leaves its fast path for objects with toJSON.
          if (value !== undefined) out[c.name] = value instanceof Date ? value.toISOString() : value;
        }
        return out;
      }),
    );
  }

  /** `alias."col_a", alias."col_b"…` for the given keys: a RETURNING or SELECT list. */
  selectList(keys: readonly (keyof T['$inferSelect'] & string)[], alias: string): string {
    return keys
      .map((key) => {
        const column = this.columns.find((c) => c.key === key);
        if (!column) throw new Error(`${this.tableName} has no column ${key}`);
        return `${alias}."${column.name}"`;
      })
      .join(', ');
  }

  /**
   * A row as the driver returned it (snake_case keys) → drizzle's select shape. A statement
   * that returns some columns only (selectList) gets those keys only: type it as a Pick.
   */
  fromRow(raw: Record<string, unknown>): T['$inferSelect'] {
    const out: Record<string, unknown> = {};
    for (const c of this.columns) {
      if (!(c.name in raw)) continue;
      const value = raw[c.name];
      out[c.key] = value === undefined || value === null ? null : c.column.mapFromDriverValue(value);
    }
    return out as T['$inferSelect'];
  }
}
