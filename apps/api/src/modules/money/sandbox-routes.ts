import {
  PaymentReferenceParamsSchema,
  SandboxDecisionAnswerSchema,
  SandboxTransferAnswerSchema,
  SandboxTransferBodySchema,
  SandboxTransferParamsSchema,
} from '@app/shared/schemas/wallet';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/app-error.ts';
import { decideSandboxPayment, simulateSandboxTransfer } from './sandbox-payments.ts';

const tags = ['sandbox'];

/** The checkout page's buttons submit an HTML form; scripts and tests send JSON. */
function isFormPost(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

/**
 * The sandbox gateway's side (DEV_TOOLS only, DESIGN.md §5): the payer's decision on the
 * checkout page, and simulated bank transfers into virtual accounts. No sign-in: these stand
 * for the gateway and the bank, not for our users.
 */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  for (const decision of ['approve', 'decline'] as const) {
    app.post(
      `/sandbox/payments/:reference/${decision}`,
      {
        schema: {
          tags,
          params: PaymentReferenceParamsSchema,
          response: { 200: SandboxDecisionAnswerSchema },
        },
      },
      async (request, reply) => {
        const answer = await decideSandboxPayment(deps, { reference: request.params.reference, decision });
        // A second click in a browser just goes back; an API caller learns it changed nothing.
        if (isFormPost(request)) return reply.redirect(answer.redirectUrl, 303);
        if (!answer.changed) throw new AppError('PAYMENT_ALREADY_COMPLETED');
        return { reference: answer.reference, status: answer.status, redirectUrl: answer.redirectUrl };
      },
    );
  }

  app.post(
    '/sandbox/virtual-accounts/:accountNumber/transfer',
    {
      schema: {
        tags,
        params: SandboxTransferParamsSchema,
        body: SandboxTransferBodySchema,
        response: { 200: SandboxTransferAnswerSchema },
      },
    },
    (request) =>
      simulateSandboxTransfer(deps, {
        accountNumber: request.params.accountNumber,
        amountMinor: request.body.amount,
        reference: request.body.reference,
      }),
  );
};
