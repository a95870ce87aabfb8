import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createSandboxSession, decideSandboxSession, findSandboxSession, sessionObject } from './sandbox-stripe.ts';

function stripeError(reply: FastifyReply, status: number, type: string, message: string, code?: string) {
  return reply.status(status).send({ error: { type, message, ...(code ? { code } : {}) } });
}

/**
 * The sandbox playing Stripe (DEV_TOOLS only; sandbox-stripe.ts): the two Checkout Session
 * calls the Stripe adapter makes, in Stripe's wire format (form-encoded requests, JSON answers,
 * `Authorization: Bearer <STRIPE_SECRET_KEY>`), under /api/sandbox/stripe/v1/…, and the hosted
 * page's Pay / Cancel buttons. Hidden from the API document: these stand for Stripe, not for us.
 */
export const sandboxStripeRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const authorized = (request: FastifyRequest) => {
    const key = deps.config.STRIPE_SECRET_KEY;
    return Boolean(key) && request.headers.authorization === `Bearer ${key}`;
  };

  app.post('/sandbox/stripe/v1/checkout/sessions', { schema: { hide: true } }, async (request, reply) => {
    if (!authorized(request)) return stripeError(reply, 401, 'invalid_request_error', 'Invalid API Key provided');
    const form = (request.body ?? {}) as Record<string, string>;
    const charge = await createSandboxSession(deps, form);
    if (!charge) return stripeError(reply, 400, 'invalid_request_error', 'Missing required param', 'parameter_missing');
    return sessionObject(charge);
  });

  app.get<{ Params: { sessionId: string } }>(
    '/sandbox/stripe/v1/checkout/sessions/:sessionId',
    { schema: { hide: true } },
    async (request, reply) => {
      if (!authorized(request)) return stripeError(reply, 401, 'invalid_request_error', 'Invalid API Key provided');
      const charge = await findSandboxSession(deps, request.params.sessionId);
      if (!charge) {
        return stripeError(reply, 404, 'invalid_request_error', 'No such checkout.session', 'resource_missing');
      }
      return sessionObject(charge);
    },
  );

  for (const decision of ['pay', 'cancel'] as const) {
    app.post<{ Params: { sessionId: string } }>(
      `/sandbox/stripe/checkout/:sessionId/${decision}`,
      { schema: { hide: true } },
      async (request, reply) => {
        const answer = await decideSandboxSession(app, { sessionId: request.params.sessionId, decision });
        if (!answer) return reply.status(404).send({ code: 'NOT_FOUND', message: 'No such checkout session' });
        return reply.redirect(answer.redirectPath, 303);
      },
    );
  }
};
