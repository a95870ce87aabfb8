import { BookingLinePageSchema, BookingListQuerySchema } from '@app/shared/schemas/booking-lists';
import {
  BookingDetailsSchema,
  BookingSchema,
  CancelBookingBodySchema,
  CreateBookingBodySchema,
  ScheduleBookingBodySchema,
} from '@app/shared/schemas/bookings';
import { IdParamsSchema } from '@app/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelBooking } from '../cancel-booking.ts';
import { createBooking } from '../create-booking.ts';
import { getBooking, getBookingDetails, listBookings } from '../list-bookings.ts';
import { scheduleBooking } from '../schedule-booking.ts';
import { bookingsTags, client, holdCreationLimit, mine, security, sides } from './common.ts';

/** The booking itself: a client starts, lists and schedules; either side reads and cancels. */
export const bookingResourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const holdLimit = holdCreationLimit(app);

  app.post(
    '/booking',
    {
      onRequest: client,
      preHandler: holdLimit,
      schema: { tags: bookingsTags, security, body: CreateBookingBodySchema, response: { 200: BookingSchema } },
    },
    (request) => createBooking(deps, { actor: request.actor, language: request.language, body: request.body }),
  );

  app.get(
    '/booking',
    {
      onRequest: client,
      schema: {
        tags: bookingsTags,
        security,
        querystring: BookingListQuerySchema,
        response: { 200: BookingLinePageSchema },
      },
    },
    (request) => listBookings(deps, { actor: request.actor, language: request.language, query: request.query }),
  );

  app.post(
    '/booking/:id/schedule',
    {
      onRequest: client,
      preHandler: holdLimit,
      schema: {
        tags: bookingsTags,
        security,
        params: IdParamsSchema,
        body: ScheduleBookingBodySchema,
        response: { 200: BookingSchema },
      },
    },
    (request) =>
      scheduleBooking(deps, {
        actor: request.actor,
        language: request.language,
        bookingId: request.params.id,
        body: request.body,
      }),
  );

  for (const { party, prefix, onRequest, tags } of sides) {
    app.get(
      `${prefix}/:id`,
      { onRequest, schema: { tags, security, params: IdParamsSchema, response: { 200: BookingSchema } } },
      (request) => getBooking(deps, mine(party, request)),
    );

    app.get(
      `${prefix}/:id/details`,
      { onRequest, schema: { tags, security, params: IdParamsSchema, response: { 200: BookingDetailsSchema } } },
      (request) => getBookingDetails(deps, mine(party, request)),
    );

    app.post(
      `${prefix}/:id/cancel`,
      {
        onRequest,
        schema: {
          tags,
          security,
          params: IdParamsSchema,
          body: CancelBookingBodySchema,
          response: { 200: BookingSchema },
        },
      },
      (request) => cancelBooking(deps, { ...mine(party, request), reason: request.body.note }),
    );
  }
};
