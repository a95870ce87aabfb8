import type { Language } from '@app/shared/constants';
import { MIN_TOP_UP_MAJOR, minTopUpMinor } from '@app/shared/currency';
import type { CardPaymentAnswer, PaymentStatusAnswer } from '@app/shared/schemas/wallet';
import { unverifiedTopUpCapMajor, unverifiedTopUpCapMinor } from '@app/shared/verification-rules';
import { messageKey } from '@app/shared/zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { PaymentPurpose, PaymentSucceededHandler } from '../../platform/events.ts';
import { translate } from '../../platform/i18n.ts';
import {
  type ChargeVerification,
  GatewayError,
  gatewayByName,
  gatewayForCurrency,
} from '../../platform/payments/gateway.ts';
import { prepared } from '../../platform/prepared.ts';
import { isEmailVerified } from '../auth/verified-email.ts';
import { loadAccountHolder } from './account-holder.ts';
import { recordFailedPaymentEmail } from './failed-payment-email.ts';
import { postTransaction } from './ledger.ts';
import { escrowShard } from './ledger-math.ts';
import { cardBookingPaymentLines, topUpLines } from './postings.ts';
import { references } from './references.ts';

export type PaymentRow = typeof payments.$inferSelect;

export const DEFAULT_TOP_UP_CALLBACK = '/wallet/';
/** A checkout still unpaid this long after it started is given up (abandoned). */
export const ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;

/** By reference; a prepared statement (this read starts every webhook, poll and reconciliation). */
export async function findPayment(db: Tx, reference: string): Promise<PaymentRow | null> {
  const query = prepared(db, 'payments_by_reference', (name) =>
    db
      .select()
      .from(payments)
      .where(eq(payments.reference, sql.placeholder('reference')))
      .prepare(name),
  );
  const [row] = await query.execute({ reference });
  return row ?? null;
}

export interface StartCardPaymentInput {
  userId: string;
  amountMinor: number;
  currencyCode: string;
  purpose: { type: 'top_up' } | { type: PaymentPurpose; id: string };
  /** A path on this site the checkout returns to (default /wallet/). */
  callbackUrl?: string;
  language?: Language;
}

/**
 * Opens a card checkout at the gateway for this currency. The payment row exists (pending)
 * before the gateway is called, so a webhook can never arrive for a payment we do not know.
 */
export async function startCardPayment(deps: AppDeps, input: StartCardPaymentInput): Promise<CardPaymentAnswer> {
  const { db, clock } = deps;
  const holder = await loadAccountHolder(db, input.userId);
  const gateway = gatewayForCurrency(deps, input.currencyCode);
  const reference = references.newCardPayment();
  const callbackUrl = input.callbackUrl ?? DEFAULT_TOP_UP_CALLBACK;
  const now = clock.now();
  await db.insert(payments).values({
    reference,
    userId: input.userId,
    purpose: input.purpose.type,
    purposeId: input.purpose.type === 'top_up' ? null : input.purpose.id,
    channel: 'card',
    gateway: gateway.name,
    amountMinor: input.amountMinor,
    currencyCode: input.currencyCode,
    callbackUrl,
    createdAt: now,
    updatedAt: now,
  });
  let authorizationUrl: string;
  let gatewayReference: string | undefined;
  const language = input.language ?? holder.language;
  try {
    ({ authorizationUrl, gatewayReference } = await gateway.initialize({
      reference,
      amountMinor: input.amountMinor,
      currencyCode: input.currencyCode,
      email: holder.email,
      callbackUrl,
      language,
      description: translate(language, `payments.checkout.${input.purpose.type}`),
    }));
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    await db
      .update(payments)
      .set({ status: 'failed', failureReason: `initialize: ${error.message}`.slice(0, 500), updatedAt: now })
      .where(and(eq(payments.reference, reference), eq(payments.status, 'pending')));
    deps.events.outcome({ kind: 'payment', gateway: gateway.name, outcome: 'failed' });
    throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE');
  }
  deps.events.outcome({ kind: 'payment', gateway: gateway.name, outcome: 'started' });
  await db
    .update(payments)
    .set({ authorizationUrl, gatewayReference: gatewayReference ?? null })
    .where(eq(payments.reference, reference));
  return { metadata: { authorizationUrl }, payment: { reference, status: 'pending' } };
}

/** POST /payment/wallet: a card top-up of the signed-in client's wallet, in the wallet's currency. */
export async function startTopUp(
  deps: AppDeps,
  input: { userId: string; amountMinor: number; callbackUrl?: string; language: Language },
): Promise<CardPaymentAnswer> {
  const holder = await loadAccountHolder(deps.db, input.userId);
  const currency = holder.currency;
  if (input.amountMinor < minTopUpMinor(currency)) {
    throw fieldError('amount', messageKey('wallet.topUpMinimum', { amount: MIN_TOP_UP_MAJOR[currency], currency }));
  }
  if (!(await isEmailVerified(deps.db, input.userId))) {
    // Until the address is verified, card top-ups (started or paid) add up to a small amount.
    const [started] = await deps.db
      .select({ total: sql<string>`coalesce(sum(${payments.amountMinor}), 0)` })
      .from(payments)
      .where(
        and(
          eq(payments.userId, input.userId),
          eq(payments.purpose, 'top_up'),
          inArray(payments.status, ['pending', 'success']),
        ),
      );
    if (Number(started?.total ?? 0) + input.amountMinor > unverifiedTopUpCapMinor(currency)) {
      throw fieldError(
        'amount',
        messageKey('hardening.verifyLater.topUpCap', { amount: unverifiedTopUpCapMajor(currency), currency }),
      );
    }
  }
  return startCardPayment(deps, {
    userId: input.userId,
    amountMinor: input.amountMinor,
    currencyCode: currency,
    purpose: { type: 'top_up' },
    callbackUrl: input.callbackUrl,
    language: input.language,
  });
}

/**
 * Asks the gateway how a card payment stands and applies the answer: the only way a card
 * payment gets value. Webhooks, the status poll, the sandbox page and reconciliation all come
 * here, any number of times, in any order; the payment is credited at most once.
 * Throws GatewayError when the gateway cannot be asked.
 */
export async function confirmPayment(
  deps: AppDeps,
  reference: string,
  /** The row when the caller has just read it (saves a read on the poll and webhook paths). */
  loaded?: PaymentRow,
): Promise<PaymentRow | null> {
  const payment = loaded?.reference === reference ? loaded : await findPayment(deps.db, reference);
  if (!payment || payment.status === 'success' || payment.channel !== 'card') return payment;
  const verification = await gatewayByName(deps, payment.gateway).verify(reference, payment.gatewayReference);
  return applyVerification(deps, payment, verification);
}

/** Applies the gateway's answer and counts what it changed, per gateway (metrics). */
async function applyVerification(
  deps: AppDeps,
  payment: PaymentRow,
  verification: ChargeVerification | null,
): Promise<PaymentRow> {
  const result = await applyVerificationOnce(deps, payment, verification);
  if (result.status !== payment.status && result.status !== 'pending') {
    const outcome = result.status === 'success' ? 'succeeded' : result.status === 'abandoned' ? 'abandoned' : 'failed';
    deps.events.outcome({ kind: 'payment', gateway: payment.gateway, outcome });
  }
  return result;
}

async function applyVerificationOnce(
  deps: AppDeps,
  payment: PaymentRow,
  verification: ChargeVerification | null,
): Promise<PaymentRow> {
  const now = deps.clock.now();
  if (verification?.status === 'success') {
    const matches =
      verification.reference === payment.reference &&
      verification.amountMinor === payment.amountMinor &&
      verification.currencyCode === payment.currencyCode;
    if (matches) return settle(deps, payment, verification.paidAt ?? now);
    deps.log.warn(
      {
        paymentReference: payment.reference,
        verified: { amountMinor: verification.amountMinor, currencyCode: verification.currencyCode },
        expected: { amountMinor: payment.amountMinor, currencyCode: payment.currencyCode },
      },
      'payment verification does not match the payment',
    );
    return markUnpaid(deps, payment, 'failed', 'verification_mismatch', now);
  }
  if (verification?.status === 'failed') return markUnpaid(deps, payment, 'failed', 'declined', now);
  if (now.getTime() - payment.createdAt.getTime() > ABANDON_AFTER_MS) {
    return markUnpaid(deps, payment, 'abandoned', verification ? 'not_completed' : 'unknown_to_gateway', now);
  }
  return payment;
}

/**
 * pending → failed/abandoned; a payment that is no longer pending is left as it is. A failed one
 * is emailed to the payer in the same transaction (payment emails are always sent): the change
 * happens once, so does its email. An abandoned checkout is not: the payer walked away from it.
 */
async function markUnpaid(
  deps: AppDeps,
  payment: PaymentRow,
  status: 'failed' | 'abandoned',
  reason: string,
  now: Date,
): Promise<PaymentRow> {
  const changed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(payments)
      .set({ status, failureReason: reason, updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
      .returning();
    const emailId = row?.status === 'failed' ? await recordFailedPaymentEmail(tx, deps, row) : null;
    return row ? { row, emailId } : null;
  });
  if (!changed) return (await findPayment(deps.db, payment.reference)) as PaymentRow;
  if (changed.emailId) {
    // Recorded in the outbox; the mail job delivers what this could not.
    await deps.mailer.deliver([changed.emailId]).catch((error) => {
      deps.log.warn({ err: error, paymentReference: payment.reference }, 'failed-payment email not delivered yet');
    });
  }
  return changed.row;
}

/**
 * Credits a verified payment once. A booking payment moves gateway clearing → booking escrow
 * and lets checkout confirm the booking in the same transaction; a series payment lands in the
 * payer's wallet and checkout pays each session from it in that transaction (each session's
 * share its own booking payment). If the reaction fails, the money goes to the payer's wallet.
 */
async function settle(deps: AppDeps, payment: PaymentRow, paidAt: Date): Promise<PaymentRow> {
  const handler = payment.purpose === 'top_up' ? undefined : deps.events.paymentSucceededHandler(payment.purpose);
  if (handler && payment.purposeId) {
    try {
      return await deps.db.transaction((tx) => settleIn(tx, deps, payment, paidAt, handler));
    } catch (error) {
      deps.log.warn(
        { err: error, paymentReference: payment.reference },
        'booking payment credited to the wallet instead',
      );
    }
  }
  return settleIn(deps.db, deps, payment, paidAt, null);
}

/**
 * Posts the payment's ledger transaction and marks the payment successful in the same
 * statement (the ledger's companion), then lets the booking module react inside the caller's
 * transaction. The ledger reference is unique: of two confirmations racing, the second waits
 * for the first to commit and then changes nothing.
 */
async function settleIn(
  tx: Tx,
  deps: AppDeps,
  payment: PaymentRow,
  paidAt: Date,
  bookingHandler: PaymentSucceededHandler | null,
): Promise<PaymentRow> {
  const now = deps.clock.now();
  const toBooking = bookingHandler !== null;
  const creditedTo = toBooking ? 'booking' : 'wallet';
  const intoEscrow = toBooking && payment.purpose === 'booking';
  const amounts = { amountMinor: payment.amountMinor, currencyCode: payment.currencyCode, gateway: payment.gateway };
  const posted = await postTransaction(tx, {
    type: intoEscrow ? 'booking_payment' : 'top_up',
    reference: references.cardPaymentLedger(payment.reference),
    at: now,
    lines: intoEscrow
      ? cardBookingPaymentLines({
          ...amounts,
          reference: payment.reference,
          escrowShard: payment.purposeId ? escrowShard(payment.purposeId) : undefined,
        })
      : topUpLines({ ...amounts, userId: payment.userId, reference: payment.reference }),
    metadata: {
      channel: 'card',
      paymentReference: payment.reference,
      ...(payment.purpose === 'booking' ? { bookingId: payment.purposeId } : {}),
      ...(payment.purpose === 'booking_series' ? { seriesId: payment.purposeId } : {}),
      ...(payment.purpose !== 'top_up' && !toBooking ? { fallback: true } : {}),
    },
    companion: {
      name: 'payment_success',
      statement: sql`UPDATE payments SET status = 'success', credited_to = ${creditedTo}::payment_credited_to,
          ledger_transaction_id = (SELECT id FROM txn), paid_at = ${paidAt.toISOString()}::timestamptz,
          failure_reason = NULL, updated_at = ${now.toISOString()}::timestamptz
        WHERE id = ${payment.id}::uuid AND status <> 'success' AND EXISTS (SELECT 1 FROM txn)
        RETURNING id`,
    },
  });
  if (!posted.applied) return (await findPayment(tx, payment.reference)) as PaymentRow;
  // The payer hears of it in the app (a card payment completes away from our page).
  await deps.events.notify(tx, {
    userId: payment.userId,
    kind: 'payment.received',
    subjectId: payment.purpose === 'booking' ? payment.purposeId : null,
    data: {
      amountMinor: payment.amountMinor,
      currencyCode: payment.currencyCode,
      creditedTo,
      purpose: payment.purpose,
    },
    at: now,
  });
  const updated: PaymentRow = {
    ...payment,
    status: 'success',
    creditedTo,
    ledgerTransactionId: posted.transactionId,
    paidAt,
    failureReason: null,
    updatedAt: now,
  };
  if (bookingHandler && payment.purposeId) {
    await bookingHandler(tx, {
      paymentId: payment.id,
      reference: payment.reference,
      userId: payment.userId,
      purposeId: payment.purposeId,
      amountMinor: payment.amountMinor,
      currencyCode: payment.currencyCode,
      paidAt,
      ledgerTransactionId: posted.transactionId,
    });
  }
  return updated;
}

/** GET /payment/status/:reference: the owner's payment; a pending card payment is re-verified first. */
export async function getPaymentStatus(
  deps: AppDeps,
  input: { userId: string; reference: string },
): Promise<PaymentStatusAnswer> {
  let payment = await findPayment(deps.db, input.reference);
  if (!payment || payment.userId !== input.userId) throw new AppError('NOT_FOUND');
  if (payment.status === 'pending') {
    try {
      payment = (await confirmPayment(deps, payment.reference, payment)) ?? payment;
    } catch (error) {
      // The gateway cannot be asked right now: the payment simply stays pending.
      if (!(error instanceof GatewayError)) throw error;
    }
  }
  return {
    reference: payment.reference,
    status: payment.status,
    amount: payment.amountMinor,
    currencyCode: payment.currencyCode,
    purpose: payment.purpose,
    creditedTo: payment.creditedTo,
  };
}
