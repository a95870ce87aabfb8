import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../platform/app-error.ts';
import { metricsTokenAccepted } from '../../platform/telemetry.ts';

/**
 * GET /api/metrics: the process's metrics in Prometheus' text format, for a scraper that names
 * METRICS_TOKEN (`Authorization: Bearer …`). Without the token configured the path does not exist
 * (404 like any unknown path): metrics tell the volume of bookings and payments, never public.
 * A scraper kept inside the network uses METRICS_PORT instead (platform/telemetry.ts).
 */
export const metricsRoute: FastifyPluginAsync = async (app) => {
  const { config, telemetry } = app.deps;
  const text = telemetry?.prometheusText;
  if (!config.METRICS_TOKEN || !text) return;
  app.get(
    '/metrics',
    {
      logLevel: 'warn',
      schema: { hide: true },
      onRequest: async (request) => {
        if (!metricsTokenAccepted(config.METRICS_TOKEN, request.headers.authorization)) {
          throw new AppError('UNAUTHENTICATED');
        }
      },
    },
    async (_request, reply) => {
      reply.header('content-type', 'text/plain; version=0.0.4; charset=utf-8');
      return text();
    },
  );
};
