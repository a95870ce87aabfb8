import { HealthSchema } from '@app/shared/schemas/health';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;

  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: HealthSchema, 503: HealthSchema } } },
    async (_request, reply) => {
      const started = performance.now();
      let reachable = true;
      try {
        await database.db.execute(sql`select 1`);
      } catch {
        reachable = false;
      }
      const body = {
        status: reachable ? ('ok' as const) : ('degraded' as const),
        database: {
          reachable,
          driver: database.driver,
          latencyMs: Math.round((performance.now() - started) * 100) / 100,
        },
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.status(reachable ? 200 : 503).send(body);
    },
  );
};
