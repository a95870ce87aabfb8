import { IdParamsSchema } from '@app/shared/schemas/common';
import {
  AdminNoSessionReportDetailSchema,
  AdminNoSessionReportSchema,
  NoSessionDecisionBodySchema,
  NoSessionReportBodySchema,
  NoSessionReportPageSchema,
  NoSessionReportSchema,
} from '@app/shared/schemas/session-room';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  decideNoSessionReport,
  getAdminNoSessionReport,
  getNoSessionReport,
  listNoSessionReports,
  reportNoSession,
} from '../no-session-reports.ts';
import { admin, bookingsTags, client, security } from './common.ts';

/**
 * "The session did not take place": the client's report within the dispute window (and reading
 * it back), the back office's list and decision.
 */
export const noSessionReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/booking/:id/no-session-report',
    {
      onRequest: client,
      schema: {
        tags: bookingsTags,
        security,
        params: IdParamsSchema,
        body: NoSessionReportBodySchema,
        response: { 201: NoSessionReportSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await reportNoSession(deps, { actor: request.actor, bookingId: request.params.id, note: request.body.note }),
        ),
  );

  app.get(
    '/booking/:id/no-session-report',
    {
      onRequest: client,
      schema: {
        tags: bookingsTags,
        security,
        params: IdParamsSchema,
        response: { 200: NoSessionReportSchema.nullable() },
      },
    },
    (request) => getNoSessionReport(deps, { actor: request.actor, bookingId: request.params.id }),
  );

  app.get(
    '/admin/no-session-reports',
    { onRequest: admin, schema: { tags: ['admin'], security, response: { 200: NoSessionReportPageSchema } } },
    (request) => listNoSessionReports(deps, { actor: request.actor }),
  );

  app.get(
    '/admin/no-session-reports/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        security,
        params: IdParamsSchema,
        response: { 200: AdminNoSessionReportDetailSchema },
      },
    },
    (request) => getAdminNoSessionReport(deps, { actor: request.actor, bookingId: request.params.id }),
  );

  app.post(
    '/admin/no-session-reports/:id/decision',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        security,
        params: IdParamsSchema,
        body: NoSessionDecisionBodySchema,
        response: { 200: AdminNoSessionReportSchema },
      },
    },
    (request) =>
      decideNoSessionReport(deps, {
        actor: request.actor,
        bookingId: request.params.id,
        decision: request.body.decision,
        note: request.body.note,
      }),
  );
};
