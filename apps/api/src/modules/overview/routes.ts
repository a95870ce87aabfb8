import { OverviewSchema } from '@app/shared/schemas/overview';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../platform/auth-guard.ts';
import { requestCountryCode } from '../auth/timezones.ts';
import { getOverview } from './service.ts';

/** GET /overview: the signed-in person's first screen, one answer shaped by role. */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/overview',
    {
      onRequest: authenticate,
      schema: { tags: ['overview'], security: [{ bearer: [] }], response: { 200: OverviewSchema } },
    },
    (request) =>
      getOverview(deps, {
        actor: request.actor,
        language: request.language,
        visitorCountryCode: requestCountryCode(request, deps.config.TRUSTED_COUNTRY_HEADER),
      }),
  );
};
