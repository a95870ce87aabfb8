import {
  InsuranceListSchema,
  InsuranceSchema,
  MAX_FILES_PER_UPLOAD,
  QUALIFICATION_TYPES,
  QualificationListSchema,
  QualificationSchema,
  VerificationNoteSchema,
  WorkHistoryInputSchema,
  WorkHistoryListSchema,
  WorkHistorySchema,
} from '@app/shared/schemas/credentials';
import { z } from '@app/shared/zod';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../platform/auth-guard.ts';
import { translate } from '../../platform/i18n.ts';
import { byUser, rateLimit } from '../../platform/rate-limits.ts';
import { MAX_UPLOAD_BYTES } from '../../platform/uploads/sniff.ts';
import { addWorkHistory, deleteWorkHistory, listOwnWorkHistory, updateWorkHistory } from './experience.ts';
import { deleteInsurance, listOwnInsurance, uploadInsurance } from './insurance.ts';
import {
  deleteQualificationOrFile,
  getOwnQualification,
  listOwnQualifications,
  updateQualification,
  uploadQualification,
} from './qualifications.ts';
import { getVerificationNote, submitForVerification } from './submission.ts';
import { readMultipartForm } from './uploads.ts';

const security = [{ bearer: [] }];
const tags = ['provider credentials'];
const multipartBody = { consumes: ['multipart/form-data'] };
const IdParams = z.object({ id: z.string().max(64) });
const Done = z.object({ message: z.string(), identifier: z.string() });

/**
 * A provider's qualifications, work history, indemnity insurance and submission for review
 * (SPEC.md §7 "Provider"). @fastify/multipart is registered in this plugin only, with the
 * 10 MB (+1 byte) per-file limit. Private answers are never cached (every /api answer is no-store).
 */
export const credentialRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: MAX_FILES_PER_UPLOAD, fields: 10, parts: 30, headerPairs: 100 },
  });
  const deps = app.deps;
  const uploadLimit = rateLimit(app, [{ name: 'credentialUploads', keyOf: byUser }]);
  const provider = { onRequest: requireRole('provider') };
  const providerUpload = { onRequest: requireRole('provider'), preHandler: uploadLimit };
  const said = (request: FastifyRequest, key: string, identifier: string) => ({
    message: translate(request.language, key),
    identifier,
  });

  // -- Qualifications ---------------------------------------------------------------------

  app.get(
    '/provider/qualification/files',
    {
      ...provider,
      schema: {
        tags,
        security,
        querystring: z.object({ type: z.enum(QUALIFICATION_TYPES).optional() }),
        response: { 200: QualificationListSchema },
      },
    },
    async (request) => ({
      data: await listOwnQualifications(deps, { actor: request.actor, type: request.query.type }),
    }),
  );

  app.post(
    '/provider/qualification/file/upload',
    { ...providerUpload, schema: { tags, security, ...multipartBody, response: { 201: QualificationSchema } } },
    async (request, reply) => {
      const form = await readMultipartForm(request, ['files', 'file', 'files[]']);
      const created = await uploadQualification(deps, { actor: request.actor, ...form });
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/provider/qualification/files/:id',
    {
      ...providerUpload,
      schema: { tags, security, params: IdParams, ...multipartBody, response: { 200: QualificationSchema } },
    },
    async (request) => {
      const form = await readMultipartForm(request, ['files', 'file', 'files[]']);
      return updateQualification(deps, { actor: request.actor, id: request.params.id, ...form });
    },
  );

  app.delete(
    '/provider/qualification/files/:id',
    { ...provider, schema: { tags, security, params: IdParams, response: { 200: Done } } },
    async (request) => {
      const done = await deleteQualificationOrFile(deps, { actor: request.actor, id: request.params.id });
      return said(request, 'credentials.fileDeleted', done.identifier);
    },
  );

  app.get(
    '/provider/qualification/verification-note',
    { ...provider, schema: { tags, security, response: { 200: VerificationNoteSchema } } },
    (request) => getVerificationNote(deps, { actor: request.actor }),
  );

  app.get(
    '/provider/qualification/:id',
    { ...provider, schema: { tags, security, params: IdParams, response: { 200: QualificationSchema } } },
    (request) => getOwnQualification(deps, { actor: request.actor, id: request.params.id }),
  );

  app.put(
    '/provider/verification-submission',
    { ...provider, schema: { tags, security, response: { 200: VerificationNoteSchema } } },
    (request) => submitForVerification(deps, { actor: request.actor, language: request.language }),
  );

  // -- Work history -----------------------------------------------------------------------

  app.get(
    '/provider/experience',
    { ...provider, schema: { tags, security, response: { 200: WorkHistoryListSchema } } },
    async (request) => ({ data: await listOwnWorkHistory(deps, { actor: request.actor }) }),
  );

  app.post(
    '/provider/experience',
    { ...provider, schema: { tags, security, body: WorkHistoryInputSchema, response: { 201: WorkHistorySchema } } },
    async (request, reply) =>
      reply.status(201).send(await addWorkHistory(deps, { actor: request.actor, entry: request.body })),
  );

  app.put(
    '/provider/experience/:id',
    {
      ...provider,
      schema: { tags, security, params: IdParams, body: WorkHistoryInputSchema, response: { 200: WorkHistorySchema } },
    },
    (request) => updateWorkHistory(deps, { actor: request.actor, id: request.params.id, entry: request.body }),
  );

  app.delete(
    '/provider/experience/:id',
    { ...provider, schema: { tags, security, params: IdParams, response: { 200: Done } } },
    async (request) => {
      const done = await deleteWorkHistory(deps, { actor: request.actor, id: request.params.id });
      return said(request, 'credentials.workHistoryDeleted', done.identifier);
    },
  );

  // -- Indemnity insurance ----------------------------------------------------------------

  app.get(
    '/provider/indemnity-insurance',
    { ...provider, schema: { tags, security, response: { 200: InsuranceListSchema } } },
    async (request) => ({ data: await listOwnInsurance(deps, { actor: request.actor }) }),
  );

  app.post(
    '/provider/indemnity-insurance',
    { ...providerUpload, schema: { tags, security, ...multipartBody, response: { 201: InsuranceSchema } } },
    async (request, reply) => {
      const form = await readMultipartForm(request, ['file']);
      return reply.status(201).send(await uploadInsurance(deps, { actor: request.actor, ...form }));
    },
  );

  app.delete(
    '/provider/indemnity-insurance/:id',
    { ...provider, schema: { tags, security, params: IdParams, response: { 200: Done } } },
    async (request) => {
      const done = await deleteInsurance(deps, { actor: request.actor, id: request.params.id });
      return said(request, 'credentials.fileDeleted', done.identifier);
    },
  );
};
