import {
  BookingSchema,
  RescheduleActionParamsSchema,
  ReschedulePermissionBodySchema,
  RescheduleUpdateBodySchema,
  ScheduleBookingBodySchema,
} from '@app/shared/schemas/bookings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerReschedule, rescheduleBooking } from '../reschedule-booking.ts';
import { setReschedulePermission } from '../reschedule-permission.ts';
import { appointmentTags, bookingsTags, client, mine, onBooking, provider, security, sides } from './common.ts';

/** Reschedules: either side moves or asks to move; the other answers; the provider's permission. */
export const rescheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  for (const { party, prefix, onRequest, tags } of sides) {
    app.post(
      `${prefix}/:id/reschedule`,
      { onRequest, schema: onBooking(tags, BookingSchema, ScheduleBookingBodySchema) },
      (request) => rescheduleBooking(deps, { ...mine(party, request), body: request.body }),
    );
  }

  app.post(
    '/booking/reschedule/:id/:action',
    {
      onRequest: client,
      schema: { tags: bookingsTags, security, params: RescheduleActionParamsSchema, response: { 200: BookingSchema } },
    },
    (request) => answerReschedule(deps, { ...mine('client', request), accept: request.params.action === 'accept' }),
  );

  app.post(
    '/appointment/:id/reschedule-update',
    { onRequest: provider, schema: onBooking(appointmentTags, BookingSchema, RescheduleUpdateBodySchema) },
    (request) => answerReschedule(deps, { ...mine('provider', request), accept: request.body.status === 'accepted' }),
  );

  app.post(
    '/appointment/:id/reschedule-permission',
    { onRequest: provider, schema: onBooking(appointmentTags, BookingSchema, ReschedulePermissionBodySchema) },
    (request) => setReschedulePermission(deps, { ...mine('provider', request), allow: request.body.allow }),
  );
};
