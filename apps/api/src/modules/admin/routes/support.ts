import {
  SendSupportMessageBodySchema,
  SupportConversationListQuerySchema,
  SupportConversationListSchema,
  SupportConversationSchema,
  SupportMessageSchema,
} from '@app/shared/schemas/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  closeSupportConversation,
  getSupportConversation,
  listSupportConversations,
  replyAsOperator,
} from '../../support/service.ts';
import { admin, IdParams, security, tags } from './common.ts';

/** The support chat's operator side (modules/support): conversations, answers, closing. */
export const adminSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/admin/support/conversations',
    {
      ...admin,
      schema: {
        tags,
        security,
        querystring: SupportConversationListQuerySchema,
        response: { 200: SupportConversationListSchema },
      },
    },
    (request) => listSupportConversations(deps, { actor: request.actor, status: request.query.status }),
  );
  app.get(
    '/admin/support/conversations/:id',
    { ...admin, schema: { tags, security, params: IdParams, response: { 200: SupportConversationSchema } } },
    (request) => getSupportConversation(deps, { actor: request.actor, conversationId: request.params.id }),
  );
  app.post(
    '/admin/support/conversations/:id/messages',
    {
      ...admin,
      schema: {
        tags,
        security,
        params: IdParams,
        body: SendSupportMessageBodySchema.pick({ text: true }),
        response: { 201: SupportMessageSchema },
      },
    },
    async (request, reply) => {
      const message = await replyAsOperator(deps, {
        actor: request.actor,
        conversationId: request.params.id,
        text: request.body.text,
      });
      return reply.status(201).send(message);
    },
  );
  app.put(
    '/admin/support/conversations/:id/close',
    { ...admin, schema: { tags, security, params: IdParams, response: { 200: SupportConversationSchema } } },
    (request) => closeSupportConversation(deps, { actor: request.actor, conversationId: request.params.id }),
  );
};
