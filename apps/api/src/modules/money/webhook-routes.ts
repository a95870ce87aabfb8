import { z } from '@app/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/app-error.ts';
import { findGateway } from '../../platform/payments/gateway.ts';
import { handleGatewayWebhook } from './webhooks.ts';

const WebhookParamsSchema = z.object({ gateway: z.string().max(40) });

/**
 * One webhook route for every gateway: POST /payment/webhook/{gateway} (so
 * /payment/webhook/paystack is simply this route). The gateway adapter checks the signature;
 * a name we have no gateway for answers 404 like any unknown route. Webhooks need the raw bytes
 * for the signature: their own body parser, in their own plugin context.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    '/payment/webhook/:gateway',
    {
      schema: {
        tags: ['payments'],
        description:
          'Gateway events (paystack: x-paystack-signature is HMAC SHA-512 of the raw body). Unknown gateway: 404.',
        params: WebhookParamsSchema,
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      const gateway = findGateway(deps, request.params.gateway);
      if (!gateway) {
        throw new AppError('ROUTE_NOT_FOUND', { method: request.method, path: request.url.split('?')[0] });
      }
      await handleGatewayWebhook(deps, {
        gateway,
        delivery: {
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          headers: request.headers,
        },
      });
      return { received: true as const };
    },
  );
};
