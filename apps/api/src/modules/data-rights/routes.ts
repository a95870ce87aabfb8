import { DataExportStateSchema } from '@app/shared/schemas/data-rights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, ownerOnlyNotInViewMode } from '../../platform/auth-guard.ts';
import { byUser, rateLimit } from '../../platform/rate-limits.ts';
import { getDataExport, requestDataExport, settleStartedExports } from './exports.ts';

const tags = ['data-rights'];
const security = [{ bearer: [] }];

/** A person's copy of their data (GDPR Art. 15/20): start it, then see it and download it. */
export const dataRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onClose', settleStartedExports); // a run started by a request finishes before the app closes
  const exportLimit = rateLimit(app, [{ name: 'dataExportPerUser', keyOf: byUser }]);

  app.post(
    '/user/data-export',
    {
      onRequest: authenticate,
      preHandler: exportLimit,
      schema: { tags, security, response: { 202: DataExportStateSchema } },
    },
    async (request, reply) => reply.code(202).send(await requestDataExport(deps, { actor: request.actor })),
  );

  app.get(
    '/user/data-export',
    // The archive holds decrypted notes and every message: never handed to an operator in view mode.
    {
      onRequest: [authenticate, ownerOnlyNotInViewMode],
      schema: { tags, security, response: { 200: DataExportStateSchema } },
    },
    (request) => getDataExport(deps, { actor: request.actor }),
  );
};
