import { pgTable, text, timestamp, bigserial, index } from 'drizzle-orm/pg-core';

/**
 * Domain events written in the same transaction as the state change that caused them; the
 * webhook dispatcher (docs/webhooks.md) reads them from here. `payload` is the serialised result
 * record, stored once so every delivery replays the same bytes.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: text('id').notNull().unique(),
    projectId: text('project_id').notNull(),
    sessionId: text('session_id'),
    type: text('type').notNull(),
    payload: text('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('outbox_project_idx').on(t.projectId, t.seq)],
);
