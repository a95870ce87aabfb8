import {
  BookingSchema,
  RescheduleActionParamsSchema,
  ReschedulePermissionBodySchema,
  RescheduleUpdateBodySchema,
  ScheduleBookingBodySchema,
} from '@app/shared/schemas/bookings';
import { IdParamsSchema } from '@app/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerReschedule, rescheduleBooking } from '../reschedule-booking.ts';
import { setReschedulePermission } from '../reschedule-permission.ts';
import { appointmentTags, bookingsTags, client, mine, provider, security, sides } from './common.ts';

/** Reschedules: either side moves or asks to move; the other answers; the provider's permission. */
export const rescheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  for (const { party, prefix, onRequest, tags } of sides) {
    app.post(
      `${prefix}/:id/reschedule`,
      {
        onRequest,
        schema: {
          tags,
          security,
          params: IdParamsSchema,
          body: ScheduleBookingBodySchema,
          response: { 200: BookingSchema },
        },
      },
      (request) => rescheduleBooking(deps, { ...mine(party, request), body: request.body }),
    );
  }

  app.post(
    '/booking/reschedule/:id/:action',
    {
      onRequest: client,
      schema: { tags: bookingsTags, security, params: RescheduleActionParamsSchema, response: { 200: BookingSchema } },
    },
    (request) =>
      answerReschedule(deps, {
        actor: request.actor,
        party: 'client',
        language: request.language,
        bookingId: request.params.id,
        accept: request.params.action === 'accept',
      }),
  );

  app.post(
    '/appointment/:id/reschedule-update',
    {
      onRequest: provider,
      schema: {
        tags: appointmentTags,
        security,
        params: IdParamsSchema,
        body: RescheduleUpdateBodySchema,
        response: { 200: BookingSchema },
      },
    },
    (request) =>
      answerReschedule(deps, {
        actor: request.actor,
        party: 'provider',
        language: request.language,
        bookingId: request.params.id,
        accept: request.body.status === 'accepted',
      }),
  );

  app.post(
    '/appointment/:id/reschedule-permission',
    {
      onRequest: provider,
      schema: {
        tags: appointmentTags,
        security,
        params: IdParamsSchema,
        body: ReschedulePermissionBodySchema,
        response: { 200: BookingSchema },
      },
    },
    (request) =>
      setReschedulePermission(deps, {
        actor: request.actor,
        language: request.language,
        bookingId: request.params.id,
        allow: request.body.allow,
      }),
  );
};
