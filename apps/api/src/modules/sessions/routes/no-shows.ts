import { IdParamsSchema } from '@app/shared/schemas/common';
import { NoShowCountPageSchema, NoShowCountsQuerySchema, SessionOutcomeSchema } from '@app/shared/schemas/session-room';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { markClientNoShow } from '../mark-no-show.ts';
import { listNoShowCounts } from '../no-show-counts.ts';
import { admin, appointmentTags, provider, security } from './common.ts';

/** The provider's record that the client did not come, and the back office's no-show counts. */
export const noShowRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/appointment/:id/client-no-show',
    {
      onRequest: provider,
      schema: { tags: appointmentTags, security, params: IdParamsSchema, response: { 200: SessionOutcomeSchema } },
    },
    (request) => markClientNoShow(deps, { actor: request.actor, bookingId: request.params.id }),
  );

  app.get(
    '/admin/no-shows',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        security,
        querystring: NoShowCountsQuerySchema,
        response: { 200: NoShowCountPageSchema },
      },
    },
    (request) => listNoShowCounts(deps.db, request.query),
  );
};
