import { BookingLinePageSchema, BookingListQuerySchema } from '@app/shared/schemas/booking-lists';
import {
  BookingDetailsSchema,
  BookingSchema,
  CancelBookingBodySchema,
  CreateBookingBodySchema,
  ScheduleBookingBodySchema,
} from '@app/shared/schemas/bookings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelBooking } from '../cancel-booking.ts';
import { createBooking } from '../create-booking.ts';
import { getBooking, getBookingDetails, listOwnBookings } from '../list-bookings.ts';
import { scheduleBooking } from '../schedule-booking.ts';
import { bookingsTags, mine, onBooking, security, sides, startsHolds } from './common.ts';

/** The booking itself: a client starts and schedules; either side lists, reads and cancels. */
export const bookingResourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const holds = startsHolds(app);

  app.post(
    '/booking',
    {
      ...holds,
      schema: { tags: bookingsTags, security, body: CreateBookingBodySchema, response: { 200: BookingSchema } },
    },
    (request) => createBooking(deps, { actor: request.actor, language: request.language, body: request.body }),
  );

  app.post(
    '/booking/:id/schedule',
    { ...holds, schema: onBooking(bookingsTags, BookingSchema, ScheduleBookingBodySchema) },
    (request) => scheduleBooking(deps, { ...mine('client', request), body: request.body }),
  );

  for (const { party, prefix, onRequest, tags } of sides) {
    app.get(
      prefix,
      {
        onRequest,
        schema: { tags, security, querystring: BookingListQuerySchema, response: { 200: BookingLinePageSchema } },
      },
      (request) =>
        listOwnBookings(deps, { actor: request.actor, party, language: request.language, query: request.query }),
    );

    app.get(`${prefix}/:id`, { onRequest, schema: onBooking(tags, BookingSchema) }, (request) =>
      getBooking(deps, mine(party, request)),
    );

    app.get(`${prefix}/:id/details`, { onRequest, schema: onBooking(tags, BookingDetailsSchema) }, (request) =>
      getBookingDetails(deps, mine(party, request)),
    );

    app.post(
      `${prefix}/:id/cancel`,
      { onRequest, schema: onBooking(tags, BookingSchema, CancelBookingBodySchema) },
      (request) => cancelBooking(deps, { ...mine(party, request), reason: request.body.note }),
    );
  }
};
