import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roomDevRoutes } from './room-dev.ts';
import { noSessionReportRoutes } from './routes/no-session-reports.ts';
import { noShowRoutes } from './routes/no-shows.ts';
import { outcomeRoutes } from './routes/outcomes.ts';
import { rebookRoutes } from './routes/rebook.ts';
import { roomRoutes } from './routes/room.ts';

/**
 * The session and what follows it: the room and its signalling, the
 * outcome, the provider's client-no-show record, the client's replacement booking, the client's
 * report that the session did not take place, and the back office's no-show counts and report
 * decisions; one file per resource under routes/. The room's dev tools only with DEV_TOOLS.
 */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(roomRoutes);
  await app.register(outcomeRoutes);
  await app.register(noShowRoutes);
  await app.register(rebookRoutes);
  await app.register(noSessionReportRoutes);
  if (app.deps.config.DEV_TOOLS) await app.register(roomDevRoutes);
};
