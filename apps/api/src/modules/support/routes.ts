import {
  SendSupportMessageBodySchema,
  SupportMessageSchema,
  SupportThreadQuerySchema,
  SupportThreadSchema,
} from '@app/shared/schemas/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalSignIn, readOwner, writeOwner } from './owner.ts';
import { getSupportThread, sendVisitorMessage } from './service.ts';

const tags = ['support'];

/**
 * The visitor's side of the support chat (public: signed in or not). A signed-in visitor also
 * gets answers live on the socket; anyone else asks GET /support/thread?after= while the chat is open.
 */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/support/thread',
    {
      onRequest: optionalSignIn,
      schema: { tags, querystring: SupportThreadQuerySchema, response: { 200: SupportThreadSchema } },
    },
    (request) => getSupportThread(deps, { owner: readOwner(request), after: request.query.after }),
  );

  app.post(
    '/support/messages',
    {
      onRequest: optionalSignIn,
      schema: { tags, body: SendSupportMessageBodySchema, response: { 201: SupportMessageSchema } },
    },
    async (request, reply) => {
      const message = await sendVisitorMessage(deps, {
        owner: writeOwner(request, reply),
        text: request.body.text,
        page: request.body.page,
      });
      return reply.status(201).send(message);
    },
  );
};
