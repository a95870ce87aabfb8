import { BookingSchema, ParticipantStatusBodySchema, RejectBookingBodySchema } from '@app/shared/schemas/bookings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getBooking } from '../list-bookings.ts';
import { acknowledgeAsProvider, answerAsClient, rejectAsProvider } from '../participant.ts';
import { appointmentTags, bookingsTags, client, mine, onBooking, provider } from './common.ts';

/** A session a provider booked for a client: the client answers it, the provider acknowledges or rejects. */
export const participantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/booking/participant/:id',
    { onRequest: client, schema: onBooking(bookingsTags, BookingSchema) },
    // The client's view of a session (typically one the provider booked): their booking like any other.
    (request) => getBooking(deps, mine('client', request)),
  );

  app.post(
    '/booking/participant/:id/status',
    { onRequest: client, schema: onBooking(bookingsTags, BookingSchema, ParticipantStatusBodySchema) },
    (request) => answerAsClient(deps, { ...mine('client', request), ...request.body }),
  );

  app.post(
    '/appointment/participant/:id/acknowledge',
    { onRequest: provider, schema: onBooking(appointmentTags, BookingSchema) },
    (request) => acknowledgeAsProvider(deps, mine('provider', request)),
  );

  app.post(
    '/appointment/participant/:id/reject-booking',
    { onRequest: provider, schema: onBooking(appointmentTags, BookingSchema, RejectBookingBodySchema) },
    (request) => rejectAsProvider(deps, { ...mine('provider', request), note: request.body.note }),
  );
};
