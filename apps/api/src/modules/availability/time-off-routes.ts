import { TimeOffInputSchema, TimeOffListSchema, TimeOffSchema } from '@app/shared/schemas/availability';
import { IdParamsSchema } from '@app/shared/schemas/common';
import { z } from '@app/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../platform/auth-guard.ts';
import { addTimeOff, deleteTimeOff, listTimeOff } from './time-off-service.ts';

const tags = ['availability'];
const security = [{ bearer: [] }];

/** A provider's time off: ranges in which no slot is offered (booking rules, the calendar's own resource). */
export const timeOffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const provider = requireRole('provider');

  app.get(
    '/provider-availability/time-off',
    { onRequest: provider, schema: { tags, security, response: { 200: TimeOffListSchema } } },
    (request) => listTimeOff(deps, { actor: request.actor }),
  );

  app.post(
    '/provider-availability/time-off',
    {
      onRequest: provider,
      schema: { tags, security, body: TimeOffInputSchema, response: { 201: TimeOffSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await addTimeOff(deps, { actor: request.actor, input: request.body })),
  );

  app.delete(
    '/provider-availability/time-off/:id',
    { onRequest: provider, schema: { tags, security, params: IdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteTimeOff(deps, { actor: request.actor, id: request.params.id });
      return reply.code(204).send(null);
    },
  );
};
