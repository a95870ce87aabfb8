import { BookingSchema, ParticipantStatusBodySchema, RejectBookingBodySchema } from '@app/shared/schemas/bookings';
import { IdParamsSchema } from '@app/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acknowledgeAsProvider, answerAsClient, getParticipantBooking, rejectAsProvider } from '../participant.ts';
import { appointmentTags, bookingsTags, client, provider, security } from './common.ts';

/** A session a provider booked for a client: the client answers it, the provider acknowledges or rejects. */
export const participantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/booking/participant/:id',
    {
      onRequest: client,
      schema: { tags: bookingsTags, security, params: IdParamsSchema, response: { 200: BookingSchema } },
    },
    (request) =>
      getParticipantBooking(deps, { actor: request.actor, language: request.language, bookingId: request.params.id }),
  );

  app.post(
    '/booking/participant/:id/status',
    {
      onRequest: client,
      schema: {
        tags: bookingsTags,
        security,
        params: IdParamsSchema,
        body: ParticipantStatusBodySchema,
        response: { 200: BookingSchema },
      },
    },
    (request) =>
      answerAsClient(deps, {
        actor: request.actor,
        language: request.language,
        bookingId: request.params.id,
        status: request.body.status,
        note: request.body.note,
      }),
  );

  app.post(
    '/appointment/participant/:id/acknowledge',
    {
      onRequest: provider,
      schema: { tags: appointmentTags, security, params: IdParamsSchema, response: { 200: BookingSchema } },
    },
    (request) =>
      acknowledgeAsProvider(deps, { actor: request.actor, language: request.language, bookingId: request.params.id }),
  );

  app.post(
    '/appointment/participant/:id/reject-booking',
    {
      onRequest: provider,
      schema: {
        tags: appointmentTags,
        security,
        params: IdParamsSchema,
        body: RejectBookingBodySchema,
        response: { 200: BookingSchema },
      },
    },
    (request) =>
      rejectAsProvider(deps, {
        actor: request.actor,
        language: request.language,
        bookingId: request.params.id,
        note: request.body.note,
      }),
  );
};
