import { pgTable, text, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { sessions } from './session.table.ts';

/**
 * Cross-device hand-off tokens of the hosted widget (docs/widget.md "Hosted widget"): a short-lived,
 * single-use `xho_` token in the QR code, exchanged once by the phone for its own widget
 * session token (`phone_token_hash`), which then authorises that session's steps like the
 * desktop's. Only hashes are stored.
 */
export const widgetHandoffs = pgTable(
  'widget_handoffs',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    // Set by the one exchange that wins; a token with used_at set is spent.
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    phoneTokenHash: text('phone_token_hash'),
  },
  (t) => [index('widget_handoffs_session_idx').on(t.sessionId), uniqueIndex('widget_handoffs_phone_token_idx').on(t.phoneTokenHash)],
);
