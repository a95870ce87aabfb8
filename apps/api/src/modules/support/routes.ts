import {
  SendSupportMessageBodySchema,
  SupportMessageSchema,
  SupportThreadQuerySchema,
  SupportThreadSchema,
} from '@app/shared/schemas/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/app-error.ts';
import { readVisitorId } from '../../platform/visitor.ts';
import { requestFlags } from '../flags/service.ts';
import { optionalSignIn, readOwner, writeOwner } from './owner.ts';
import { getSupportThread, sendVisitorMessage } from './service.ts';

const tags = ['support'];

/**
 * The visitor's side of the support chat (public: signed in or not). A signed-in visitor also
 * gets answers live on the socket; anyone else asks GET /support/thread?after= while the chat is open.
 * Writing needs the show_support_livechat flag on for the visitor (403 SUPPORT_UNAVAILABLE).
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
      const owner = writeOwner(request, reply);
      // A new message only while the chat is offered to this visitor (as GET /flags decided it for
      // this browser); the history stays readable.
      const visitorId = owner.visitorId ?? readVisitorId(request) ?? owner.userId;
      if (!(await requestFlags(app, request, reply, visitorId)).show_support_livechat) {
        throw new AppError('SUPPORT_UNAVAILABLE');
      }
      const message = await sendVisitorMessage(deps, {
        owner,
        text: request.body.text,
        page: request.body.page,
      });
      return reply.status(201).send(message);
    },
  );
};
