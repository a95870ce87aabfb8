import { AuditPageSchema, AuditQuerySchema } from '@app/shared/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAudit } from '../audit.ts';
import { admin, security, tags } from './common.ts';

/** The audit trail (append-only in the database; docs/decisions/audit-one-audit-trail-append-only-in-the-database.md). */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    '/admin/audit',
    { ...admin, schema: { tags, security, querystring: AuditQuerySchema, response: { 200: AuditPageSchema } } },
    (request) => listAudit(deps, { actor: request.actor, ...request.query }),
  );
};
