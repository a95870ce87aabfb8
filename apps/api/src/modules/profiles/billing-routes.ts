import { ProviderBillingDetailsSchema, ProviderBillingDetailsUpdateSchema } from '@app/shared/schemas/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../platform/auth-guard.ts';
import { getBillingDetails, saveBillingDetails } from './provider-billing.ts';

const security = [{ bearer: [] }];
const tags = ['provider'];

/** The provider's practice name, NPI and licence (printed on invoices and superbills). */
export const billingDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const provider = { onRequest: requireRole('provider') };

  app.get(
    '/provider/billing-details',
    { ...provider, schema: { tags, security, response: { 200: ProviderBillingDetailsSchema } } },
    (request) => getBillingDetails(deps, { actor: request.actor }),
  );

  app.put(
    '/provider/billing-details',
    {
      ...provider,
      schema: {
        tags,
        security,
        body: ProviderBillingDetailsUpdateSchema,
        response: { 200: ProviderBillingDetailsSchema },
      },
    },
    (request) => saveBillingDetails(deps, { actor: request.actor, body: request.body }),
  );
};
