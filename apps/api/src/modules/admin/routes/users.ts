import { AdminUserPageSchema, AdminUserQuerySchema, SuspensionAnswerSchema } from '@app/shared/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../../platform/i18n.ts';
import { listUsers, reactivateUser, suspendUser } from '../users.ts';
import { admin, IdParams, security, tags } from './common.ts';

/** Users with search; suspend and reactivate an account. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/admin/users',
    { ...admin, schema: { tags, security, querystring: AdminUserQuerySchema, response: { 200: AdminUserPageSchema } } },
    (request) => listUsers(deps, { actor: request.actor, ...request.query }),
  );

  app.post(
    '/admin/users/:id/suspend',
    { ...admin, schema: { tags, security, params: IdParams, response: { 200: SuspensionAnswerSchema } } },
    async (request) => {
      const { user, endedSessionIds } = await suspendUser(deps, { actor: request.actor, userId: request.params.id });
      // After the commit: the suspended user's open sockets close now, not at the next heartbeat.
      app.realtime.closeSessions(endedSessionIds);
      return { user, message: translate(request.language, 'admin.users.suspended') };
    },
  );

  app.post(
    '/admin/users/:id/reactivate',
    { ...admin, schema: { tags, security, params: IdParams, response: { 200: SuspensionAnswerSchema } } },
    async (request) => {
      const { user } = await reactivateUser(deps, { actor: request.actor, userId: request.params.id });
      return { user, message: translate(request.language, 'admin.users.reactivated') };
    },
  );
};
