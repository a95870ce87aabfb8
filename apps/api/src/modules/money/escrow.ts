import type { Tx } from '../../db/client.ts';
import { commissionRateFor } from './commission.ts';
import { type PostedTransaction, postTransaction } from './ledger.ts';
import { earningLines, refundLines, walletPaymentLines } from './postings.ts';

/**
 * The money operations other modules (bookings) call inside their own database transaction.
 * Money for a booking waits in booking escrow: payFromWallet (or a card payment, see
 * startCardPayment and onPaymentSucceeded) puts it there; refundToWallet returns it to the
 * client; creditEarning pays it out to the provider minus commission. Every call carries a
 * `reference` that makes it idempotent: the same reference twice changes nothing the second time.
 * Pass `at: deps.clock.now()`; without it the database's transaction time is used.
 */

export interface PayFromWalletInput {
  userId: string;
  amountMinor: number;
  currencyCode: string;
  /** e.g. `booking:<id>:payment`. */
  reference: string;
  description?: string | null;
  bookingId?: string;
  at?: Date;
}

/** Debits the client's wallet into booking escrow; AppError INSUFFICIENT_FUNDS (409) when it is short. */
export async function payFromWallet(tx: Tx, input: PayFromWalletInput): Promise<PostedTransaction> {
  return postTransaction(tx, {
    type: 'booking_payment',
    reference: input.reference,
    at: input.at,
    description: input.description,
    metadata: { channel: 'wallet', ...(input.bookingId ? { bookingId: input.bookingId } : {}) },
    lines: walletPaymentLines(input),
  });
}

export interface RefundToWalletInput {
  userId: string;
  amountMinor: number;
  currencyCode: string;
  /** e.g. `booking:<id>:refund`. */
  reference: string;
  description?: string | null;
  bookingId?: string;
  at?: Date;
}

/** Returns escrowed booking money to the client's wallet (type refund). */
export async function refundToWallet(tx: Tx, input: RefundToWalletInput): Promise<PostedTransaction> {
  return postTransaction(tx, {
    type: 'refund',
    reference: input.reference,
    at: input.at,
    description: input.description,
    metadata: input.bookingId ? { bookingId: input.bookingId } : {},
    lines: refundLines(input),
  });
}

export interface CreditEarningInput {
  providerId: string;
  /** The booking price the client paid. */
  grossMinor: number;
  currencyCode: string;
  /** e.g. `booking:<id>:earning`. */
  reference: string;
  description?: string | null;
  bookingId?: string;
  at?: Date;
}

/**
 * Moves a paid booking's money from escrow to the provider's available earnings, keeping the
 * platform's commission (rate per provider country, default 15%, rounded half up).
 */
export async function creditEarning(
  tx: Tx,
  input: CreditEarningInput,
): Promise<PostedTransaction & { netMinor: number; commissionMinor: number }> {
  const rateBps = await commissionRateFor(tx, input.providerId);
  const { lines, netMinor, commissionMinor } = earningLines({ ...input, rateBps });
  const posted = await postTransaction(tx, {
    type: 'earning',
    reference: input.reference,
    at: input.at,
    description: input.description,
    metadata: {
      grossMinor: input.grossMinor,
      commissionMinor,
      netMinor,
      rateBps,
      ...(input.bookingId ? { bookingId: input.bookingId } : {}),
    },
    lines,
  });
  return { ...posted, netMinor, commissionMinor };
}
