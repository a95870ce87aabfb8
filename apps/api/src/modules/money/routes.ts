import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { earningsRoutes } from './earnings-routes.ts';
import { manualPayoutRoutes } from './manual-payout-routes.ts';
import { paymentRoutes } from './payment-routes.ts';
import { sandboxRoutes } from './sandbox-routes.ts';
import { sandboxStripeRoutes } from './sandbox-stripe-routes.ts';
import { walletRoutes } from './wallet-routes.ts';
import { webhookRoutes } from './webhook-routes.ts';

/**
 * Everything about money under /api, one plugin per resource: the wallet statement, card
 * top-ups / payment status / virtual accounts, provider earnings and
 * payouts (and the back office's manual payouts), gateway webhooks, and the sandbox gateway's side when DEV_TOOLS is on.
 */
export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(walletRoutes);
  await app.register(paymentRoutes);
  await app.register(earningsRoutes);
  await app.register(manualPayoutRoutes);
  await app.register(webhookRoutes);
  if (app.deps.config.DEV_TOOLS) await app.register(sandboxRoutes);
  if (app.deps.config.DEV_TOOLS) await app.register(sandboxStripeRoutes);
};
