import { IdParamsSchema } from '@app/shared/schemas/common';
import {
  CountriesQuerySchema,
  CountryCodeParamsSchema,
  CountrySchema,
  LanguageSchema,
  LanguagesQuerySchema,
  StateSchema,
  StateStatSchema,
  StateStatsQuerySchema,
} from '@app/shared/schemas/region';
import { z } from '@app/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listCountries,
  listLanguages,
  listStatesByCountryCode,
  listStatesByCountryId,
  topProviderStates,
} from './service.ts';

const tags = ['region'];

export const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/region/languages',
    { schema: { tags, querystring: LanguagesQuerySchema, response: { 200: z.array(LanguageSchema) } } },
    (request) => listLanguages(db, { language: request.language, primary: request.query.primary }),
  );

  app.get(
    '/region/country',
    { schema: { tags, querystring: CountriesQuerySchema, response: { 200: z.array(CountrySchema) } } },
    (request) => listCountries(db, { language: request.language, all: request.query.all }),
  );

  app.get(
    '/region/country/:id/states',
    { schema: { tags, params: IdParamsSchema, response: { 200: z.array(StateSchema) } } },
    (request) => listStatesByCountryId(db, { language: request.language, countryId: request.params.id }),
  );

  app.get(
    '/region/country/code/:code/states',
    { schema: { tags, params: CountryCodeParamsSchema, response: { 200: z.array(StateSchema) } } },
    (request) => listStatesByCountryCode(db, { language: request.language, code: request.params.code }),
  );

  app.get(
    '/providers/stats/states',
    { schema: { tags, querystring: StateStatsQuerySchema, response: { 200: z.array(StateStatSchema) } } },
    (request) =>
      topProviderStates(db, {
        language: request.language,
        countryCode: request.query.countryCode,
        top: request.query.top,
        now: app.deps.clock.now(),
      }),
  );
};
