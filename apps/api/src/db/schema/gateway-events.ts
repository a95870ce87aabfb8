import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { payouts } from './wallet.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Gateway webhook events already applied, by the gateway's own event id (Stripe's evt_…): a
 * delivery seen before is answered without asking the gateway again. Written after the event
 * was applied, so a delivery that failed half-way is applied when the gateway retries it.
 */
export const gatewayWebhookEvents = pgTable(
  'gateway_webhook_events',
  {
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    reference: text('reference'),
    appliedAt: instant('applied_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.gateway, table.eventId] }),
    index('gateway_webhook_events_applied_idx').on(table.appliedAt),
  ],
);

/**
 * What an operator recorded about a payout made by hand (a bank transfer done outside the
 * product, where the currency's gateway pays out to no bank): paid with the bank's reference,
 * or failed (the earnings return). One per payout.
 */
export const payoutManualRecords = pgTable(
  'payout_manual_records',
  {
    payoutId: uuid('payout_id')
      .primaryKey()
      .references(() => payouts.id),
    outcome: text('outcome').notNull(),
    bankReference: text('bank_reference'),
    note: text('note'),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => users.id),
    recordedAt: instant('recorded_at').notNull(),
  },
  (table) => [
    check('payout_manual_records_outcome_ck', sql`${table.outcome} IN ('paid', 'failed')`),
    check('payout_manual_records_reference_ck', sql`${table.outcome} <> 'paid' OR ${table.bankReference} IS NOT NULL`),
  ],
);
