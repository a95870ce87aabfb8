import { BookingSeriesSchema, CancelBookingBodySchema, CreateSeriesBodySchema } from '@app/shared/schemas/bookings';
import { IdParamsSchema } from '@app/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelRestOfSeries } from '../cancel-series.ts';
import { getBookingSeries } from '../list-bookings.ts';
import { createSeries } from '../series.ts';
import { bookingsTags, client, holdCreationLimit, mine, security, sides } from './common.ts';

/**
 * Series: a client books one; either side reads the series of one of its bookings, or cancels a
 * session and every later one (paying for a series is checkout's).
 */
export const seriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const holdLimit = holdCreationLimit(app);

  app.post(
    '/booking/series',
    {
      onRequest: client,
      preHandler: holdLimit,
      schema: { tags: bookingsTags, security, body: CreateSeriesBodySchema, response: { 200: BookingSeriesSchema } },
    },
    (request) => createSeries(deps, { actor: request.actor, language: request.language, body: request.body }),
  );

  for (const { party, prefix, onRequest, tags } of sides) {
    app.get(
      `${prefix}/:id/series`,
      { onRequest, schema: { tags, security, params: IdParamsSchema, response: { 200: BookingSeriesSchema } } },
      (request) => getBookingSeries(deps, mine(party, request)),
    );
    app.post(
      `${prefix}/:id/cancel-series`,
      {
        onRequest,
        schema: {
          tags,
          security,
          params: IdParamsSchema,
          body: CancelBookingBodySchema,
          response: { 200: BookingSeriesSchema },
        },
      },
      (request) => cancelRestOfSeries(deps, { ...mine(party, request), reason: request.body.note }),
    );
  }
};
