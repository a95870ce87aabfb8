import { PAYABLE } from '@app/shared/booking-rules';
import { firstRefusal } from '@app/shared/conditions';
import type { Language } from '@app/shared/constants';
import type { BookingSeries, PayBookingBody } from '@app/shared/schemas/bookings';
import type { CardPaymentAnswer } from '@app/shared/schemas/wallet';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookingSeries, bookings } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { PaymentSucceededEvent } from '../../platform/events.ts';
import { type BookingRow, recordEvent } from '../bookings/booking-data.ts';
import { getBookingSeries } from '../bookings/list-bookings.ts';
import { confirmedEvent } from '../bookings/schedule-booking.ts';
import { startCardPayment } from '../money/card-payments.ts';
import { assertWalletCovers } from '../money/escrow.ts';
import { payRowFromWallet } from './pay-booking.ts';

/**
 * The client's sessions of a series, locked in id order (as cancelling the rest locks them), and
 * those of them that can be paid now (PAYABLE, the rule of a single payment). Another client's
 * series is NOT_FOUND; a series with nothing left to pay answers its first session's refusal.
 */
async function payableSessions(tx: Tx, input: { clientId: string; seriesId: string; now: Date; lock: boolean }) {
  const query = tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.seriesId, input.seriesId), eq(bookings.clientId, input.clientId)))
    .orderBy(asc(bookings.id));
  const rows = input.lock ? await query.for('update') : await query;
  if (rows.length === 0) throw new AppError('NOT_FOUND');
  rows.sort((a, b) => (a.seriesIndex ?? 0) - (b.seriesIndex ?? 0));
  const payable = rows.filter((row) => firstRefusal(PAYABLE, row, { now: input.now }) === null);
  if (payable.length === 0)
    throw new AppError(firstRefusal(PAYABLE, rows[0] as BookingRow, { now: input.now }) ?? 'BOOKING_NOT_PAYABLE');
  const currencyCode = (payable[0] as BookingRow).currencyCode;
  if (payable.some((row) => row.currencyCode !== currencyCode))
    throw new Error(`series ${input.seriesId} mixes currencies`);
  return { payable, currencyCode, totalMinor: payable.reduce((sum, row) => sum + row.priceMinor, 0) };
}

/**
 * Pays `sessions` from the client's wallet inside the caller's transaction: each session's share
 * is its own booking payment (wallet → the session's escrow, the same reference as paying it
 * alone, so one session is never paid twice), then it is confirmed. The provider is told once,
 * with the first session's email, whose event names every session confirmed with it (what
 * follows a confirmation, such as forms due before a later session, reacts to all of them).
 * Answers the events to deliver after the commit.
 */
async function paySessionsFromWallet(tx: Tx, sessions: BookingRow[], method: 'wallet' | 'card', now: Date) {
  const eventIds: string[] = [];
  for (const [index, row] of sessions.entries()) {
    await payRowFromWallet(tx, row, method, now, { series: true });
    const confirmed = confirmedEvent(row, now, row.startsAt);
    const eventId = await recordEvent(
      tx,
      index === 0
        ? { ...confirmed, data: { ...confirmed.data, confirmedWith: sessions.map((session) => session.id) } }
        : { ...confirmed, data: { startAt: row.startsAt?.toISOString() }, notifyUserId: null },
    );
    if (index === 0) eventIds.push(eventId);
  }
  return eventIds;
}

/**
 * POST /payment/series/{seriesId}: every unpaid session of the client's series in one payment.
 * Wallet: the total is checked once against the wallet (INSUFFICIENT_FUNDS changes nothing),
 * then each session is paid and confirmed in the same transaction. Card: one checkout for the
 * total; when it is paid, confirmCardPaidSeries pays the sessions. Sessions already paid one by
 * one are left out; paying the rest session by session keeps working (POST /payment/booking/{id}).
 */
export async function paySeries(
  deps: AppDeps,
  input: { actor: Actor; language: Language; seriesId: string; body: PayBookingBody },
): Promise<BookingSeries | CardPaymentAnswer> {
  if (input.actor.role !== 'client') throw new AppError('FORBIDDEN');
  const now = deps.clock.now();
  const clientId = input.actor.userId;
  if (input.body.method === 'card') {
    const { payable, currencyCode, totalMinor } = await payableSessions(deps.db, {
      clientId,
      seriesId: input.seriesId,
      now,
      lock: false,
    });
    return startCardPayment(deps, {
      userId: clientId,
      amountMinor: totalMinor,
      currencyCode,
      purpose: { type: 'booking_series', id: input.seriesId },
      callbackUrl: input.body.callbackUrl ?? `/payment/${(payable[0] as BookingRow).id}/`,
      language: input.language,
    });
  }
  const paid = await deps.db.transaction(async (tx) => {
    const { payable, currencyCode, totalMinor } = await payableSessions(tx, {
      clientId,
      seriesId: input.seriesId,
      now,
      lock: true,
    });
    await assertWalletCovers(tx, { userId: clientId, currencyCode, amountMinor: totalMinor });
    return { payable, eventIds: await paySessionsFromWallet(tx, payable, 'wallet', now) };
  });
  await deps.events.bookingEventsCommitted({ eventIds: paid.eventIds });
  deps.events.outcome({ kind: 'booking', outcome: 'confirmed', count: paid.payable.length });
  const first = paid.payable[0] as BookingRow;
  return getBookingSeries(deps, { actor: input.actor, party: 'client', language: input.language, bookingId: first.id });
}

/**
 * The reaction to a card payment for a series (paymentSucceeded 'booking_series', app.ts), inside
 * the transaction that credited the card money to the payer's wallet: the sessions still payable
 * are paid from it, each its own booking payment. What is left (a session that expired or was paid
 * meanwhile) stays in the wallet, where the payer sees it. The provider's email goes out with the
 * notification job (this transaction is not ours).
 */
export async function confirmCardPaidSeries(tx: Tx, event: PaymentSucceededEvent, deps: AppDeps): Promise<void> {
  const now = deps.clock.now();
  const [series] = await tx
    .select({ clientId: bookingSeries.clientId })
    .from(bookingSeries)
    .where(eq(bookingSeries.id, event.purposeId));
  if (!series || series.clientId !== event.userId)
    throw new Error(`card payment ${event.reference} names an unknown series`);
  const found = await payableSessions(tx, { clientId: event.userId, seriesId: event.purposeId, now, lock: true }).catch(
    (error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    },
  );
  if (!found || found.currencyCode !== event.currencyCode || found.totalMinor > event.amountMinor) return;
  await paySessionsFromWallet(tx, found.payable, 'card', now);
  deps.events.outcome({ kind: 'booking', outcome: 'confirmed', count: found.payable.length });
}
