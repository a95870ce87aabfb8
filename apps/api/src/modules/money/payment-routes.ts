import {
  CardPaymentAnswerSchema,
  PaymentReferenceParamsSchema,
  PaymentStatusAnswerSchema,
  TopUpBodySchema,
  VirtualAccountSchema,
} from '@app/shared/schemas/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, requireRole } from '../../platform/auth-guard.ts';
import { byUser, rateLimit } from '../../platform/rate-limits.ts';
import { getPaymentStatus, startTopUp } from './card-payments.ts';
import { idempotencyKeyOf, withIdempotency } from './idempotency.ts';
import { generateVirtualAccount, getVirtualAccount } from './virtual-accounts.ts';

const tags = ['payments'];
const security = [{ bearer: [] }];

/** Card top-ups, payment status and virtual accounts (bank-transfer top-ups). */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  const topUpLimit = rateLimit(app, [{ name: 'topUpPerUser', keyOf: byUser }]);

  app.post(
    '/payment/wallet',
    {
      onRequest: requireRole('client'),
      preHandler: topUpLimit,
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
      onRequest: authenticate,
      schema: { tags, security, params: PaymentReferenceParamsSchema, response: { 200: PaymentStatusAnswerSchema } },
    },
    (request) => getPaymentStatus(deps, { userId: request.actor.userId, reference: request.params.reference }),
  );

  app.post(
    '/virtual-accounts/generate',
    { onRequest: requireRole('client'), schema: { tags, security, response: { 200: VirtualAccountSchema } } },
    (request) => generateVirtualAccount(deps, { userId: request.actor.userId }),
  );

  app.get(
    '/virtual-accounts/account',
    { onRequest: requireRole('client'), schema: { tags, security, response: { 200: VirtualAccountSchema } } },
    (request) => getVirtualAccount(deps.db, { userId: request.actor.userId }),
  );
};
