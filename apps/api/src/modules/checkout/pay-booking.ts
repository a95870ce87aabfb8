import { PAYABLE } from '@app/shared/booking-rules';
import type { Language } from '@app/shared/constants';
import type { Booking, PayBookingBody } from '@app/shared/schemas/bookings';
import type { CardPaymentAnswer } from '@app/shared/schemas/wallet';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { assertAll, whereAll } from '../../platform/conditions-sql.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { PaymentSucceededEvent } from '../../platform/events.ts';
import { preparedSql } from '../../platform/prepared.ts';
import { isSlotConflictError } from '../availability/slots-service.ts';
import { bookingScope, ownedBy } from '../bookings/booking-conditions.ts';
import {
  type BookingRow,
  expireStaleHolds,
  loadOwnBooking,
  lockProviderCalendar,
  recordEvent,
  statusChange,
} from '../bookings/booking-data.ts';
import { toBooking, type ViewRow, viewColumns, viewContext, viewRowColumns } from '../bookings/booking-view.ts';
import { changeOwnBooking } from '../bookings/change-booking.ts';
import { wakeBookingNotifications } from '../bookings/outbox.ts';
import { confirmedEvent } from '../bookings/schedule-booking.ts';
import { catalogJoins, modalityJson, therapyJson } from '../catalog/catalog-json.ts';
import { startCardPayment } from '../money/card-payments.ts';
import { payFromWallet, refundToWallet } from '../money/escrow.ts';
import { CURRENCY_IN_KEY, postingCtes, unitPostingPlaceholders } from '../money/ledger.ts';
import { escrowShard } from '../money/ledger-math.ts';
import { walletPaymentLines } from '../money/postings.ts';
import { references } from '../money/references.ts';
import { clientJoins, personJson } from '../profiles/person-json.ts';

/** PAYABLE (@app/shared/booking-rules) on the loaded row: throws the refusal's code. */
function assertPayable(row: BookingRow, now: Date): void {
  assertAll(PAYABLE, row, { now });
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

const p = (name: string) => sql`${sql.placeholder(name)}`;

/** A timestamptz as JavaScript's toISOString writes it (`2026-12-01T08:00:00.000Z`), as events carry instants. */
const isoInstant = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The booking being paid as the statement reads it: the rules' parameters as its placeholders. */
const payScope = bookingScope('bookings', { now: sql`${p('now')}::timestamptz`, actorId: sql`${p('clientId')}::uuid` });

/**
 * The payment's two lines, wallet → escrow shard, for the booking's own price and currency as the
 * statement reads them under its lock (unitPostingPlaceholders: the plan is kept).
 */
const paymentLines = unitPostingPlaceholders(2, {
  from: sql`bk`,
  currency: sql`bk.currency_code`,
  amount: sql`bk.price_minor`,
});

/**
 * The usual wallet payment in one statement, without an open transaction (one round trip and the
 * statement's own commit, so the escrow shard's row is locked for the shortest time): `bk` locks
 * the client's own booking while it is PAYABLE (the transaction's rule, rendered) and gives its price,
 * currency and start (the lock comes first, as in every booking change, then the ledger's
 * accounts); the ledger posts that price wallet → escrow shard only when `bk` has the row
 * (postingCtes' guard) and the wallet covers it; only then `booked` confirms the booking as paid
 * (a provider's appointment counts as acknowledged by paying) and `events` appends "paid" and
 * "confirmed" (the provider's email, as the outbox: the notification job sends it, woken by the
 * payment). The answer is the booking as the view builds it. Anything else (a first use of an
 * account, a short wallet, a replay, a booking not payable or changed meanwhile) writes nothing
 * and is left to the transaction.
 */
const payFromWalletNow = preparedSql<{ found: number | string; ok: boolean | null } & (ViewRow | { booking: null })>(
  'money_pay_booking_wallet',
  () => ({
    with: {
      bk: sql`
      SELECT id, price_minor, currency_code, starts_at FROM bookings
      WHERE id = ${p('bookingId')}::uuid AND ${whereAll(ownedBy('client'), payScope)} AND ${whereAll(PAYABLE, payScope)}
      FOR UPDATE`,
      ...postingCtes(
        {
          lines: paymentLines.lines,
          lineCount: sql`2`,
          type: sql`'booking_payment'`,
          reference: p('reference'),
          description: sql`NULL::text`,
          metadata: p('metadata'),
          at: p('now'),
        },
        sql`EXISTS (SELECT 1 FROM bk)`,
      ),
      booked: sql`
      UPDATE bookings SET status = 'confirmed', previous_status = 'pending', paid_at = ${p('now')}::timestamptz,
        payment_method = 'wallet', hold_expires_at = NULL,
        participant_status = CASE WHEN bookings.created_by = 'provider' AND bookings.participant_status = 'awaiting'
          THEN 'acknowledged' ELSE bookings.participant_status END,
        participant_responded_at = CASE WHEN bookings.created_by = 'provider' AND bookings.participant_status = 'awaiting'
          THEN ${p('now')}::timestamptz ELSE bookings.participant_responded_at END,
        updated_at = ${p('now')}::timestamptz
      FROM txn, bk WHERE bookings.id = bk.id
      RETURNING row_to_json(bookings) AS booking, bookings.id, bookings.provider_id, bookings.client_id,
        bookings.therapy_category_id, bookings.modality_key, bookings.series_id`,
      events: sql`
      INSERT INTO booking_events (booking_id, type, actor_role, data, notify_user_id, created_at)
      SELECT booked.id, e.type, 'client', e.data, e.notify, ${p('now')}::timestamptz
      FROM booked CROSS JOIN bk CROSS JOIN LATERAL (VALUES
        (1, 'paid', jsonb_build_object('method', 'wallet', 'amountMinor', bk.price_minor,
          'currencyCode', bk.currency_code), NULL::uuid),
        (2, 'confirmed', jsonb_build_object('template', 'bookingConfirmed', 'notifyParty', 'provider',
          'startAt', ${isoInstant(sql`bk.starts_at`)}), booked.provider_id)
      ) AS e(ord, type, data, notify)
      ORDER BY e.ord
      RETURNING id`,
    },
    select: sql`
    SELECT chk.found, chk.ok,
      ${viewColumns({
        booking: sql`booked.booking`,
        seriesOccurrences: sql`series.occurrences`,
        provider: personJson(sql`pu`, sql`pp`),
        client: personJson(sql`cu`, sql`cp`),
        therapy: therapyJson(sql`tc`),
        modality: modalityJson(sql`mo`),
      })}
    FROM chk LEFT JOIN booked ON true
    LEFT JOIN users pu ON pu.id = booked.provider_id
    LEFT JOIN provider_profiles pp ON pp.user_id = booked.provider_id
    ${clientJoins(sql`booked`)} ${catalogJoins(sql`booked`)}
    LEFT JOIN booking_series series ON series.id = booked.series_id`,
    columns: ['found', 'ok', ...viewRowColumns],
  }),
);

/**
 * payFromWalletNow for this request: the paid booking, or undefined when it is not the usual
 * case (for the transaction to handle, or to explain). Exported beside payInTransaction for the
 * test that runs one table of cases through both.
 */
export async function payInOneStatement(
  deps: AppDeps,
  input: { actor: Actor; language: Language; bookingId: string },
  now: Date,
): Promise<Booking | undefined> {
  if (input.actor.role !== 'client') return undefined;
  const [row] = await payFromWalletNow(deps.db, {
    bookingId: input.bookingId,
    clientId: input.actor.userId,
    now: now.toISOString(),
    ...paymentLines.values(
      walletPaymentLines({
        userId: input.actor.userId,
        amountMinor: 1,
        currencyCode: CURRENCY_IN_KEY,
        escrowShard: escrowShard(input.bookingId),
      }),
    ),
    reference: references.bookingPayment(input.bookingId),
    metadata: JSON.stringify({ channel: 'wallet', bookingId: input.bookingId }),
  });
  if (!row?.booking) return undefined;
  // The provider's in-app notice and email: the notification job's, woken now (the outbox event
  // is written; the answer does not wait for the email to be built and recorded).
  wakeBookingNotifications(deps);
  return toBooking(row, viewContext(deps, input.language, input.actor.userId));
}

/**
 * POST /payment/booking/{bookingId}. Wallet: debit into escrow and confirm at once
 * (INSUFFICIENT_FUNDS changes nothing) and answer the booking — the usual case as one statement
 * (payFromWalletNow), anything else, or anything to explain, in the locked transaction; both end
 * at the same rows and the same answer. Card: open a checkout for the price;
 * GET /payment/status/{reference} follows it and the payment hook confirms the booking.
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
  const paid = await payInOneStatement(deps, input, now);
  if (paid) {
    deps.events.outcome({ kind: 'booking', outcome: 'confirmed' });
    return paid;
  }
  const booking = await payInTransaction(deps, input);
  deps.events.outcome({ kind: 'booking', outcome: 'confirmed' });
  return booking;
}

/**
 * The wallet payment in the booking's locked transaction (payFromWallet): every case, with the
 * refusal's error when the booking is not PAYABLE or the wallet is short.
 */
export async function payInTransaction(
  deps: AppDeps,
  input: { actor: Actor; language: Language; bookingId: string },
): Promise<Booking> {
  return changeOwnBooking(deps, { ...input, party: 'client' }, async (tx, row, now) => {
    assertPayable(row, now);
    await payRowFromWallet(tx, row, 'wallet', now);
    return [await recordEvent(tx, confirmedEvent(row, now, row.startsAt))];
  });
}

/**
 * One booking paid from its client's wallet inside the caller's transaction: wallet → the
 * booking's escrow (its own reference, so it is never paid twice), the paid columns and the
 * "paid" event. The confirmation event is the caller's (a series tells the provider once).
 */
export async function payRowFromWallet(
  tx: Tx,
  row: BookingRow,
  method: 'wallet' | 'card',
  now: Date,
  extra: Record<string, unknown> = {},
): Promise<void> {
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
    .set(paidColumns(row, method, now))
    .where(eq(bookings.id, row.id));
  await recordEvent(tx, {
    bookingId: row.id,
    type: 'paid',
    actorRole: 'client',
    data: { method, amountMinor: row.priceMinor, currencyCode: row.currencyCode, ...extra },
    at: now,
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
    // Inside the payment's transaction (not ours to wait for): counted as it commits, almost always.
    deps.events.outcome({ kind: 'booking', outcome: 'confirmed' });
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
