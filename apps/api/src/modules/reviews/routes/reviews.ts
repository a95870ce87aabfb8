import { IdParamsSchema } from '@app/shared/schemas/common';
import {
  OwnReviewSchema,
  ReportReviewBodySchema,
  ReviewBodySchema,
  ReviewPageQuerySchema,
  ReviewPageSchema,
  ReviewReplyBodySchema,
  ReviewReportAnswerSchema,
  ReviewSchema,
  ReviewSummarySchema,
} from '@app/shared/schemas/reviews';
import { z } from '@app/shared/zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, bearerToken, requireRole } from '../../../platform/auth-guard.ts';
import { verifyAccessToken } from '../../../platform/tokens.ts';
import { reportReview } from '../moderation.ts';
import { getBookingReview, getReviewSummary, listParticipantReviews, listProviderReviews } from '../read-reviews.ts';
import { deleteReviewReply, editReviewReply, replyToReview } from '../reply.ts';
import { createReview, updateReview } from '../write-review.ts';
import { moderationLimit } from './common.ts';

const tags = ['reviews'];
const security = [{ bearer: [] }];

/** The signed-in reader of a public answer, when a valid token came along (flags only; never access). */
async function optionalReader(request: FastifyRequest): Promise<string | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const { config, clock } = request.server.deps;
  try {
    return (await verifyAccessToken({ secret: config.APP_SECRET, now: clock.now() }, token)).userId;
  } catch {
    return null;
  }
}

/** SPEC.md §7 "Reviews" and GET /review/provider/{id}/count. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const client = { onRequest: requireRole('client') };

  app.post(
    '/review/:id',
    {
      ...client,
      schema: {
        tags,
        security,
        description: 'The booking (id) of the caller, after its session took place: one review per booking.',
        params: IdParamsSchema,
        body: ReviewBodySchema,
        response: { 201: OwnReviewSchema },
      },
    },
    async (request, reply) => {
      const review = await createReview(deps, {
        actor: request.actor,
        bookingId: request.params.id,
        language: request.language,
        ...request.body,
      });
      return reply.code(201).send(review);
    },
  );

  app.put(
    '/review/:id',
    {
      ...client,
      schema: {
        tags,
        security,
        description: "The caller's review (id): editable once.",
        params: IdParamsSchema,
        body: ReviewBodySchema,
        response: { 200: OwnReviewSchema },
      },
    },
    (request) =>
      updateReview(deps, {
        actor: request.actor,
        reviewId: request.params.id,
        language: request.language,
        ...request.body,
      }),
  );

  app.get(
    '/review/provider/:id',
    {
      schema: { tags, params: IdParamsSchema, querystring: ReviewPageQuerySchema, response: { 200: ReviewPageSchema } },
    },
    async (request) =>
      listProviderReviews(deps, {
        providerId: request.params.id,
        readerId: await optionalReader(request),
        language: request.language,
        ...request.query,
      }),
  );

  app.get(
    '/review/provider/:id/count',
    { schema: { tags, params: IdParamsSchema, response: { 200: ReviewSummarySchema } } },
    async (request) =>
      getReviewSummary(deps, { providerId: request.params.id, readerId: await optionalReader(request) }),
  );

  app.get(
    '/review/participant/:id',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        description: 'The reviews the participant (a client: id = their user id) wrote; only they may read them.',
        params: IdParamsSchema,
        response: { 200: z.array(OwnReviewSchema) },
      },
    },
    (request) =>
      listParticipantReviews(deps, {
        actor: request.actor,
        participantId: request.params.id,
        language: request.language,
      }),
  );

  app.get(
    '/review/booking/:id',
    {
      onRequest: authenticate,
      schema: { tags, security, params: IdParamsSchema, response: { 200: OwnReviewSchema } },
    },
    (request) =>
      getBookingReview(deps, { actor: request.actor, bookingId: request.params.id, language: request.language }),
  );

  app.post(
    '/review/:id/report',
    {
      onRequest: requireRole('provider'),
      preHandler: moderationLimit(app),
      schema: {
        tags,
        security,
        description: 'The reviewed provider reports a review of theirs (once).',
        params: IdParamsSchema,
        body: ReportReviewBodySchema,
        response: { 201: ReviewReportAnswerSchema },
      },
    },
    async (request, reply) => {
      const answer = await reportReview(deps, {
        actor: request.actor,
        reviewId: request.params.id,
        reason: request.body.reason,
        language: request.language,
      });
      return reply.code(201).send(answer);
    },
  );

  // One reply per review bounds the writes; no rate limit of its own.
  const reply = { onRequest: requireRole('provider') };

  app.post(
    '/review/:id/reply',
    {
      ...reply,
      schema: {
        tags,
        security,
        description: 'The reviewed provider replies to a review of theirs, publicly and once.',
        params: IdParamsSchema,
        body: ReviewReplyBodySchema,
        response: { 201: ReviewSchema },
      },
    },
    async (request, reply) => {
      const review = await replyToReview(deps, {
        actor: request.actor,
        reviewId: request.params.id,
        text: request.body.text,
        language: request.language,
      });
      return reply.code(201).send(review);
    },
  );

  app.put(
    '/review/:id/reply',
    {
      ...reply,
      schema: {
        tags,
        security,
        description: "The provider's reply to a review of theirs, reworded.",
        params: IdParamsSchema,
        body: ReviewReplyBodySchema,
        response: { 200: ReviewSchema },
      },
    },
    (request) =>
      editReviewReply(deps, {
        actor: request.actor,
        reviewId: request.params.id,
        text: request.body.text,
        language: request.language,
      }),
  );

  app.delete(
    '/review/:id/reply',
    {
      ...reply,
      schema: {
        tags,
        security,
        description: "The provider's reply to a review of theirs, withdrawn.",
        params: IdParamsSchema,
        response: { 200: ReviewSchema },
      },
    },
    (request) =>
      deleteReviewReply(deps, { actor: request.actor, reviewId: request.params.id, language: request.language }),
  );
};
