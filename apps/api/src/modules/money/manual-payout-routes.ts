import {
  ManualPayoutPageSchema,
  ManualPayoutParamsSchema,
  ManualPayoutQuerySchema,
  ManualPayoutSchema,
  MarkPayoutFailedBodySchema,
  MarkPayoutPaidBodySchema,
} from '@app/shared/schemas/manual-payouts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../platform/auth-guard.ts';
import { getManualPayout, listManualPayouts, markManualPayoutFailed, markManualPayoutPaid } from './manual-payouts.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/**
 * The back office's side of payouts no gateway makes (currencies whose gateway pays out to no
 * bank): list those awaiting a transfer, record one as paid (with the bank's reference) or as
 * failed (the earnings return). Admins only.
 */
export const manualPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const adminOnly = requireRole('admin');

  app.get(
    '/admin/payouts/manual',
    {
      onRequest: adminOnly,
      schema: { tags, security, querystring: ManualPayoutQuerySchema, response: { 200: ManualPayoutPageSchema } },
    },
    (request) => listManualPayouts(deps.db, request.query),
  );

  app.post(
    '/admin/payouts/:payoutId/paid',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        params: ManualPayoutParamsSchema,
        body: MarkPayoutPaidBodySchema,
        response: { 200: ManualPayoutSchema },
      },
    },
    async (request) => {
      await markManualPayoutPaid(deps, {
        actor: request.actor,
        payoutId: request.params.payoutId,
        body: request.body,
      });
      return getManualPayout(deps.db, request.params.payoutId);
    },
  );

  app.post(
    '/admin/payouts/:payoutId/failed',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        params: ManualPayoutParamsSchema,
        body: MarkPayoutFailedBodySchema,
        response: { 200: ManualPayoutSchema },
      },
    },
    async (request) => {
      await markManualPayoutFailed(deps, {
        actor: request.actor,
        payoutId: request.params.payoutId,
        body: request.body,
      });
      return getManualPayout(deps.db, request.params.payoutId);
    },
  );
};
