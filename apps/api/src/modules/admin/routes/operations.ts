import {
  OperationsBookingQuerySchema,
  OperationsBookingsSchema,
  OperationsMoneySchema,
  ReconciliationSchema,
} from '@app/shared/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getMoneyOperations, getReconciliation, listBookingsByStatus } from '../operations.ts';
import { admin, security, tags } from './common.ts';

/** Operations views: bookings by status, money awaiting the gateway, the ledger check. Read-only. */
export const adminOperationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/admin/operations/bookings',
    {
      ...admin,
      schema: {
        tags,
        security,
        querystring: OperationsBookingQuerySchema,
        response: { 200: OperationsBookingsSchema },
      },
    },
    (request) => listBookingsByStatus(deps, { actor: request.actor, ...request.query }),
  );

  app.get(
    '/admin/operations/money',
    { ...admin, schema: { tags, security, response: { 200: OperationsMoneySchema } } },
    (request) => getMoneyOperations(deps, { actor: request.actor }),
  );

  app.get(
    '/admin/operations/reconciliation',
    { ...admin, schema: { tags, security, response: { 200: ReconciliationSchema } } },
    (request) => getReconciliation(deps, { actor: request.actor }),
  );
};
