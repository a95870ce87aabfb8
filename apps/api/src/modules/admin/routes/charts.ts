import { AdminChartsQuerySchema, AdminChartsSchema } from '@app/shared/schemas/charts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAdminCharts } from '../charts.ts';
import { admin, security, tags } from './common.ts';

/** The back office's home charts: bookings, revenue, sign-ups, no-shows and failed top-ups. Read-only. */
export const adminChartRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    '/admin/charts',
    { ...admin, schema: { tags, security, querystring: AdminChartsQuerySchema, response: { 200: AdminChartsSchema } } },
    (request) => getAdminCharts(deps, { actor: request.actor, days: request.query.days }),
  );
};
