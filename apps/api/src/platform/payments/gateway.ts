import { AppError } from '../app-error.ts';
import type { AppDeps } from '../deps.ts';
import { createPaystackGateway } from './paystack.ts';
import { createSandboxGateway } from './sandbox.ts';
import { type GatewayName, isGatewayName, type PaymentGateway } from './types.ts';

export * from './types.ts';

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

/** The gateway for new money in this currency: PAYMENT_GATEWAY if it handles it, else a fallback. */
export function gatewayForCurrency(deps: AppDeps, currencyCode: string): PaymentGateway {
  const candidates: GatewayName[] = [deps.config.PAYMENT_GATEWAY, ...(FALLBACK_GATEWAYS[currencyCode] ?? [])];
  for (const name of candidates) {
    const gateway = gatewayByName(deps, name);
    if (gateway.supports(currencyCode)) return gateway;
  }
  throw new AppError('PAYMENT_CURRENCY_UNSUPPORTED', { currency: currencyCode });
}
