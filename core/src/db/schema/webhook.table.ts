import { pgTable, text, timestamp, boolean, integer, bigint, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './tenancy.table.ts';

/**
 * A tenant project's webhook endpoint (spec §6). The `whsec_` secret is sealed with the data
 * key (DataCipher, AAD = endpoint id); during a rotation's overlap window the previous secret
 * signs too (docs/webhooks.md).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    apiVersion: text('api_version'),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    secretSealed: text('secret_sealed').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('webhook_endpoints_project_idx').on(t.projectId)],
);

/**
 * One event for one endpoint. `body` is the envelope serialised ONCE at fan-out; every attempt
 * replays these bytes (spec §6, §9). A claim sets `leaseOwner`/`leaseExpiresAt` and bumps
 * `attemptCount` in one UPDATE, so an attempt number is owned by exactly one dispatcher.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull(),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true, mode: 'date' }),
    eventCreatedAt: timestamp('event_created_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_idx').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
  ],
);

/** One HTTP attempt of a delivery; (delivery, number) is unique: no attempt is recorded twice. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: text('id').primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    outcome: text('outcome').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
  },
  (t) => [uniqueIndex('webhook_attempts_delivery_number_idx').on(t.deliveryId, t.number)],
);

/**
 * Fan-out progress: the highest outbox `seq` turned into deliveries. Advanced in the same
 * transaction as the deliveries it created, so a crash never loses nor duplicates a fan-out.
 */
export const webhookFanoutCursor = pgTable('webhook_fanout_cursor', {
  id: integer('id').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
});

/** Out-of-band notices for the tenant (endpoint deactivated, delivery exhausted). */
export const webhookNotifications = pgTable(
  'webhook_notifications',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id').notNull(),
    type: text('type').notNull(),
    message: text('message').notNull(),
    eventId: text('event_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('webhook_notifications_project_idx').on(t.projectId, t.createdAt)],
);
