import { MessageAnswerSchema, ShareBookingBodySchema } from '@app/shared/schemas/bookings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../../platform/auth-guard.ts';
import { byUser, rateLimit } from '../../../platform/rate-limits.ts';
import { bookingsTags, security } from '../../bookings/routes/common.ts';
import { shareBooking } from '../share-booking.ts';

/** Either party emails the details of one of its bookings to an address. */
export const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const shareLimit = rateLimit(app, [{ name: 'shareBooking', keyOf: byUser }]);

  app.post(
    '/share-booking',
    {
      onRequest: requireRole('client', 'provider'),
      preHandler: shareLimit,
      schema: { tags: bookingsTags, security, body: ShareBookingBodySchema, response: { 200: MessageAnswerSchema } },
    },
    (request) =>
      shareBooking(deps, {
        actor: request.actor,
        language: request.language,
        bookingId: request.body.bookingIdentifier,
        email: request.body.email,
      }),
  );
};
