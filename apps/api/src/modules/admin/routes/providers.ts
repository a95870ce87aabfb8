import {
  AdminProviderPageSchema,
  AdminProviderQuerySchema,
  DecisionAnswerSchema,
  ProviderDossierSchema,
  RejectProviderBodySchema,
} from '@app/shared/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../../platform/i18n.ts';
import { decideProvider, getProviderForReview, listProviders } from '../providers.ts';
import { admin, IdParams, security, tags } from './common.ts';

/** The review queue, a provider's dossier, and the decision (SPEC.md §7; docs/api.md "Back office"). */
export const adminProviderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/admin/providers',
    {
      ...admin,
      schema: { tags, security, querystring: AdminProviderQuerySchema, response: { 200: AdminProviderPageSchema } },
    },
    (request) => listProviders(deps, { actor: request.actor, ...request.query }),
  );

  app.get(
    '/admin/providers/:id',
    { ...admin, schema: { tags, security, params: IdParams, response: { 200: ProviderDossierSchema } } },
    (request) => getProviderForReview(deps, { actor: request.actor, providerUserId: request.params.id }),
  );

  app.post(
    '/admin/providers/:id/approve',
    { ...admin, schema: { tags, security, params: IdParams, response: { 200: DecisionAnswerSchema } } },
    async (request) => {
      const { status } = await decideProvider(deps, {
        actor: request.actor,
        providerUserId: request.params.id,
        decision: 'approved',
        language: request.language,
      });
      return { status, message: translate(request.language, 'admin.review.approved') };
    },
  );

  app.post(
    '/admin/providers/:id/reject',
    {
      ...admin,
      schema: {
        tags,
        security,
        params: IdParams,
        body: RejectProviderBodySchema,
        response: { 200: DecisionAnswerSchema },
      },
    },
    async (request) => {
      const { status } = await decideProvider(deps, {
        actor: request.actor,
        providerUserId: request.params.id,
        decision: 'rejected',
        note: request.body.note,
      });
      return { status, message: translate(request.language, 'admin.review.rejected') };
    },
  );
};
