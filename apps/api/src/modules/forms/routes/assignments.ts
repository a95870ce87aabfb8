import { IdParamsSchema } from '@app/shared/schemas/common';
import { AssignmentListSchema, AssignmentSchema, CreateAssignmentBodySchema } from '@app/shared/schemas/forms';
import { z } from '@app/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { byUser, rateLimit } from '../../../platform/rate-limits.ts';
import { createAssignment, listAssignments, removeAssignment } from '../assignments.ts';
import { provider, security, tags } from './common.ts';

/** What a provider sends to whom, and how often. */
export const formAssignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const writeLimit = rateLimit(app, [{ name: 'formWrites', keyOf: byUser }]);

  app.get(
    '/forms/assignments',
    { ...provider, schema: { tags, security, response: { 200: AssignmentListSchema } } },
    (request) => listAssignments(deps, { actor: request.actor, language: request.language }),
  );
  app.post(
    '/forms/assignments',
    {
      ...provider,
      preHandler: writeLimit,
      schema: { tags, security, body: CreateAssignmentBodySchema, response: { 201: AssignmentSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createAssignment(deps, { actor: request.actor, language: request.language, body: request.body })),
  );
  app.delete(
    '/forms/assignments/:id',
    { ...provider, schema: { tags, security, params: IdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeAssignment(deps, { actor: request.actor, assignmentId: request.params.id });
      return reply.status(204).send(null);
    },
  );
};
