import { DirectoryPageSchema, DirectoryQuerySchema, PublicProviderSchema } from '@app/shared/schemas/bookings';
import { IdParamsSchema } from '@app/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestCountryCode } from '../auth/timezones.ts';
import { getPublicProvider, listProviders } from './service.ts';

/** The public provider directory: bookable providers, a page at a time, and one provider's card. */
export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/providers',
    { schema: { tags: ['providers'], querystring: DirectoryQuerySchema, response: { 200: DirectoryPageSchema } } },
    (request) =>
      listProviders(deps, {
        language: request.language,
        countryCode: request.query.countryCode,
        visitorCountryCode: requestCountryCode(request, deps.config.TRUSTED_COUNTRY_HEADER),
        page: request.query.page,
        perPage: request.query.perPage,
      }),
  );

  app.get(
    '/providers/:id',
    { schema: { tags: ['providers'], params: IdParamsSchema, response: { 200: PublicProviderSchema } } },
    (request) =>
      getPublicProvider(deps, {
        language: request.language,
        providerId: request.params.id,
        visitorCountryCode: requestCountryCode(request, deps.config.TRUSTED_COUNTRY_HEADER),
      }),
  );
};
