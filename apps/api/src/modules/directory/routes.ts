import { TOP_STATES } from '@app/shared/constants';
import { PublicProviderSchema } from '@app/shared/schemas/bookings';
import { IdParamsSchema } from '@app/shared/schemas/common';
import {
  DirectorySearchPageSchema,
  DirectorySearchQuerySchema,
  HomeCountsQuerySchema,
  HomeCountsSchema,
  RecommendedAnswerSchema,
  RecommendedQuerySchema,
} from '@app/shared/schemas/directory';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../platform/auth-guard.ts';
import { requestCountryCode } from '../auth/timezones.ts';
import { countHomeLinks } from './home-counts.ts';
import { getPublicProvider } from './provider-page.ts';
import { recommendProviders } from './recommend.ts';
import { searchProviders } from './search.ts';

const tags = ['providers'];

/** The public provider directory (search, one provider's page) and a client's recommendations. */
export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const visitorCountry = (request: Parameters<typeof requestCountryCode>[0]) =>
    requestCountryCode(request, deps.config.TRUSTED_COUNTRY_HEADER);

  app.get(
    '/providers',
    {
      schema: { tags, querystring: DirectorySearchQuerySchema, response: { 200: DirectorySearchPageSchema } },
    },
    (request) =>
      searchProviders(deps, {
        query: request.query,
        language: request.language,
        visitorCountryCode: visitorCountry(request),
      }),
  );

  app.get(
    '/providers/stats/home',
    { schema: { tags, querystring: HomeCountsQuerySchema, response: { 200: HomeCountsSchema } } },
    (request) =>
      countHomeLinks(deps, {
        countryCode: request.query.countryCode ?? null,
        language: request.language,
        topStates: TOP_STATES,
      }),
  );

  app.get(
    '/providers/:id',
    { schema: { tags, params: IdParamsSchema, response: { 200: PublicProviderSchema } } },
    (request) =>
      getPublicProvider(deps, {
        language: request.language,
        providerId: request.params.id,
        visitorCountryCode: visitorCountry(request),
      }),
  );

  app.get(
    '/recommended-provider',
    {
      onRequest: requireRole('client'),
      schema: {
        tags,
        security: [{ bearer: [] }],
        querystring: RecommendedQuerySchema,
        response: { 200: RecommendedAnswerSchema },
      },
    },
    (request) =>
      recommendProviders(deps, {
        actor: request.actor,
        language: request.language,
        limit: request.query.limit,
        visitorCountryCode: visitorCountry(request),
      }),
  );
};
