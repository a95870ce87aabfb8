import {
  ConcernSchema,
  PREFERENCE_LIST_NAMES,
  type PreferenceListName,
  PreferenceListParamsSchema,
  PreferenceListSchema,
  PreferenceListsSchema,
  TherapyCategorySchema,
  TopConcernsQuerySchema,
} from '@app/shared/schemas/catalog';
import type { NamedItem } from '@app/shared/schemas/common';
import { z } from '@app/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPreferenceOptions, listTherapyCategories, listTopConcerns } from './service.ts';

const tags = ['catalog'];

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get('/categories/therapy', { schema: { tags, response: { 200: z.array(TherapyCategorySchema) } } }, (request) =>
    listTherapyCategories(db, { language: request.language }),
  );

  app.get(
    '/categories/concerns/top',
    { schema: { tags, querystring: TopConcernsQuerySchema, response: { 200: z.array(ConcernSchema) } } },
    (request) =>
      listTopConcerns(db, {
        language: request.language,
        limit: request.query.limit,
        withTherapists: request.query.withTherapists,
        now: app.deps.clock.now(),
      }),
  );

  app.get('/preferences', { schema: { tags, response: { 200: PreferenceListsSchema } } }, async (request) => {
    const lists = await listPreferenceOptions(db, { language: request.language });
    return Object.fromEntries(PREFERENCE_LIST_NAMES.map((name) => [name, lists[name] ?? []])) as Record<
      PreferenceListName,
      NamedItem[]
    >;
  });

  app.get(
    '/preferences/:name',
    { schema: { tags, params: PreferenceListParamsSchema, response: { 200: PreferenceListSchema } } },
    async (request) => {
      const lists = await listPreferenceOptions(db, { language: request.language, list: request.params.name });
      return lists[request.params.name] ?? [];
    },
  );
};
