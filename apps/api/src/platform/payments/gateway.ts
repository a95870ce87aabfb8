import type { Language } from '@app/shared/constants';
import { AppError } from '../app-error.ts';
import type { AppDeps } from '../deps.ts';
import { createPaystackGateway } from './paystack.ts';
import { createSandboxGateway } from './sandbox.ts';

export type GatewayName = 'sandbox' | 'paystack';

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

export interface TransferResult {
  status: 'pending' | 'success' | 'failed' | 'reversed';
  transferCode: string | null;
  reason?: string | null;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  supports(currencyCode: string): boolean;
  initializeCharge(input: {
    reference: string;
    amountMinor: number;
    currencyCode: string;
    email: string;
    /** A path on this site; the gateway sends the payer back there with ?reference=. */
    callbackUrl: string;
    language: Language;
  }): Promise<{ authorizationUrl: string }>;
  /** null when the gateway does not know the reference. */
  verifyCharge(reference: string): Promise<ChargeVerification | null>;
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

/**
 * Further gateways per currency, tried when the configured one does not handle a currency
 * (Paystack has no GBP or EUR). Empty today: a Stripe adapter for GBP/EUR/USD would be listed
 * here, e.g. `{ GBP: ['stripe'], EUR: ['stripe'] }`, and added to `create` below.
 */
const FALLBACK_GATEWAYS: Partial<Record<string, GatewayName[]>> = {};

const cache = new WeakMap<AppDeps, Map<GatewayName, PaymentGateway>>();

function create(deps: AppDeps, name: GatewayName): PaymentGateway {
  switch (name) {
    case 'sandbox':
      return createSandboxGateway(deps);
    case 'paystack':
      return createPaystackGateway({
        baseUrl: deps.config.PAYSTACK_BASE_URL,
        secretKey: deps.config.PAYSTACK_SECRET_KEY,
        publicUrl: deps.config.PUBLIC_URL,
      });
  }
}

/** The adapter a stored payment was made with (its `gateway` column), whatever the config says now. */
export function gatewayByName(deps: AppDeps, name: string): PaymentGateway {
  if (name !== 'sandbox' && name !== 'paystack') throw new Error(`unknown payment gateway ${name}`);
  const injected = deps.gateways?.[name];
  if (injected) return injected;
  let byName = cache.get(deps);
  if (!byName) {
    byName = new Map();
    cache.set(deps, byName);
  }
  let gateway = byName.get(name);
  if (!gateway) {
    gateway = create(deps, name);
    byName.set(name, gateway);
  }
  return gateway;
}

/** The gateway for new money in this currency: PAYMENT_GATEWAY if it handles it, else a fallback. */
export function gatewayForCurrency(deps: AppDeps, currencyCode: string): PaymentGateway {
  const candidates: GatewayName[] = [deps.config.PAYMENT_GATEWAY, ...(FALLBACK_GATEWAYS[currencyCode] ?? [])];
  for (const name of candidates) {
    const gateway = gatewayByName(deps, name);
    if (gateway.supports(currencyCode)) return gateway;
  }
  throw new AppError('PAYMENT_CURRENCY_UNSUPPORTED', { currency: currencyCode });
}
