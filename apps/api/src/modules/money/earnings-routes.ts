import { EarningsChartsSchema } from '@app/shared/schemas/charts';
import { PageQuerySchema } from '@app/shared/schemas/common';
import {
  BankAccountBodySchema,
  BankAccountSchema,
  EarningsHistoryPageSchema,
  EarningsSummarySchema,
  PayoutBodySchema,
  PayoutSchema,
} from '@app/shared/schemas/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../platform/auth-guard.ts';
import { getBankAccount, saveBankAccount } from './bank-account.ts';
import { getEarningsCharts } from './charts.ts';
import { getEarningsSummary, listEarningsHistory } from './earnings.ts';
import { idempotencyKeyOf, withIdempotency } from './idempotency.ts';
import { requestPayout } from './payouts.ts';

const tags = ['earnings'];
const security = [{ bearer: [] }];

/** A provider's earnings, payout bank account and payouts (SPEC.md §6: providers manage earnings). */
export const earningsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const providerOnly = requireRole('provider');

  app.get(
    '/earnings',
    { onRequest: providerOnly, schema: { tags, security, response: { 200: EarningsSummarySchema } } },
    (request) => getEarningsSummary(deps.db, { userId: request.actor.userId, now: deps.clock.now() }),
  );

  app.get(
    '/earnings/history',
    {
      onRequest: providerOnly,
      schema: { tags, security, querystring: PageQuerySchema, response: { 200: EarningsHistoryPageSchema } },
    },
    (request) =>
      listEarningsHistory(deps.db, { userId: request.actor.userId, language: request.language, ...request.query }),
  );

  app.get(
    '/earnings/charts',
    { onRequest: providerOnly, schema: { tags, security, response: { 200: EarningsChartsSchema } } },
    (request) => getEarningsCharts(deps.db, { userId: request.actor.userId, now: deps.clock.now() }),
  );

  app.get(
    '/earnings/bank-account',
    { onRequest: providerOnly, schema: { tags, security, response: { 200: BankAccountSchema } } },
    (request) => getBankAccount(deps.db, { userId: request.actor.userId }),
  );

  app.put(
    '/earnings/bank-account',
    {
      onRequest: providerOnly,
      schema: { tags, security, body: BankAccountBodySchema, response: { 200: BankAccountSchema } },
    },
    (request) => saveBankAccount(deps, { userId: request.actor.userId, body: request.body }),
  );

  app.post(
    '/earnings/payouts',
    { onRequest: providerOnly, schema: { tags, security, body: PayoutBodySchema, response: { 200: PayoutSchema } } },
    (request) =>
      withIdempotency(
        deps,
        {
          userId: request.actor.userId,
          scope: 'earnings.payouts',
          key: idempotencyKeyOf(request),
          payload: request.body,
        },
        () => requestPayout(deps, { userId: request.actor.userId, amountMinor: request.body.amount }),
      ),
  );
};
