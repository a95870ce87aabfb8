import type { Language } from '@app/shared/constants';
import type { Booking, PayBookingBody } from '@app/shared/schemas/bookings';
import type { CardPaymentAnswer } from '@app/shared/schemas/wallet';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { PaymentSucceededEvent } from '../../platform/events.ts';
import { isSlotConflictError } from '../availability/slots-service.ts';
import {
  type BookingRow,
  expireStaleHolds,
  loadOwnBooking,
  lockProviderCalendar,
  recordEvent,
  statusChange,
} from '../bookings/booking-data.ts';
import { changeOwnBooking } from '../bookings/change-booking.ts';
import { confirmedEvent } from '../bookings/schedule-booking.ts';
import { startCardPayment } from './card-payments.ts';
import { payFromWallet, refundToWallet } from './escrow.ts';
import { references } from './references.ts';

/**
 * A booking can be paid while it is pending on a slot that has not started, unpaid and not free.
 * A lapsed hold is fine as long as the booking is still pending: the exclusion constraint kept
 * its slot (whoever takes a slot expires lapsed holds first, which would have made it expired).
 */
function assertPayable(row: BookingRow, now: Date): void {
  if (row.paidAt) throw new AppError('BOOKING_ALREADY_PAID');
  if (row.status === 'expired') throw new AppError('BOOKING_EXPIRED');
  if (row.status !== 'pending' || !row.startsAt || row.priceMinor === 0) throw new AppError('BOOKING_NOT_PAYABLE');
  if (row.startsAt.getTime() <= now.getTime()) throw new AppError('BOOKING_EXPIRED');
}

/** The columns of a paid, confirmed booking; a provider's appointment counts as acknowledged by paying. */
function paidColumns(row: BookingRow, method: 'wallet' | 'card', now: Date) {
  return {
    ...statusChange(row, 'confirmed'),
    paidAt: now,
    paymentMethod: method,
    holdExpiresAt: null,
    ...(row.createdBy === 'provider' && row.participantStatus === 'awaiting'
      ? { participantStatus: 'acknowledged' as const, participantRespondedAt: now }
      : {}),
    updatedAt: now,
  };
}

/**
 * POST /payment/booking/{bookingId}. Wallet: debit into escrow and confirm in one transaction
 * (INSUFFICIENT_FUNDS changes nothing) and answer the booking. Card: open a checkout for the
 * price; GET /payment/status/{reference} follows it and the payment hook confirms the booking.
 */
export async function payBooking(
  deps: AppDeps,
  input: { actor: Actor; language: Language; bookingId: string; body: PayBookingBody },
): Promise<Booking | CardPaymentAnswer> {
  const now = deps.clock.now();
  if (input.body.method === 'card') {
    const row = await loadOwnBooking(deps.db, { bookingId: input.bookingId, actor: input.actor, party: 'client' });
    assertPayable(row, now);
    const answer = await startCardPayment(deps, {
      userId: row.clientId,
      amountMinor: row.priceMinor,
      currencyCode: row.currencyCode,
      purpose: { type: 'booking', id: row.id },
      callbackUrl: input.body.callbackUrl ?? `/payment/${row.id}/`,
      language: input.language,
    });
    await recordEvent(deps.db, {
      bookingId: row.id,
      type: 'card_payment_started',
      actorRole: 'client',
      data: { reference: answer.payment.reference },
      at: now,
    });
    return answer;
  }
  return changeOwnBooking(deps, { ...input, party: 'client' }, async (tx, row, now) => {
    assertPayable(row, now);
    await payFromWallet(tx, {
      userId: row.clientId,
      amountMinor: row.priceMinor,
      currencyCode: row.currencyCode,
      reference: references.bookingPayment(row.id),
      bookingId: row.id,
      at: now,
    });
    await tx
      .update(bookings)
      .set(paidColumns(row, 'wallet', now))
      .where(eq(bookings.id, row.id));
    await recordEvent(tx, {
      bookingId: row.id,
      type: 'paid',
      actorRole: 'client',
      data: { method: 'wallet', amountMinor: row.priceMinor, currencyCode: row.currencyCode },
      at: now,
    });
    return [await recordEvent(tx, confirmedEvent(row, now, row.startsAt))];
  });
}

/**
 * The reaction to a card payment for a booking (the paymentSucceeded event, wired in app.ts):
 * runs inside the transaction that moved the card money into escrow. A pending booking is
 * confirmed. One whose hold lapsed and
 * was marked expired is confirmed again if its slot is still free (re-taken under the exclusion
 * constraint in a savepoint); otherwise — slot gone, session started, booking cancelled, already
 * paid, or an amount that does not match — the money goes back to the payer's wallet at once.
 * The provider's email goes out with the notification job (this transaction is not ours).
 */
export async function confirmCardPaidBooking(tx: Tx, event: PaymentSucceededEvent, deps: AppDeps): Promise<void> {
  const now = deps.clock.now();
  const [head] = await tx
    .select({ providerId: bookings.providerId })
    .from(bookings)
    .where(eq(bookings.id, event.purposeId));
  if (!head) throw new Error(`card payment ${event.reference} names an unknown booking`);
  // The calendar lock before the row lock, like every slot-taking transaction (no lock cycles).
  await lockProviderCalendar(tx, head.providerId);
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, event.purposeId)).for('update');
  if (!row) throw new Error(`card payment ${event.reference} names an unknown booking`);

  const refund = async (reason: string, expire = false) => {
    await refundToWallet(tx, {
      userId: event.userId,
      amountMinor: event.amountMinor,
      currencyCode: event.currencyCode,
      reference: references.bookingCardRefund(row.id, event.reference),
      bookingId: row.id,
      at: now,
    });
    if (expire && row.status === 'pending') {
      await tx
        .update(bookings)
        .set({ ...statusChange(row, 'expired'), holdExpiresAt: null, updatedAt: now })
        .where(eq(bookings.id, row.id));
    }
    await recordEvent(tx, {
      bookingId: row.id,
      type: 'payment_refunded',
      actorRole: 'system',
      data: { reference: event.reference, reason, amountMinor: event.amountMinor, currencyCode: event.currencyCode },
      at: now,
    });
    await deps.events.notify(tx, {
      userId: event.userId,
      kind: 'payment.refunded',
      subjectId: row.id,
      data: { amountMinor: event.amountMinor, currencyCode: event.currencyCode, reason },
      at: now,
    });
  };

  const matches =
    event.userId === row.clientId && event.amountMinor === row.priceMinor && event.currencyCode === row.currencyCode;
  if (!matches) return refund('amount_mismatch');
  if (row.paidAt) return refund('already_paid');
  if (!row.startsAt || row.startsAt.getTime() <= now.getTime()) return refund('session_started', true);
  if (row.status !== 'pending' && row.status !== 'expired') return refund(`booking_${row.status}`);

  const confirm = async (db: Tx) => {
    await db
      .update(bookings)
      .set(paidColumns(row, 'card', now))
      .where(eq(bookings.id, row.id));
    await recordEvent(db, {
      bookingId: row.id,
      type: 'paid',
      actorRole: 'client',
      data: {
        method: 'card',
        reference: event.reference,
        amountMinor: event.amountMinor,
        currencyCode: event.currencyCode,
      },
      at: now,
    });
    await recordEvent(db, confirmedEvent(row, now, row.startsAt));
  };
  if (row.status === 'pending') return confirm(tx);

  try {
    await tx.transaction(async (savepoint) => {
      await expireStaleHolds(savepoint, { providerId: row.providerId, now, exceptBookingId: row.id });
      await confirm(savepoint);
    });
  } catch (error) {
    if (!isSlotConflictError(error)) throw error;
    await refund('slot_taken');
  }
}
