import type { Language } from '@app/shared/constants';

/**
 * What the money module needs from a payment gateway, and nothing about how a given gateway does
 * it. This file imports nothing of ours, so AppDeps (platform/deps.ts) can name gateways without
 * an import cycle; the registry that picks an adapter is gateway.ts.
 */
export const GATEWAY_NAMES = ['sandbox', 'paystack', 'stripe'] as const;
export type GatewayName = (typeof GATEWAY_NAMES)[number];

export function isGatewayName(name: string): name is GatewayName {
  return (GATEWAY_NAMES as readonly string[]).includes(name);
}

/** What the gateway itself says about a charge; we act only on this, never on the browser. */
export interface ChargeVerification {
  reference: string;
  status: 'success' | 'failed' | 'pending';
  amountMinor: number;
  currencyCode: string;
  paidAt: Date | null;
  /** Bank transfers into virtual accounts: who received it. */
  customerCode: string | null;
  receiverAccountNumber: string | null;
}

/** A webhook as it arrived: the raw body (signatures are over the bytes) and the headers. */
export interface WebhookDelivery {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * What a webhook is about: a charge that may have succeeded, a checkout of ours that changed in
 * any way (paid, failed, expired: re-verify it), or a transfer (payout) that moved. `eventId`:
 * the gateway's own id of the event, when it has one, so a delivery seen before changes nothing.
 */
export type WebhookEvent = (
  | { type: 'charge.success'; reference: string }
  | { type: 'charge.updated'; reference: string }
  | { type: 'transfer.updated'; reference: string }
) & { eventId?: string };

export interface TransferResult {
  status: 'pending' | 'success' | 'failed' | 'reversed';
  transferCode: string | null;
  reason?: string | null;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  supports(currencyCode: string): boolean;
  /** Whether it can send money to a bank account in this currency (payouts); otherwise an operator does. */
  paysOut(currencyCode: string): boolean;
  /**
   * Opens a card checkout for a payment reference; the payer is sent to authorizationUrl.
   * gatewayReference: the gateway's own id of the checkout when it cannot be found by ours
   * (Stripe's Checkout Session id); it is stored and handed back to verify.
   */
  initialize(input: {
    reference: string;
    amountMinor: number;
    currencyCode: string;
    email: string;
    /** A path on this site; the gateway sends the payer back there with ?reference=. */
    callbackUrl: string;
    language: Language;
    /** What the payer is paying for, in their language (shown on hosted checkout pages). */
    description?: string;
  }): Promise<{ authorizationUrl: string; gatewayReference?: string }>;
  /** How a charge stands, asked of the gateway itself; null when it does not know the reference. */
  verify(reference: string, gatewayReference?: string | null): Promise<ChargeVerification | null>;
  /**
   * A webhook delivery: checks its signature over the raw bytes first (AppError
   * PAYMENT_WEBHOOK_SIGNATURE_INVALID when it does not hold, BAD_REQUEST when the body is no
   * event), then says what it is about. null: an event we do not act on. The event is never
   * trusted as such: the money module verifies the charge or transfer before any money moves.
   */
  parseWebhook(input: WebhookDelivery): WebhookEvent | null;
  createVirtualAccount(input: {
    userId: string;
    email: string;
    firstName: string;
    lastName: string;
    phoneNumber: string | null;
    currencyCode: string;
  }): Promise<{ bankName: string; accountNumber: string; accountName: string; customerCode: string | null }>;
  createTransferRecipient(input: {
    accountName: string;
    accountNumber: string;
    bankCode: string;
    currencyCode: string;
  }): Promise<{ recipientCode: string }>;
  initiateTransfer(input: {
    reference: string;
    amountMinor: number;
    currencyCode: string;
    recipientCode: string;
    reason: string;
  }): Promise<TransferResult>;
  /** null when the gateway does not know the reference. */
  verifyTransfer(reference: string): Promise<TransferResult | null>;
}

/**
 * A gateway call that did not work. `definitive`: the gateway answered and refused (a 4xx), so
 * retrying the same call will not help; otherwise it may have been the network or an outage.
 */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly definitive: boolean,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}
