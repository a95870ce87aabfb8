import { randomUUID } from 'node:crypto';

/**
 * Every reference money is posted or paid under, built in one place. Two kinds:
 *  - gateway references, sent to a payment gateway (new, random): a card checkout
 *    `pay-<32 hex>`, a payout transfer `po-<32 hex>` (Paystack: lowercase letters, digits and
 *    dashes, 16-50 characters), a simulated sandbox bank transfer `sbx-trf-<32 hex>`;
 *  - ledger references, the idempotency key of a ledger transaction (the same reference twice
 *    changes nothing the second time), derived from the business event.
 * The formats are stored data (ledger_transactions.reference, payments.reference,
 * payouts.reference) and tests rely on them: never change one, add a new one.
 */
export const references = {
  /** A new card checkout at the gateway (payments.reference). */
  newCardPayment: () => `pay-${hex32()}`,
  /** A new payout transfer at the gateway (payouts.reference). */
  newPayout: () => `po-${hex32()}`,
  /** A simulated bank transfer into a sandbox virtual account, when the caller names none. */
  newSandboxTransfer: () => `sbx-trf-${hex32()}`,
  /** A bank transfer into a virtual account, as a payment (payments.reference): `<gateway>:<its reference>`. */
  incomingTransfer: (gateway: string, gatewayReference: string) => `${gateway}:${gatewayReference}`,

  /** Ledger: a verified card payment (top-up or booking escrow). */
  cardPaymentLedger: (paymentReference: string) => `payment:${paymentReference}`,
  /** Ledger: a bank transfer into a virtual account (its payment reference). */
  incomingTransferLedger: (paymentReference: string) => `transfer:${paymentReference}`,
  /** Ledger: a payout leaving the provider's earnings. */
  payoutLedger: (payoutReference: string) => `payout:${payoutReference}`,
  /** Ledger: a failed or reversed payout returning to the earnings. */
  payoutReversalLedger: (payoutReference: string) => `payout-reversal:${payoutReference}`,
  /** Ledger: a booking paid from the wallet into escrow. */
  bookingPayment: (bookingId: string) => `booking:${bookingId}:payment`,
  /** Ledger: a paid booking's escrow back to the client's wallet (cancel, reject, deletion). */
  bookingRefund: (bookingId: string) => `booking:${bookingId}:refund`,
  /** Ledger: a card payment for a booking that could not take it, back to the payer's wallet. */
  bookingCardRefund: (bookingId: string, paymentReference: string) => `booking:${bookingId}:refund:${paymentReference}`,
  /** Ledger: a booking's escrow to the provider's earnings (minus commission). */
  bookingEarning: (bookingId: string) => `booking:${bookingId}:earning`,
  /** Ledger: a booking's earning taken back to the client's wallet (an operator decided the session did not take place). */
  bookingEarningReversal: (bookingId: string) => `booking:${bookingId}:earning-reversal`,
  /** Ledger: the demo client's opening top-up (seeding). */
  demoTopUp: (clientId: string) => `demo:top-up:${clientId}`,
  /** Ledger: a demo reviewer's top-up for one session of a fully booked demo week (seeding). */
  demoBookingTopUp: (bookingId: string) => `demo:top-up:booking:${bookingId}`,
} as const;

function hex32(): string {
  return randomUUID().replaceAll('-', '');
}
