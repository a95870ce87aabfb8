import {
  BookingIdParamsSchema,
  PayBookingAnswerSchema,
  PayBookingBodySchema,
  PaySeriesAnswerSchema,
  SeriesIdParamsSchema,
} from '@app/shared/schemas/bookings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../platform/auth-guard.ts';
import { idempotencyKeyOf, withIdempotency } from '../money/idempotency.ts';
import { payBooking } from './pay-booking.ts';
import { paySeries } from './pay-series.ts';

const security = [{ bearer: [] }];

/** Paying for a booking or a whole series: from the wallet, or by card through the gateway (escrow until the session). */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/payment/booking/:bookingId',
    {
      onRequest: requireRole('client'),
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

  app.post(
    '/payment/series/:seriesId',
    {
      onRequest: requireRole('client'),
      schema: {
        tags: ['payments'],
        security,
        params: SeriesIdParamsSchema,
        body: PayBookingBodySchema,
        response: { 200: PaySeriesAnswerSchema },
      },
    },
    (request) =>
      withIdempotency(
        deps,
        {
          userId: request.actor.userId,
          scope: `payment.series:${request.params.seriesId}`,
          key: idempotencyKeyOf(request),
          payload: request.body,
        },
        () =>
          paySeries(deps, {
            actor: request.actor,
            language: request.language,
            seriesId: request.params.seriesId,
            body: request.body,
          }),
      ),
  );
};
