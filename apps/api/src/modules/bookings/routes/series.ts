import { BookingSeriesSchema, CancelBookingBodySchema, CreateSeriesBodySchema } from '@app/shared/schemas/bookings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelRestOfSeries } from '../cancel-series.ts';
import { getBookingSeries } from '../list-bookings.ts';
import { createSeries } from '../series.ts';
import { bookingsTags, mine, onBooking, security, sides, startsHolds } from './common.ts';

/**
 * Series: a client books one; either side reads the series of one of its bookings, or cancels a
 * session and every later one (paying for a series is checkout's).
 */
export const seriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const holds = startsHolds(app);

  app.post(
    '/booking/series',
    {
      ...holds,
      schema: { tags: bookingsTags, security, body: CreateSeriesBodySchema, response: { 200: BookingSeriesSchema } },
    },
    (request) => createSeries(deps, { actor: request.actor, language: request.language, body: request.body }),
  );

  for (const { party, prefix, onRequest, tags } of sides) {
    app.get(`${prefix}/:id/series`, { onRequest, schema: onBooking(tags, BookingSeriesSchema) }, (request) =>
      getBookingSeries(deps, mine(party, request)),
    );
    app.post(
      `${prefix}/:id/cancel-series`,
      { onRequest, schema: onBooking(tags, BookingSeriesSchema, CancelBookingBodySchema) },
      (request) => cancelRestOfSeries(deps, { ...mine(party, request), reason: request.body.note }),
    );
  }
};
