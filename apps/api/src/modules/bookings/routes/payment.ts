// Moves to the money module at merge (POST /payment/booking/{id} lives with money); kept here
// unchanged meanwhile so bookings can be paid.
import { BookingIdParamsSchema, PayBookingAnswerSchema, PayBookingBodySchema } from '@app/shared/schemas/bookings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotencyKeyOf, withIdempotency } from '../../payments/idempotency.ts';
import { payBooking } from '../pay-booking.ts';
import { client, security } from './common.ts';

/** POST /payment/booking/{id}: the client pays a booking (wallet or card), idempotently. */
export const bookingPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/payment/booking/:bookingId',
    {
      preHandler: client,
      schema: {
        tags: ['payments'],
        security,
        params: BookingIdParamsSchema,
        body: PayBookingBodySchema,
        response: { 200: PayBookingAnswerSchema },
      },
    },
    (request) =>
      withIdempotency(
        deps,
        {
          userId: request.actor.userId,
          scope: `payment.booking:${request.params.bookingId}`,
          key: idempotencyKeyOf(request),
          payload: request.body,
        },
        () =>
          payBooking(deps, {
            actor: request.actor,
            language: request.language,
            bookingId: request.params.bookingId,
            body: request.body,
          }),
      ),
  );
};
