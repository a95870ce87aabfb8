import { BANK_ACCOUNT_VARIANTS } from '@app/shared/bank-rules';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const money = (name: string) => bigint(name, { mode: 'number' });
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Ledger accounts. Users own `client_wallet` (top-ups, spends, refunds) and `provider_earnings`
 * (net earnings, payouts); the platform owns `booking_escrow` (paid bookings not yet earned or
 * refunded) and `platform_commission`; `gateway_clearing` mirrors the money held at a gateway
 * and is the only account that may go below zero (it is the outside world's side).
 */
export const ledgerAccountKind = pgEnum('ledger_account_kind', [
  'client_wallet',
  'provider_earnings',
  'booking_escrow',
  'platform_commission',
  'gateway_clearing',
]);

export const ledgerTransactionType = pgEnum('ledger_transaction_type', [
  'top_up',
  'booking_payment',
  'refund',
  'earning',
  'payout',
  'payout_reversal',
]);

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** kind:currency[:owner], e.g. client_wallet:NGN:<userId>, gateway_clearing:NGN:paystack. */
    key: text('key').notNull().unique(),
    kind: ledgerAccountKind('kind').notNull(),
    userId: uuid('user_id').references(() => users.id),
    currencyCode: text('currency_code').notNull(),
    gateway: text('gateway'),
    /** The sum of this account's entries, kept in the same transaction as every entry. */
    balanceMinor: money('balance_minor').notNull().default(0),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('ledger_accounts_user_kind_idx').on(table.userId, table.kind),
    check('ledger_accounts_balance_ck', sql`${table.kind} = 'gateway_clearing' OR ${table.balanceMinor} >= 0`),
    check(
      'ledger_accounts_owner_ck',
      sql`(${table.kind} IN ('client_wallet', 'provider_earnings')) = (${table.userId} IS NOT NULL)`,
    ),
    check('ledger_accounts_gateway_ck', sql`(${table.kind} = 'gateway_clearing') = (${table.gateway} IS NOT NULL)`),
    check('ledger_accounts_currency_ck', sql`${table.currencyCode} ~ '^[A-Z]{3}$'`),
  ],
);

/** One business event; its entries sum to zero (deferred constraint trigger); append-only. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: ledgerTransactionType('type').notNull(),
    /** The idempotency key of the event (payment:<ref>, booking:<id>:payment, ...): applied once. */
    reference: text('reference').notNull().unique(),
    description: text('description'),
    /** channel, bookingId, grossMinor, commissionMinor, rateBps ... (for labels and statements). */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    // A booking's money movements: where its escrow sits (escrow.ts), its history.
    index('ledger_transactions_booking_idx')
      .on(sql`(${table.metadata}->>'bookingId')`)
      .where(sql`${table.metadata} ? 'bookingId'`),
  ],
);

/** Signed amounts: positive credits the account. Append-only (trigger); type and time copied for indexes. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: statements list newest first by it, ties in created_at included. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    transactionType: ledgerTransactionType('transaction_type').notNull(),
    amountMinor: money('amount_minor').notNull(),
    balanceAfterMinor: money('balance_after_minor').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    index('ledger_entries_account_created_idx').on(table.accountId, table.createdAt.desc(), table.id.desc()),
    index('ledger_entries_account_seq_idx').on(table.accountId, table.seq.desc()),
    index('ledger_entries_account_type_seq_idx').on(table.accountId, table.transactionType, table.seq.desc()),
    index('ledger_entries_transaction_idx').on(table.transactionId),
    check('ledger_entries_amount_ck', sql`${table.amountMinor} <> 0`),
  ],
);

export const paymentPurpose = pgEnum('payment_purpose', ['top_up', 'booking', 'booking_series']);
export const paymentChannel = pgEnum('payment_channel', ['card', 'bank_transfer']);
export const paymentStatus = pgEnum('payment_status', ['pending', 'success', 'failed', 'abandoned']);
export const paymentCreditedTo = pgEnum('payment_credited_to', ['wallet', 'booking']);

/**
 * Money coming in through a gateway: card checkouts (pending until verified) and bank transfers
 * into virtual accounts (recorded when applied). The status moves only from pending, by a
 * conditional UPDATE, so a webhook and a poll racing each other apply it once.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: paymentPurpose('purpose').notNull(),
    purposeId: uuid('purpose_id'),
    channel: paymentChannel('channel').notNull(),
    gateway: text('gateway').notNull(),
    amountMinor: money('amount_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
    status: paymentStatus('status').notNull().default('pending'),
    authorizationUrl: text('authorization_url'),
    /** The gateway's own id of the checkout when it is not found by ours (Stripe's cs_…). */
    gatewayReference: text('gateway_reference'),
    callbackUrl: text('callback_url'),
    creditedTo: paymentCreditedTo('credited_to'),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    failureReason: text('failure_reason'),
    paidAt: instant('paid_at'),
    lastCheckedAt: instant('last_checked_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('payments_user_created_idx').on(table.userId, table.createdAt),
    index('payments_pending_created_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
    index('payments_purpose_idx').on(table.purpose, table.purposeId),
    // The operator's overview: failed payments lately, top-ups paid today (money/payment-counts.ts).
    index('payments_failed_created_idx').on(table.createdAt).where(sql`${table.status} = 'failed'`),
    index('payments_top_up_paid_idx')
      .on(table.paidAt)
      .where(sql`${table.purpose} = 'top_up' AND ${table.status} = 'success'`),
    check('payments_amount_ck', sql`${table.amountMinor} > 0`),
    check('payments_success_ck', sql`(${table.status} = 'success') = (${table.ledgerTransactionId} IS NOT NULL)`),
  ],
);

/** A gateway-issued bank account number that tops up one user's wallet in one currency. */
export const virtualAccounts = pgTable(
  'virtual_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    currencyCode: text('currency_code').notNull(),
    gateway: text('gateway').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    gatewayCustomerCode: text('gateway_customer_code'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('virtual_accounts_user_currency_uq').on(table.userId, table.currencyCode),
    uniqueIndex('virtual_accounts_gateway_number_uq').on(table.gateway, table.accountNumber),
    index('virtual_accounts_customer_idx').on(table.gateway, table.gatewayCustomerCode),
  ],
);

/** A provider's payout destination (SPEC.md §3 "Bank account (payout)"). */
export const payoutBankAccounts = pgTable(
  'payout_bank_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    variant: text('variant').notNull(),
    accountName: text('account_name').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    address: text('address'),
    postalCode: text('postal_code'),
    accountType: text('account_type'),
    accountOwnership: text('account_ownership'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** The gateway's recipient for these details; cleared whenever the details change. */
    recipientGateway: text('recipient_gateway'),
    recipientCode: text('recipient_code'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check(
      'payout_bank_accounts_variant_ck',
      sql`${table.variant} IN (${sql.raw(BANK_ACCOUNT_VARIANTS.map((variant) => `'${variant}'`).join(', '))})`,
    ),
    check(
      'payout_bank_accounts_type_ck',
      sql`${table.accountType} IS NULL OR ${table.accountType} IN ('checking', 'savings')`,
    ),
    check(
      'payout_bank_accounts_ownership_ck',
      sql`${table.accountOwnership} IS NULL OR ${table.accountOwnership} IN ('business', 'personal')`,
    ),
  ],
);

export const payoutStatus = pgEnum('payout_status', ['pending', 'success', 'failed', 'reversed']);

/**
 * Earnings leaving for a provider's bank. The debit is posted when the payout is created; a
 * failed or reversed transfer posts one payout_reversal (unique reference) that restores it.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amountMinor: money('amount_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
    gateway: text('gateway').notNull(),
    status: payoutStatus('status').notNull().default('pending'),
    transferCode: text('transfer_code'),
    /** The bank details the money went to, as they were at the time. */
    destination: jsonb('destination').$type<Record<string, unknown>>().notNull(),
    ledgerTransactionId: uuid('ledger_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    reversalTransactionId: uuid('reversal_transaction_id').references(() => ledgerTransactions.id),
    failureReason: text('failure_reason'),
    lastCheckedAt: instant('last_checked_at'),
    settledAt: instant('settled_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('payouts_user_created_idx').on(table.userId, table.createdAt),
    index('payouts_pending_created_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
    check('payouts_amount_ck', sql`${table.amountMinor} > 0`),
    check(
      'payouts_reversal_ck',
      sql`(${table.status} IN ('failed', 'reversed')) = (${table.reversalTransactionId} IS NOT NULL)`,
    ),
  ],
);

/** Commission per provider country in basis points (1500 = 15%); a missing country uses 15%. */
export const commissionRates = pgTable(
  'commission_rates',
  {
    countryCode: text('country_code').primaryKey(),
    rateBps: integer('rate_bps').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [check('commission_rates_range_ck', sql`${table.rateBps} BETWEEN 0 AND 10000`)],
);

/**
 * Idempotency-Key answers: the same key from the same user on the same operation gets the
 * stored answer instead of a second payment. A row without an answer is a request in flight.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.scope, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

/**
 * The sandbox gateway's own books (it plays an outside payment service in development): what
 * the payer approved or declined on the sandbox checkout page. Our payments read it only
 * through the gateway's verify call, exactly as they would read Paystack.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  reference: text('reference').primaryKey(),
  amountMinor: money('amount_minor').notNull(),
  currencyCode: text('currency_code').notNull(),
  email: text('email').notNull(),
  status: text('status').notNull().default('pending'),
  callbackUrl: text('callback_url').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
  decidedAt: instant('decided_at'),
});
