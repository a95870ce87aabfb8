import {
  ClientInvitationListSchema,
  ClientPageSchema,
  ClientProfileSchema,
  ClientRelationSchema,
  ClientsQuerySchema,
  CsvImportReportSchema,
  ImportClientsAnswerSchema,
  ImportClientsBodySchema,
  InvitationAnswerSchema,
  InvitationDecisionParamsSchema,
} from '@app/shared/schemas/clients';
import { IdParamsSchema } from '@app/shared/schemas/common';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/app-error.ts';
import { requireRole } from '../../platform/auth-guard.ts';
import { byUser, rateLimit } from '../../platform/rate-limits.ts';
import { MAX_UPLOAD_BYTES } from '../../platform/uploads/sniff.ts';
import { getClientProfile, getClientRelation } from './client-profile.ts';
import { exportClients } from './export-clients.ts';
import { importClients } from './import-clients.ts';
import { type CsvImportFields, importClientsCsv } from './import-csv.ts';
import { answerInvitation, listInvitations } from './invitations.ts';
import { listClients } from './list-clients.ts';

const security = [{ bearer: [] }];
const tags = ['clients'];

async function readCsvForm(request: FastifyRequest): Promise<{ file: Buffer | null; fields: CsvImportFields }> {
  if (!request.isMultipart()) throw new AppError('FILE_REQUIRED');
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (bytes.length > MAX_UPLOAD_BYTES || part.file.truncated) throw new AppError('FILE_TOO_LARGE');
      if (part.fieldname === 'file' && !file && bytes.length > 0) file = bytes;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError('PAYLOAD_TOO_LARGE');
    throw error;
  }
  return { file, fields };
}

/**
 * A provider's clients (SPEC.md §1-2, §7): the list, one client's profile and relation, imports by
 * hand and by CSV, and the CSV export. Providers only; someone who is not their client is 404.
 */
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10, parts: 12, headerPairs: 100 },
  });
  const deps = app.deps;
  const provider = { onRequest: requireRole('provider') };
  const client = { onRequest: requireRole('client') };
  const importLimit = rateLimit(app, [{ name: 'clientImports', keyOf: byUser }]);

  app.get(
    '/clients',
    { ...provider, schema: { tags, security, querystring: ClientsQuerySchema, response: { 200: ClientPageSchema } } },
    (request) => listClients(deps, { actor: request.actor, query: request.query }),
  );

  app.get(
    '/clients/export',
    { ...provider, schema: { tags, security, produces: ['text/csv'] } },
    async (request, reply) => {
      const csv = await exportClients(deps, { actor: request.actor, language: request.language });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="clients.csv"')
        .send(csv);
    },
  );

  app.get(
    '/clients/relation/:id',
    { ...provider, schema: { tags, security, params: IdParamsSchema, response: { 200: ClientRelationSchema } } },
    (request) => getClientRelation(deps, { actor: request.actor, clientId: request.params.id }),
  );

  app.get(
    '/client/profile/:id',
    { ...provider, schema: { tags, security, params: IdParamsSchema, response: { 200: ClientProfileSchema } } },
    (request) => getClientProfile(deps, { actor: request.actor, clientId: request.params.id }),
  );

  app.post(
    '/clients/import',
    {
      ...provider,
      preHandler: importLimit,
      schema: { tags, security, body: ImportClientsBodySchema, response: { 200: ImportClientsAnswerSchema } },
    },
    (request) => importClients(deps, { actor: request.actor, language: request.language, body: request.body }),
  );

  app.post(
    '/clients/import/csv',
    {
      ...provider,
      preHandler: importLimit,
      schema: { tags, security, consumes: ['multipart/form-data'], response: { 200: CsvImportReportSchema } },
    },
    async (request) => {
      const form = await readCsvForm(request);
      return importClientsCsv(deps, { actor: request.actor, language: request.language, ...form });
    },
  );

  app.get(
    '/client/invitations',
    { ...client, schema: { tags, security, response: { 200: ClientInvitationListSchema } } },
    (request) => listInvitations(deps, { actor: request.actor }),
  );

  app.post(
    '/client/invitations/:id/:decision',
    {
      ...client,
      schema: { tags, security, params: InvitationDecisionParamsSchema, response: { 200: InvitationAnswerSchema } },
    },
    (request) =>
      answerInvitation(deps, {
        actor: request.actor,
        language: request.language,
        invitationId: request.params.id,
        decision: request.params.decision,
      }),
  );
};
