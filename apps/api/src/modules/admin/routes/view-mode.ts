import { StartViewModeBodySchema, ViewModeAnswerSchema } from '@app/shared/schemas/admin';
import { z } from '@app/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endViewMode, startViewMode } from '../view-mode.ts';
import { admin, IdParams, security, tags } from './common.ts';

/**
 * View mode: an admin sees the app as one user through a short-lived read-only token (every
 * request made with it must carry X-View-Mode; every write is refused app-wide, auth-guard.ts).
 */
export const adminViewModeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    '/admin/view-mode',
    { ...admin, schema: { tags, security, body: StartViewModeBodySchema, response: { 201: ViewModeAnswerSchema } } },
    async (request, reply) => {
      const answer = await startViewMode(deps, {
        actor: request.actor,
        userId: request.body.userIdentifier,
      });
      return reply.status(201).send(answer);
    },
  );

  app.delete(
    '/admin/view-mode/:id',
    { ...admin, schema: { tags, security, params: IdParams, response: { 200: z.object({ ended: z.boolean() }) } } },
    async (request) => {
      const result = await endViewMode(deps, { actor: request.actor, viewSessionId: request.params.id });
      app.realtime.closeSessions([request.params.id]);
      return result;
    },
  );
};
