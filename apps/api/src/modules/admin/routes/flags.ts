import { AdminFlagListSchema, AdminFlagSchema, FlagKeyParamsSchema, FlagRuleSchema } from '@app/shared/schemas/flags';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listFlags, updateFlag } from '../../flags/admin.ts';
import { admin, security, tags } from './common.ts';

/** Feature flags in the back office: their rules, edited and audited (modules/flags). */
export const adminFlagRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get('/admin/flags', { ...admin, schema: { tags, security, response: { 200: AdminFlagListSchema } } }, (request) =>
    listFlags(deps, { actor: request.actor, providerName: app.flags.providerName }),
  );

  app.put(
    '/admin/flags/:key',
    {
      ...admin,
      schema: { tags, security, params: FlagKeyParamsSchema, body: FlagRuleSchema, response: { 200: AdminFlagSchema } },
    },
    async (request) => {
      const flag = await updateFlag(deps, { actor: request.actor, key: request.params.key, rule: request.body });
      app.flags.invalidate();
      return flag;
    },
  );
};
