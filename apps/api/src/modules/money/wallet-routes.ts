import { WalletChartsSchema } from '@app/shared/schemas/charts';
import { IdParamsSchema } from '@app/shared/schemas/common';
import {
  WalletBalanceSchema,
  WalletStatsSchema,
  WalletTransactionDetailSchema,
  WalletTransactionPageSchema,
  WalletTransactionsQuerySchema,
} from '@app/shared/schemas/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../platform/auth-guard.ts';
import { getWalletCharts } from './charts.ts';
import { getWalletBalance, getWalletStats, getWalletTransaction, listWalletTransactions } from './wallet-statement.ts';

const tags = ['wallet'];
const security = [{ bearer: [] }];

/** The signed-in user's own wallet: balance, stats and statement (SPEC.md §7 "Wallet and payment"). */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    '/wallet/balance',
    { onRequest: authenticate, schema: { tags, security, response: { 200: WalletBalanceSchema } } },
    (request) => getWalletBalance(db, { userId: request.actor.userId }),
  );

  app.get(
    '/wallet/stats',
    { onRequest: authenticate, schema: { tags, security, response: { 200: WalletStatsSchema } } },
    (request) => getWalletStats(db, { userId: request.actor.userId, now: clock.now() }),
  );

  app.get(
    '/wallet/charts',
    { onRequest: authenticate, schema: { tags, security, response: { 200: WalletChartsSchema } } },
    (request) => getWalletCharts(db, { userId: request.actor.userId, now: clock.now() }),
  );

  app.get(
    '/wallet/transactions',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        querystring: WalletTransactionsQuerySchema,
        response: { 200: WalletTransactionPageSchema },
      },
    },
    (request) =>
      listWalletTransactions(db, {
        userId: request.actor.userId,
        language: request.language,
        ...request.query,
      }),
  );

  app.get(
    '/wallet/transactions/:id',
    {
      onRequest: authenticate,
      schema: { tags, security, params: IdParamsSchema, response: { 200: WalletTransactionDetailSchema } },
    },
    (request) =>
      getWalletTransaction(db, {
        userId: request.actor.userId,
        transactionId: request.params.id,
        language: request.language,
      }),
  );
};
