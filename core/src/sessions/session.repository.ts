import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { TableCodec, type RawStatements } from '../db/raw-statements.ts';
import { sessions } from '../db/schema/index.ts';
import { GroupCommit } from '../lib/group-commit.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
/** What a result record (spec §2.5) is made of: the columns the result read returns. */
export type ResultRecordRow = Pick<
  SessionRow,
  | 'id'
  | 'projectId'
  | 'status'
  | 'path'
  | 'verificationType'
  | 'ipCountry'
  | 'externalUserId'
  | 'reason'
  | 'checks'
  | 'createdAt'
  | 'completedAt'
  | 'resultExpiresAt'
  | 'resultTokenSealed'
  | 'resultTokenHash'
  | 'resultTokenConsumedAt'
>;
const RESULT_RECORD_KEYS = [
  'id',
  'projectId',
  'status',
  'path',
  'verificationType',
  'ipCountry',
  'externalUserId',
  'reason',
  'checks',
  'createdAt',
  'completedAt',
  'resultExpiresAt',
  'resultTokenSealed',
  'resultTokenHash',
  'resultTokenConsumedAt',
] as const satisfies readonly (keyof ResultRecordRow)[];

/** Largest group commit: bounds one statement's size and the wait of its first caller. */
const MAX_BATCH = 64;

const sessionCodec = new TableCodec(sessions);
const INSERT_BATCH = sessionCodec.batchInsertText();
/**
 * The result read's consumption for a batch of (token hash, project) pairs. A session that
 * appears twice in the batch is updated, and returned, once.
 */
const CONSUME_FINAL_BATCH = `UPDATE sessions AS s SET result_token_consumed_at = $1::timestamptz
  FROM unnest($2::text[], $3::text[]) AS v(hash, project_id)
  WHERE s.result_token_hash = v.hash AND s.project_id = v.project_id AND s.result_token_consumed_at IS NULL
    AND s.result_expires_at > $1::timestamptz AND s.status = ANY($4::text[])
  RETURNING ${sessionCodec.selectList(RESULT_RECORD_KEYS, 's')}`;

interface FinalConsumption {
  hash: string;
  now: Date;
  projectId: string;
  finalStatuses: readonly string[];
}

/**
 * Sessions. Every single-use token is consumed by ONE conditional UPDATE ... RETURNING, so
 * under any number of parallel requests exactly one wins (the database serialises the rows).
 */
export class SessionRepository {
  private readonly db: Db;
  /** The two hot statements (db/raw-statements.ts); everything else goes through drizzle. */
  private readonly raw: RawStatements;
  /** Inits outside a transaction, group-committed as multi-row INSERTs (lib/group-commit.ts). */
  private readonly inserts: GroupCommit<NewSession, unknown>;
  /** Result reads' token consumption, group-committed as one UPDATE per batch. */
  private readonly finalConsumptions: GroupCommit<FinalConsumption, ResultRecordRow | undefined>;

  constructor(db: Db, raw: RawStatements) {
    this.db = db;
    this.raw = raw;
    this.inserts = new GroupCommit((rows) => this.insertRows(rows), { maxBatch: MAX_BATCH });
    this.finalConsumptions = new GroupCommit((items) => this.consumeFinalBatch(items), { maxBatch: MAX_BATCH });
  }

  /** Inside a transaction: that transaction's statement. Outside: group-committed with concurrent inits. */
  async insert(row: NewSession, tx?: Db): Promise<void> {
    if (tx) {
      await tx.insert(sessions).values(row);
      return;
    }
    const failure = await this.inserts.submit(row);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the database driver's error for this row, rethrown as it came
    if (failure) throw failure;
  }

  /**
   * One multi-row INSERT; if it fails, each row alone, so a row that cannot be stored fails its
   * own request and no other. Answers per row: null (stored) or the error.
   */
  private async insertRows(rows: NewSession[]): Promise<unknown[]> {
    try {
      await this.raw.rows('sessions_insert_batch', INSERT_BATCH, [sessionCodec.jsonRows(rows)]);
      return rows.map(() => null);
    } catch (err) {
      if (rows.length === 1) return [err];
      return Promise.all(
        rows.map((row) =>
          this.db
            .insert(sessions)
            .values(row)
            .then(
              () => null,
              (e: unknown) => e,
            ),
        ),
      );
    }
  }

  async findById(id: string, tx: Db = this.db): Promise<SessionRow | undefined> {
    const [row] = await tx.select().from(sessions).where(eq(sessions.id, id));
    return row;
  }

  /** Row lock for a state change inside a transaction. */
  async lockById(id: string, tx: Db): Promise<SessionRow | undefined> {
    const [row] = await tx.select().from(sessions).where(eq(sessions.id, id)).for('update');
    return row;
  }

  async findByInitTokenHash(hash: string): Promise<SessionRow | undefined> {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.initTokenHash, hash));
    return row;
  }

  async findByResultTokenHash(hash: string): Promise<SessionRow | undefined> {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.resultTokenHash, hash));
    return row;
  }

  async findByWidgetTokenHash(hash: string): Promise<SessionRow | undefined> {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.widgetTokenHash, hash));
    return row;
  }

  /** Marks the init token used if it is unused and unexpired; returns the row when this call won. */
  async consumeInitToken(hash: string, now: Date, patch: Partial<NewSession>): Promise<SessionRow | undefined> {
    const [row] = await this.db
      .update(sessions)
      .set({ ...patch, initTokenUsedAt: now, updatedAt: now })
      .where(and(eq(sessions.initTokenHash, hash), isNull(sessions.initTokenUsedAt), gt(sessions.initTokenExpiresAt, now)))
      .returning();
    return row;
  }

  /** Consumes the result token if unconsumed and unexpired; returns the row when this call won. */
  async consumeResultToken(hash: string, now: Date): Promise<SessionRow | undefined> {
    const [row] = await this.db
      .update(sessions)
      .set({ resultTokenConsumedAt: now })
      .where(and(eq(sessions.resultTokenHash, hash), isNull(sessions.resultTokenConsumedAt), gt(sessions.resultExpiresAt, now)))
      .returning();
    return row;
  }

  /**
   * The result read's hot path: consumes the token of a session of `projectId` that is in one of
   * `finalStatuses`, unconsumed and unexpired. Concurrent reads are group-committed into one
   * UPDATE; still exactly one caller per token wins (see consumeFinalBatch).
   */
  async consumeFinalResultToken(hash: string, now: Date, projectId: string, finalStatuses: readonly string[]): Promise<ResultRecordRow | undefined> {
    return this.finalConsumptions.submit({ hash, now, projectId, finalStatuses });
  }

  private async consumeFinalBatch(items: FinalConsumption[]): Promise<(ResultRecordRow | undefined)[]> {
    // One status list per batch: callers pass the same constant; a batch mixing lists is split.
    const statuses = items[0].finalStatuses;
    if (items.some((i) => i.finalStatuses !== statuses)) {
      return Promise.all(items.map(async (i) => (await this.consumeFinalBatch([i]))[0]));
    }
    // The latest caller's clock for everyone: a token expiring within the batch counts as expired.
    const now = new Date(Math.max(...items.map((i) => i.now.getTime())));
    const raw = await this.raw.rows('sessions_consume_final_batch', CONSUME_FINAL_BATCH, [
      now.toISOString(),
      items.map((i) => i.hash),
      items.map((i) => i.projectId),
      [...statuses],
    ]);
    const rows: ResultRecordRow[] = raw.map((r) => sessionCodec.fromRow(r));
    // A row is updated (and returned) once however many callers asked for it: the first caller
    // with that token and project gets it, the others lost the race like a second statement would.
    const won = new Map(rows.map((r) => [`${r.resultTokenHash}|${r.projectId}`, r]));
    return items.map((i) => {
      const key = `${i.hash}|${i.projectId}`;
      const row = won.get(key);
      won.delete(key);
      return row;
    });
  }

  /** Takes the device nonce (single use): returns the row when the nonce matched and was live. */
  async consumeDeviceNonce(id: string, nonceHash: string, now: Date, tx: Db): Promise<SessionRow | undefined> {
    const [row] = await tx
      .update(sessions)
      .set({ deviceNonceHash: null })
      .where(and(eq(sessions.id, id), eq(sessions.deviceNonceHash, nonceHash), gt(sessions.deviceNonceExpiresAt, now)))
      .returning();
    return row;
  }

  async update(id: string, patch: Partial<NewSession>, tx: Db = this.db): Promise<void> {
    await tx.update(sessions).set(patch).where(eq(sessions.id, id));
  }

  /** Ids of sessions whose time to live ran out in a status that expires by TTL. */
  async listExpirable(now: Date, statuses: string[], limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.status, statuses), lt(sessions.expiresAt, now)))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  async countByProject(projectId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.projectId, projectId));
    return row.n;
  }
}
