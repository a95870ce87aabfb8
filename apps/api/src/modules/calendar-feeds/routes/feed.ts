import { CalendarFeedSchema, UpdateCalendarFeedBodySchema } from '@app/shared/schemas/calendar-feeds';
import { z } from '@app/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerOnlyNotInViewMode, requireRole } from '../../../platform/auth-guard.ts';
import { byUser, rateLimit } from '../../../platform/rate-limits.ts';
import { calendarFeedFile } from '../feed-file.ts';
import { getCalendarFeed, rotateCalendarFeed, updateCalendarFeed } from '../feed-settings.ts';

const tags = ['calendar feeds'];
const security = [{ bearer: [] }];

/** A person's own calendar feed: its addresses, the owner's choice of names, a new address. */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const feedLimit = rateLimit(app, [
    { name: 'calendarFeedPerIp' },
    { name: 'calendarFeedPerToken', keyOf: (request) => (request.query as { token?: string }).token },
  ]);
  const rotateLimit = rateLimit(app, [{ name: 'calendarFeedRotations', keyOf: byUser }]);

  // The address is a key to the person's sessions: not for an operator viewing their account.
  app.get(
    '/calendar-feed',
    {
      onRequest: [...requireRole('client', 'provider'), ownerOnlyNotInViewMode],
      schema: { tags, security, response: { 200: CalendarFeedSchema } },
    },
    (request) => getCalendarFeed(deps, { actor: request.actor }),
  );

  app.patch(
    '/calendar-feed',
    {
      onRequest: requireRole('client', 'provider'),
      schema: { tags, security, body: UpdateCalendarFeedBodySchema, response: { 200: CalendarFeedSchema } },
    },
    (request) => updateCalendarFeed(deps, { actor: request.actor, showNames: request.body.showNames }),
  );

  app.post(
    '/calendar-feed/token',
    {
      onRequest: requireRole('client', 'provider'),
      preHandler: rotateLimit,
      schema: { tags, security, response: { 200: CalendarFeedSchema } },
    },
    (request) => rotateCalendarFeed(deps, { actor: request.actor }),
  );

  // Calendar apps fetch this with no session: the token is the only key.
  app.get(
    '/calendar-feed/sessions.ics',
    {
      preHandler: feedLimit,
      schema: {
        tags,
        querystring: z.object({ token: z.string().max(100) }),
        response: { 200: z.string().describe('text/calendar') },
      },
    },
    async (request, reply) => {
      const ics = await calendarFeedFile(deps, { token: request.query.token });
      return (
        reply
          .type('text/calendar; charset=utf-8')
          .header('content-disposition', 'inline; filename="sessions.ics"')
          // Private to its owner: no shared cache keeps it; apps refetch within the hour anyway.
          .header('cache-control', 'private, max-age=300')
          .header('x-robots-tag', 'noindex')
          .header('referrer-policy', 'no-referrer')
          .send(ics)
      );
    },
  );
};
