import type { OperationsBookings, OperationsMoney, Reconciliation } from '@app/shared/schemas/admin';
import { asc, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bookings, payments, payouts, users } from '../../db/schema/index.ts';
import { type AdminActor, assertAdmin } from '../../platform/admin-actor.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { auditLedger } from '../money/ledger-audit.ts';

/**
 * A pending payment or payout older than this has outlived the gateway's webhook: the
 * reconciliation jobs (modules/money/reconcile.ts, 5 minutes by default) are asking the gateway
 * about it, and an operator may have to look.
 */
export const OVERDUE_AFTER_MS = 5 * 60 * 1000;
/** At most this many of each kind of money awaiting action are listed (oldest first). */
const MONEY_LIST_LIMIT = 100;

const clients = alias(users, 'client');
const providers = alias(users, 'provider');

type BookingStatus = OperationsBookings['data'][number]['status'];

/** GET /admin/operations/bookings?status: how many bookings are in each status, and one status's page. */
export async function listBookingsByStatus(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: AdminActor; status: BookingStatus; page: number; perPage: number },
): Promise<OperationsBookings> {
  assertAdmin(input.actor);
  const [counts, rows] = await Promise.all([
    deps.db.select({ status: bookings.status, value: count() }).from(bookings).groupBy(bookings.status),
    deps.db
      .select({
        identifier: bookings.id,
        status: bookings.status,
        startsAt: bookings.startsAt,
        createdAt: bookings.createdAt,
        priceMinor: bookings.priceMinor,
        currencyCode: bookings.currencyCode,
        paidAt: bookings.paidAt,
        clientId: clients.id,
        clientEmail: clients.email,
        providerId: providers.id,
        providerEmail: providers.email,
      })
      .from(bookings)
      .innerJoin(clients, eq(clients.id, bookings.clientId))
      .innerJoin(providers, eq(providers.id, bookings.providerId))
      .where(eq(bookings.status, input.status))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage),
  ]);
  const byStatus = Object.fromEntries(counts.map((row) => [row.status, row.value]));
  const total = byStatus[input.status] ?? 0;
  return {
    data: rows.map((row) => ({
      identifier: row.identifier,
      status: row.status,
      startsAt: row.startsAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      priceMinor: row.priceMinor,
      currencyCode: row.currencyCode,
      paid: row.paidAt !== null,
      client: { identifier: row.clientId, email: row.clientEmail },
      provider: { identifier: row.providerId, email: row.providerEmail },
    })),
    meta: { page: input.page, perPage: input.perPage, total, totalPages: Math.ceil(total / input.perPage) },
    counts: byStatus,
  };
}

/**
 * GET /admin/operations/money: card payments (top-ups and bookings) and payouts still pending,
 * oldest first, each marked overdue past the webhook's grace period. Read-only: the
 * reconciliation jobs settle what the gateway confirms.
 */
export async function getMoneyOperations(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: AdminActor },
): Promise<OperationsMoney> {
  assertAdmin(input.actor);
  const now = deps.clock.now();
  const overdue = (createdAt: Date) => now.getTime() - createdAt.getTime() > OVERDUE_AFTER_MS;
  const [pendingPayments, pendingPayouts] = await Promise.all([
    deps.db
      .select({
        identifier: payments.id,
        reference: payments.reference,
        purpose: payments.purpose,
        channel: payments.channel,
        gateway: payments.gateway,
        amountMinor: payments.amountMinor,
        currencyCode: payments.currencyCode,
        createdAt: payments.createdAt,
        lastCheckedAt: payments.lastCheckedAt,
        userId: users.id,
        email: users.email,
      })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(eq(payments.status, 'pending')) // payments_pending_created_idx
      .orderBy(asc(payments.createdAt))
      .limit(MONEY_LIST_LIMIT),
    deps.db
      .select({
        identifier: payouts.id,
        reference: payouts.reference,
        gateway: payouts.gateway,
        amountMinor: payouts.amountMinor,
        currencyCode: payouts.currencyCode,
        createdAt: payouts.createdAt,
        lastCheckedAt: payouts.lastCheckedAt,
        userId: users.id,
        email: users.email,
      })
      .from(payouts)
      .innerJoin(users, eq(users.id, payouts.userId))
      .where(eq(payouts.status, 'pending')) // payouts_pending_created_idx
      .orderBy(asc(payouts.createdAt))
      .limit(MONEY_LIST_LIMIT),
  ]);
  return {
    pendingPayments: pendingPayments.map((row) => ({
      identifier: row.identifier,
      reference: row.reference,
      purpose: row.purpose,
      channel: row.channel,
      gateway: row.gateway,
      amountMinor: row.amountMinor,
      currencyCode: row.currencyCode,
      createdAt: row.createdAt.toISOString(),
      lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
      overdue: overdue(row.createdAt),
      user: { identifier: row.userId, email: row.email },
    })),
    pendingPayouts: pendingPayouts.map((row) => ({
      identifier: row.identifier,
      reference: row.reference,
      gateway: row.gateway,
      amountMinor: row.amountMinor,
      currencyCode: row.currencyCode,
      createdAt: row.createdAt.toISOString(),
      lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
      overdue: overdue(row.createdAt),
      user: { identifier: row.userId, email: row.email },
    })),
  };
}

/**
 * GET /admin/operations/reconciliation: modules/money's ledger check, run now: transactions
 * whose entries do not sum to zero, accounts whose cached balance disagrees with their entries,
 * accounts below zero. It reads the whole ledger (the page asks for it on demand).
 */
export async function getReconciliation(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: AdminActor },
): Promise<Reconciliation> {
  assertAdmin(input.actor);
  const checkedAt = deps.clock.now().toISOString();
  return { checkedAt, ...(await auditLedger(deps.db)) };
}
