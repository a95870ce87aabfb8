import { BookingLinePageSchema, BookingListQuerySchema } from '@app/shared/schemas/booking-lists';
import { BookingSchema, CreateAppointmentBodySchema } from '@app/shared/schemas/bookings';
import { IdParamsSchema } from '@app/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAppointment } from '../create-booking.ts';
import { listClientAppointments } from '../list-bookings.ts';
import { appointmentTags, provider, security } from './common.ts';

/** A provider's appointments: book one for a client, list one client's (all of them: routes/bookings.ts). */
export const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/appointment',
    {
      onRequest: provider,
      schema: { tags: appointmentTags, security, body: CreateAppointmentBodySchema, response: { 200: BookingSchema } },
    },
    (request) => createAppointment(deps, { actor: request.actor, language: request.language, body: request.body }),
  );

  app.get(
    '/appointment/client/:id',
    {
      onRequest: provider,
      schema: {
        tags: appointmentTags,
        security,
        params: IdParamsSchema,
        querystring: BookingListQuerySchema,
        response: { 200: BookingLinePageSchema },
      },
    },
    (request) =>
      listClientAppointments(deps, {
        actor: request.actor,
        language: request.language,
        clientId: request.params.id,
        query: request.query,
      }),
  );
};
