import { BookingSchema } from '@app/shared/schemas/bookings';
import { IdParamsSchema } from '@app/shared/schemas/common';
import { RebookBodySchema } from '@app/shared/schemas/session-room';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rebookMissedSession } from '../rebook-missed.ts';
import { bookingsTags, client, security } from './common.ts';

/** The client's replacement booking for a session the provider missed. */
export const rebookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/booking/:id/rebook',
    {
      onRequest: client,
      schema: {
        tags: bookingsTags,
        security,
        params: IdParamsSchema,
        body: RebookBodySchema,
        response: { 200: BookingSchema },
      },
    },
    (request) =>
      rebookMissedSession(deps, {
        actor: request.actor,
        language: request.language,
        bookingId: request.params.id,
        body: request.body,
      }),
  );
};
