import {
  JoinWaitlistBodySchema,
  WaitlistEntryListSchema,
  WaitlistEntryParamsSchema,
  WaitlistEntrySchema,
} from '@app/shared/schemas/waitlist';
import { z } from '@app/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../platform/auth-guard.ts';
import { joinWaitlist, leaveWaitlist, listMyWaitlist } from './service.ts';

const tags = ['waitlist'];
const security = [{ bearer: [] }];

/** A client's waitlist entries: join, list, leave. */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/waitlist',
    { onRequest: requireRole('client'), schema: { tags, security, response: { 200: WaitlistEntryListSchema } } },
    (request) => listMyWaitlist(deps, { actor: request.actor }),
  );

  app.post(
    '/waitlist',
    {
      onRequest: requireRole('client'),
      schema: { tags, security, body: JoinWaitlistBodySchema, response: { 201: WaitlistEntrySchema } },
    },
    async (request, reply) => {
      const entry = await joinWaitlist(deps, { actor: request.actor, body: request.body });
      return reply.code(201).send(entry);
    },
  );

  app.delete(
    '/waitlist/:entryId',
    {
      onRequest: requireRole('client'),
      schema: { tags, security, params: WaitlistEntryParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await leaveWaitlist(deps, { actor: request.actor, entryId: request.params.entryId });
      return reply.code(204).send(null);
    },
  );
};
