import {
  AddExternalCalendarBodySchema,
  ExternalCalendarListSchema,
  ExternalCalendarParamsSchema,
} from '@app/shared/schemas/calendar-feeds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../../platform/auth-guard.ts';
import { byUser, rateLimit } from '../../../platform/rate-limits.ts';
import { addExternalCalendar, listExternalCalendars, removeExternalCalendar } from '../external-calendars.ts';

const tags = ['availability'];
const security = [{ bearer: [] }];

/** A provider's external calendars, whose busy times block their slots. */
export const externalCalendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const addLimit = rateLimit(app, [{ name: 'externalCalendarAdds', keyOf: byUser }]);

  app.get(
    '/provider-availability/external-calendars',
    {
      onRequest: requireRole('provider'),
      schema: { tags, security, response: { 200: ExternalCalendarListSchema } },
    },
    (request) => listExternalCalendars(deps, { actor: request.actor }),
  );

  app.post(
    '/provider-availability/external-calendars',
    {
      onRequest: requireRole('provider'),
      preHandler: addLimit,
      schema: { tags, security, body: AddExternalCalendarBodySchema, response: { 200: ExternalCalendarListSchema } },
    },
    (request) => addExternalCalendar(deps, { actor: request.actor, ...request.body }),
  );

  app.delete(
    '/provider-availability/external-calendars/:calendarId',
    {
      onRequest: requireRole('provider'),
      schema: { tags, security, params: ExternalCalendarParamsSchema, response: { 200: ExternalCalendarListSchema } },
    },
    (request) => removeExternalCalendar(deps, { actor: request.actor, calendarId: request.params.calendarId }),
  );
};
