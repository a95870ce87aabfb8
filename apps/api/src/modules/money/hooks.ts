import type { Tx } from '../../db/client.ts';
import type { AppDeps } from '../../platform/deps.ts';

/** A verified card payment for something other than the wallet (today: a booking). */
export interface PaymentSucceededEvent {
  paymentId: string;
  reference: string;
  userId: string;
  /** The booking id given to startCardPayment. */
  purposeId: string;
  amountMinor: number;
  currencyCode: string;
  paidAt: Date;
  /** The ledger transaction that moved the money from gateway clearing into booking escrow. */
  ledgerTransactionId: string;
}

/**
 * Runs inside the database transaction that records the payment and moves the money into
 * booking escrow, so "paid" and "confirmed" commit together. Throwing rolls that back; the
 * money then goes to the payer's wallet instead (never lost) and the payment reports
 * creditedTo "wallet". A booking that can no longer be confirmed (expired, slot gone) should
 * throw, or refund itself with refundToWallet in the same transaction.
 */
export type PaymentSucceededHandler = (tx: Tx, event: PaymentSucceededEvent, deps: AppDeps) => Promise<void>;

export type PaymentPurpose = 'booking';

const handlers = new Map<PaymentPurpose, PaymentSucceededHandler>();

/** Registers the reaction to a successful card payment for a purpose (one per purpose; the last wins). */
export function onPaymentSucceeded(purpose: PaymentPurpose, handler: PaymentSucceededHandler): () => void {
  handlers.set(purpose, handler);
  return () => {
    if (handlers.get(purpose) === handler) handlers.delete(purpose);
  };
}

export function paymentSucceededHandler(purpose: PaymentPurpose): PaymentSucceededHandler | undefined {
  return handlers.get(purpose);
}
