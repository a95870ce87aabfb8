import { AppError } from '../app-error.ts';
import type { AppDeps } from '../deps.ts';
import { createPaystackGateway } from './paystack.ts';
import { createSandboxGateway } from './sandbox.ts';
import { createStripeGateway } from './stripe.ts';
import { type GatewayName, isGatewayName, type PaymentGateway } from './types.ts';

export * from './types.ts';

/**
 * The gateway configured for new money in one currency (PAYMENT_GATEWAY_<CODE>, e.g.
 * PAYMENT_GATEWAY_GBP=stripe); undefined: PAYMENT_GATEWAY decides.
 */
export function configuredGatewayFor(config: AppDeps['config'], currencyCode: string): GatewayName | undefined {
  switch (currencyCode) {
    case 'NGN':
      return config.PAYMENT_GATEWAY_NGN;
    case 'GBP':
      return config.PAYMENT_GATEWAY_GBP;
    case 'USD':
      return config.PAYMENT_GATEWAY_USD;
    case 'EUR':
      return config.PAYMENT_GATEWAY_EUR;
    default:
      return undefined;
  }
}

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
    case 'stripe':
      return createStripeGateway({
        secretKey: deps.config.STRIPE_SECRET_KEY,
        webhookSecret: deps.config.STRIPE_WEBHOOK_SECRET,
        apiUrl: deps.config.STRIPE_API_URL,
        toleranceSeconds: deps.config.STRIPE_WEBHOOK_TOLERANCE_SECONDS,
        publicUrl: deps.config.PUBLIC_URL ?? 'http://localhost',
        now: () => deps.clock.now(),
      });
  }
}

/** The adapter a stored payment was made with (its `gateway` column), whatever the config says now. */
export function gatewayByName(deps: AppDeps, name: string): PaymentGateway {
  if (!isGatewayName(name)) throw new Error(`unknown payment gateway ${name}`);
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

/** The adapter named in a URL (the webhook route); null for a name we have no gateway for. */
export function findGateway(deps: AppDeps, name: string): PaymentGateway | null {
  return isGatewayName(name) ? gatewayByName(deps, name) : null;
}

/** The gateway for new money in this currency: PAYMENT_GATEWAY_<CODE>, else PAYMENT_GATEWAY, if it handles it. */
export function gatewayForCurrency(deps: AppDeps, currencyCode: string): PaymentGateway {
  const gateway = gatewayByName(deps, configuredGatewayFor(deps.config, currencyCode) ?? deps.config.PAYMENT_GATEWAY);
  if (gateway.supports(currencyCode)) return gateway;
  throw new AppError('PAYMENT_CURRENCY_UNSUPPORTED', { currency: currencyCode });
}

/**
 * The gateway that sends payouts in this currency to a bank, or null when the currency's
 * gateway pays out to no bank (Stripe here): an operator transfers the money and records it.
 */
export function payoutGatewayForCurrency(deps: AppDeps, currencyCode: string): PaymentGateway | null {
  const gateway = gatewayForCurrency(deps, currencyCode);
  return gateway.paysOut(currencyCode) ? gateway : null;
}
