import {
  ContactAnswerSchema,
  ContactBodySchema,
  ContactMessagePageSchema,
  ContactMessagesQuerySchema,
} from '@app/shared/schemas/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken, requireRole } from '../../platform/auth-guard.ts';
import { bodyEmail, rateLimit } from '../../platform/rate-limits.ts';
import { verifyAccessToken } from '../../platform/tokens.ts';
import { listContactMessages, sendContactMessage } from './service.ts';

/** The contact form (SPEC.md §5) and its list in the back office. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const limit = rateLimit(app, [{ name: 'contactPerIp' }, { name: 'contactPerEmail', keyOf: bodyEmail }]);

  app.post(
    '/contact',
    {
      preHandler: limit,
      schema: { tags: ['contact'], body: ContactBodySchema, response: { 201: ContactAnswerSchema } },
    },
    async (request, reply) => {
      // A signed-in sender's account is linked for the back office; a bad token is simply ignored.
      const token = bearerToken(request);
      const userId = token
        ? await verifyAccessToken({ secret: deps.config.APP_SECRET, now: deps.clock.now() }, token).then(
            (claims) => claims.userId,
            () => null,
          )
        : null;
      const answer = await sendContactMessage(deps, { ...request.body, language: request.language, userId });
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/admin/contact-messages',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        querystring: ContactMessagesQuerySchema,
        response: { 200: ContactMessagePageSchema },
      },
    },
    (request) => listContactMessages(deps, request.query),
  );
};
