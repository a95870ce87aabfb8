import { z } from '@app/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../../platform/auth-guard.ts';
import { bookingsTags, security } from '../../bookings/routes/common.ts';
import { bookingCalendarFile } from '../booking-calendar.ts';

/** "Add to calendar": either participant downloads the session as an .ics file. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/booking/:id/calendar.ics',
    {
      onRequest: requireRole('client', 'provider'),
      schema: {
        tags: bookingsTags,
        security,
        params: z.object({ id: z.uuid() }),
        response: { 200: z.string().describe('text/calendar') },
      },
    },
    async (request, reply) => {
      const ics = await bookingCalendarFile(deps, {
        actor: request.actor,
        language: request.language,
        bookingId: request.params.id,
      });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="session.ics"')
        .send(ics);
    },
  );
};
