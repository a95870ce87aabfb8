import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuditRoutes } from './routes/audit.ts';
import { adminChartRoutes } from './routes/charts.ts';
import { adminFlagRoutes } from './routes/flags.ts';
import { adminOperationsRoutes } from './routes/operations.ts';
import { adminProviderRoutes } from './routes/providers.ts';
import { adminSupportRoutes } from './routes/support.ts';
import { adminUserRoutes } from './routes/users.ts';
import { adminViewModeRoutes } from './routes/view-mode.ts';

/**
 * The back office (/api/admin/…), one file per resource under routes/: the provider review
 * queue and decisions, users (search, suspend, reactivate), view mode, the audit trail and the
 * operations views. Every route is requireRole('admin') in onRequest; every service checks the
 * admin again and records its decisions in the audit trail inside its transaction.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminProviderRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminViewModeRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminOperationsRoutes);
  await app.register(adminChartRoutes);
  await app.register(adminFlagRoutes);
  await app.register(adminSupportRoutes);
};
