import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarRoutes } from './routes/calendar.ts';
import { inboxRoutes } from './routes/inbox.ts';
import { shareRoutes } from './routes/share.ts';

/**
 * Telling people: their in-app notifications and switches (routes/inbox.ts), a booking's session
 * as a calendar file, the same entry the booking emails attach (routes/calendar.ts), and a
 * booking's summary emailed to an address its party names, in the booking emails' words
 * (routes/share.ts).
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(inboxRoutes);
  await app.register(calendarRoutes);
  await app.register(shareRoutes);
};
