import { HealthSchema, LivenessSchema } from '@app/shared/schemas/health';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { livenessAnswer } from './liveness.ts';

/** How long readiness waits for the database before calling it unreachable. */
export const READINESS_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;

  // Probes come every few seconds from load balancers and orchestrators: their answers are not
  // logged at info (failures still are, at warn and above). A plain GET of the liveness probe is
  // answered by the HTTP server before it reaches this route (liveness.ts); the route answers the
  // rest (HEAD, a query string, a request with headers the framework checks) and `app.inject`.
  // Its answer is written with JSON.stringify instead of checked against its schema on every probe
  // (the schema stays for the API's documentation).
  app.get(
    '/health',
    {
      logLevel: 'warn',
      schema: { tags: ['health'], response: { 200: LivenessSchema } },
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async () => livenessAnswer(),
  );

  app.get(
    '/health/ready',
    { logLevel: 'warn', schema: { tags: ['health'], response: { 200: HealthSchema, 503: HealthSchema } } },
    async (request, reply) => {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const reachable = await Promise.race([
        database.db.execute(sql`select 1`).then(
          () => true,
          (error: unknown) => {
            request.log.warn({ err: error }, 'readiness: the database did not answer');
            return false;
          },
        ),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), READINESS_TIMEOUT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
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
