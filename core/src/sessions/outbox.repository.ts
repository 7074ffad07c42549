import type { Db } from '../db/client.ts';
import { outboxEvents } from '../db/schema/index.ts';

/** Domain events for the webhook dispatcher, written inside the state change's transaction. */
export class OutboxRepository {
  async append(tx: Db, row: typeof outboxEvents.$inferInsert): Promise<void> {
    await tx.insert(outboxEvents).values(row);
  }
}
