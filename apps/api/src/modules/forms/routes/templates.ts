import { IdParamsSchema } from '@app/shared/schemas/common';
import { FormDefinitionSchema, FormTemplateListSchema, FormTemplateSchema } from '@app/shared/schemas/forms';
import { z } from '@app/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { byUser, rateLimit } from '../../../platform/rate-limits.ts';
import { archiveTemplate, createTemplate, getTemplate, listTemplates, updateTemplate } from '../templates.ts';
import { provider, security, tags } from './common.ts';

/** A provider's own questionnaires; each save is a new version. */
export const formTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const writeLimit = rateLimit(app, [{ name: 'formWrites', keyOf: byUser }]);

  app.get(
    '/forms/templates',
    { ...provider, schema: { tags, security, response: { 200: FormTemplateListSchema } } },
    (request) => listTemplates(deps, { actor: request.actor }),
  );
  app.post(
    '/forms/templates',
    {
      ...provider,
      preHandler: writeLimit,
      schema: { tags, security, body: FormDefinitionSchema, response: { 201: FormTemplateSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createTemplate(deps, { actor: request.actor, definition: request.body })),
  );
  app.get(
    '/forms/templates/:id',
    { ...provider, schema: { tags, security, params: IdParamsSchema, response: { 200: FormTemplateSchema } } },
    (request) => getTemplate(deps, { actor: request.actor, templateId: request.params.id }),
  );
  app.put(
    '/forms/templates/:id',
    {
      ...provider,
      preHandler: writeLimit,
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        body: FormDefinitionSchema,
        response: { 200: FormTemplateSchema },
      },
    },
    (request) =>
      updateTemplate(deps, { actor: request.actor, templateId: request.params.id, definition: request.body }),
  );
  app.delete(
    '/forms/templates/:id',
    { ...provider, schema: { tags, security, params: IdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await archiveTemplate(deps, { actor: request.actor, templateId: request.params.id });
      return reply.status(204).send(null);
    },
  );
};
