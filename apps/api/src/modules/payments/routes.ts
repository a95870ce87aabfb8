import {
  CardPaymentAnswerSchema,
  PaymentReferenceParamsSchema,
  PaymentStatusAnswerSchema,
  TopUpBodySchema,
  VirtualAccountSchema,
} from '@app/shared/schemas/wallet';
import { z } from '@app/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, requireRole } from '../../platform/auth-guard.ts';
import { byUser, rateLimit } from '../../platform/rate-limits.ts';
import { getPaymentStatus, startTopUp } from './card-payments.ts';
import { idempotencyKeyOf, withIdempotency } from './idempotency.ts';
import { sandboxRoutes } from './sandbox-routes.ts';
import { generateVirtualAccount, getVirtualAccount } from './virtual-accounts.ts';
import { handlePaystackWebhook } from './webhooks.ts';

const tags = ['payments'];
const security = [{ bearer: [] }];

/** Card top-ups started per user: enough for retries, not for hammering the gateway. */
export const TOP_UP_RATE_LIMIT = { max: 10, windowSeconds: 10 * 60 };

/** Top-ups, payment status, virtual accounts, gateway webhooks; the sandbox gateway when DEV_TOOLS. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  const topUpLimit = rateLimit(app, [{ name: 'topUpPerUser', rule: TOP_UP_RATE_LIMIT, keyOf: byUser }]);

  app.post(
    '/payment/wallet',
    {
      preHandler: [...requireRole('client'), topUpLimit],
      schema: { tags, security, body: TopUpBodySchema, response: { 200: CardPaymentAnswerSchema } },
    },
    (request) =>
      withIdempotency(
        deps,
        {
          userId: request.actor.userId,
          scope: 'payment.wallet',
          key: idempotencyKeyOf(request),
          payload: request.body,
        },
        () =>
          startTopUp(deps, {
            userId: request.actor.userId,
            amountMinor: request.body.amount,
            callbackUrl: request.body.callbackUrl,
            language: request.language,
          }),
      ),
  );

  app.get(
    '/payment/status/:reference',
    {
      preHandler: authenticate,
      schema: { tags, security, params: PaymentReferenceParamsSchema, response: { 200: PaymentStatusAnswerSchema } },
    },
    (request) => getPaymentStatus(deps, { userId: request.actor.userId, reference: request.params.reference }),
  );

  app.post(
    '/virtual-accounts/generate',
    { preHandler: requireRole('client'), schema: { tags, security, response: { 200: VirtualAccountSchema } } },
    (request) => generateVirtualAccount(deps, { userId: request.actor.userId }),
  );

  app.get(
    '/virtual-accounts/account',
    { preHandler: requireRole('client'), schema: { tags, security, response: { 200: VirtualAccountSchema } } },
    (request) => getVirtualAccount(deps.db, { userId: request.actor.userId }),
  );

  // Gateway webhooks need the raw bytes for the signature: their own parser, in their own context.
  await app.register(async (webhooks) => {
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhooks.post(
      '/payment/webhook/paystack',
      {
        schema: {
          tags,
          description: 'Paystack events; x-paystack-signature is HMAC SHA-512 of the raw body.',
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        const signature = request.headers['x-paystack-signature'];
        await handlePaystackWebhook(deps, {
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          signature: Array.isArray(signature) ? signature[0] : signature,
        });
        return { received: true as const };
      },
    );
  });

  if (deps.config.DEV_TOOLS) await app.register(sandboxRoutes);
};
