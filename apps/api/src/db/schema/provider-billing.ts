import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { states } from './region.ts';
import { users } from './users.ts';

/**
 * What a provider prints on invoices and US superbills (profiles module): an optional practice
 * name, and for US insurers the NPI (10 digits, Luhn check digit) and the licence number and
 * state. Created on the first save; a provider without a row has none of them.
 */
export const providerBillingDetails = pgTable(
  'provider_billing_details',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    practiceName: text('practice_name'),
    npi: text('npi'),
    licenseNumber: text('license_number'),
    licenseStateId: uuid('license_state_id').references(() => states.id),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [check('provider_billing_details_npi_ck', sql`${table.npi} IS NULL OR ${table.npi} ~ '^[0-9]{10}$'`)],
);
