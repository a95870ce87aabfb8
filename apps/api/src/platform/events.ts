import type { Tx } from '../db/client.ts';

/**
 * Domain events: how one module reacts to what happened in another without either importing
 * the other, and without registering anything at import time. The reactions are listed once,
 * in `wireDomainEvents` (app.ts), and reach the services as `deps.events`. Handlers run
 * synchronously inside the database transaction of the event (the caller's `tx`), so the event
 * and its reactions commit or roll back together.
 */

export type PaymentPurpose = 'booking';

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
 * throw, or refund itself with refundToWallet in the same transaction. One handler per purpose;
 * without one, the money goes to the payer's wallet.
 */
export type PaymentSucceededHandler = (tx: Tx, event: PaymentSucceededEvent) => Promise<void>;

/** An account is being deleted (auth): other modules erase or close what is theirs. */
export interface AccountDeletingEvent {
  userId: string;
  now: Date;
}

/**
 * Runs inside the deletion transaction, before auth anonymises the user row; handlers run in
 * the order they are listed, and a throw aborts the whole deletion.
 */
export type AccountDeletingHandler = (tx: Tx, event: AccountDeletingEvent) => Promise<void>;

/** Who reacts to what. */
export interface DomainEventHandlers {
  paymentSucceeded: Partial<Record<PaymentPurpose, PaymentSucceededHandler>>;
  accountDeleting: readonly AccountDeletingHandler[];
}

/** The dispatcher the services see as `deps.events`. */
export interface DomainEvents {
  /** The reaction to a card payment for this purpose, if a module takes it (card payments choose escrow or wallet by it). */
  paymentSucceededHandler(purpose: PaymentPurpose): PaymentSucceededHandler | undefined;
  /** Every account-deletion reaction, in order, inside `tx`; the first throw aborts. */
  accountDeleting(tx: Tx, event: AccountDeletingEvent): Promise<void>;
}

export function createDomainEvents(handlers: DomainEventHandlers): DomainEvents {
  const paymentSucceeded = { ...handlers.paymentSucceeded };
  const accountDeleting = [...handlers.accountDeleting];
  return {
    paymentSucceededHandler: (purpose) => paymentSucceeded[purpose],
    async accountDeleting(tx, event) {
      for (const handler of accountDeleting) await handler(tx, event);
    },
  };
}

/** No reactions at all (a service used on its own, e.g. in a benchmark). */
export const NO_DOMAIN_EVENTS: DomainEvents = createDomainEvents({ paymentSucceeded: {}, accountDeleting: [] });
