import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The last good copy of each trusted list of the EU wallet path (docs/wallet.md "Trusted lists"): the
 * document exactly as fetched, stored only after its signature verified, so a restart serves it before
 * the first fetch (and while the publisher is down). It is verified again every time it is loaded.
 */
export const walletTrustLists = pgTable('wallet_trust_lists', {
  url: text('url').primaryKey(),
  // 'tsl' (ETSI TS 119 612 XML) or 'lote' (ETSI TS 119 602 JWS).
  kind: text('kind').notNull(),
  body: text('body').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull(),
  nextUpdate: timestamp('next_update', { withTimezone: true, mode: 'date' }),
});
