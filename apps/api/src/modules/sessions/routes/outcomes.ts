import { IdParamsSchema } from '@app/shared/schemas/common';
import { SessionOutcomeSchema } from '@app/shared/schemas/session-room';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../../platform/auth-guard.ts';
import { getSessionOutcome } from '../session-outcome.ts';
import { roomTags, security } from './common.ts';

/** What happened at a session, as the room recorded it (either participant). */
export const outcomeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/booking/:id/outcome',
    {
      onRequest: authenticate,
      schema: { tags: roomTags, security, params: IdParamsSchema, response: { 200: SessionOutcomeSchema } },
    },
    (request) => getSessionOutcome(deps, { actor: request.actor, bookingId: request.params.id }),
  );
};
