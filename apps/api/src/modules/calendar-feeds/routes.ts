import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { externalCalendarRoutes } from './routes/external-calendars.ts';
import { feedRoutes } from './routes/feed.ts';

/** Calendar feeds: a person's own subscription feed, and a provider's external busy calendars. */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(feedRoutes);
  await app.register(externalCalendarRoutes);
};
