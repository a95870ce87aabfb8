import { IdParamsSchema } from '@app/shared/schemas/common';
import {
  HideReviewBodySchema,
  ReportedReviewPageSchema,
  ReportedReviewSchema,
  ReportedReviewsQuerySchema,
} from '@app/shared/schemas/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../../platform/auth-guard.ts';
import { listReportedReviews, setReviewHidden } from '../moderation.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** The back office's reported reviews: list, hide, unhide (admin; every decision audited). */
export const reviewAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const admin = { onRequest: requireRole('admin') };

  app.get(
    '/admin/reviews/reported',
    {
      ...admin,
      schema: { tags, security, querystring: ReportedReviewsQuerySchema, response: { 200: ReportedReviewPageSchema } },
    },
    (request) => listReportedReviews(deps, { ...request.query, language: request.language }),
  );

  app.post(
    '/admin/reviews/:id/hide',
    {
      ...admin,
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        body: HideReviewBodySchema,
        response: { 200: ReportedReviewSchema },
      },
    },
    (request) =>
      setReviewHidden(deps, {
        actor: request.actor,
        reviewId: request.params.id,
        hidden: true,
        reason: request.body.reason,
        language: request.language,
      }),
  );

  app.post(
    '/admin/reviews/:id/unhide',
    { ...admin, schema: { tags, security, params: IdParamsSchema, response: { 200: ReportedReviewSchema } } },
    (request) =>
      setReviewHidden(deps, {
        actor: request.actor,
        reviewId: request.params.id,
        hidden: false,
        language: request.language,
      }),
  );
};
