import { IdParamsSchema } from '@app/shared/schemas/common';
import {
  AnswersBodySchema,
  FormRequestListSchema,
  FormRequestSchema,
  FormsOverviewSchema,
  ProgressSchema,
  SubmitAnswerSchema,
} from '@app/shared/schemas/forms';
import { z } from '@app/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendGzippedJson } from '../../../platform/gzipped.ts';
import { byUser, rateLimit } from '../../../platform/rate-limits.ts';
import { saveDraft, submitForm } from '../fill-forms.ts';
import { measureProgress } from '../progress.ts';
import { formsOverview, getRequest, listMyRequests } from '../read-forms.ts';
import { clientClinical, clinical, providerClinical, security, tags } from './common.ts';

/**
 * Sent forms, their answers and scores: the client and their provider only (anyone else 404; an
 * operator in view mode 403). Answers are Cache-Control: no-store (app.ts, every /api answer),
 * never logged, and every read is in form_access_log.
 */
export const formRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const writeLimit = rateLimit(app, [{ name: 'formWrites', keyOf: byUser }]);

  app.get(
    '/forms/mine',
    { ...clientClinical, schema: { tags, security, response: { 200: FormRequestListSchema } } },
    (request) => listMyRequests(deps, { actor: request.actor, language: request.language }),
  );
  app.get(
    '/forms/overview',
    {
      ...providerClinical,
      schema: {
        tags,
        security,
        querystring: z.object({ clientId: z.uuid().optional() }),
        response: { 200: FormsOverviewSchema },
      },
    },
    (request) =>
      formsOverview(deps, { actor: request.actor, language: request.language, clientId: request.query.clientId }),
  );
  app.get(
    '/forms/requests/:id',
    { ...clinical, schema: { tags, security, params: IdParamsSchema, response: { 200: FormRequestSchema } } },
    (request) => getRequest(deps, { actor: request.actor, requestId: request.params.id, language: request.language }),
  );
  app.put(
    '/forms/requests/:id/draft',
    {
      ...clientClinical,
      preHandler: writeLimit,
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        body: AnswersBodySchema,
        response: { 200: z.object({ draftSavedAt: z.iso.datetime() }) },
      },
    },
    (request) =>
      saveDraft(deps, {
        actor: request.actor,
        requestId: request.params.id,
        language: request.language,
        answers: request.body.answers,
      }),
  );
  app.post(
    '/forms/requests/:id/submit',
    {
      ...clientClinical,
      preHandler: writeLimit,
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        body: AnswersBodySchema,
        response: { 200: SubmitAnswerSchema },
      },
    },
    (request) =>
      submitForm(deps, {
        actor: request.actor,
        requestId: request.params.id,
        language: request.language,
        answers: request.body.answers,
      }),
  );
  // The schema documents the chart's answer, which measureProgress keeps gzipped as it is sent.
  app.get(
    '/forms/progress',
    {
      ...clientClinical,
      schema: { tags, security, response: { 200: ProgressSchema } },
    },
    async (request, reply) => sendGzippedJson(request, reply, await measureProgress(deps, { actor: request.actor })),
  );
  app.get(
    '/forms/clients/:id/progress',
    {
      ...providerClinical,
      schema: { tags, security, params: IdParamsSchema, response: { 200: ProgressSchema } },
    },
    async (request, reply) =>
      sendGzippedJson(
        request,
        reply,
        await measureProgress(deps, { actor: request.actor, clientId: request.params.id }),
      ),
  );
};
