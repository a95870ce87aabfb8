import { IdParamsSchema } from '@app/shared/schemas/common';
import {
  DocumentListQuerySchema,
  DocumentListSchema,
  MonthSchema,
  StatementQuerySchema,
} from '@app/shared/schemas/documents';
import { z } from '@app/shared/zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, ownerOnlyNotInViewMode, requireRole } from '../../platform/auth-guard.ts';
import { byUser, rateLimit } from '../../platform/rate-limits.ts';
import { renderStatementPdf } from './pdf/render-statement.ts';
import { documentPdf, listDocuments } from './read-documents.ts';
import { providerStatement } from './statement.ts';
import { statementCsv } from './statement-csv.ts';
import { monthSuperbill, sessionSuperbill } from './superbill.ts';

const tags = ['documents'];
const security = [{ bearer: [] }];

/** The file answer: not cached anywhere but the reader's browser, saved under its own name. */
function sendFile(reply: FastifyReply, file: { filename: string; contentType: string; body: Buffer | string }) {
  const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .send(file.body);
}

const MonthParamsSchema = z.object({ month: MonthSchema });
const BookingParamsSchema = z.object({ bookingId: z.uuid() });
const pdf = (file: { filename: string; pdf: Buffer }) => ({
  filename: file.filename,
  contentType: 'application/pdf',
  body: file.pdf,
});

/** Receipts and invoices, US superbills and providers' monthly statements (PDF, and CSV for statements). */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const renderLimit = rateLimit(app, [{ name: 'documentRenders', keyOf: byUser }]);

  app.get(
    '/documents',
    {
      onRequest: authenticate,
      schema: { tags, security, querystring: DocumentListQuerySchema, response: { 200: DocumentListSchema } },
    },
    (request) => listDocuments(deps, { actor: request.actor, query: request.query }),
  );

  app.get(
    '/documents/:id/pdf',
    { onRequest: authenticate, preHandler: renderLimit, schema: { tags, security, params: IdParamsSchema } },
    async (request, reply) =>
      sendFile(
        reply,
        pdf(
          await documentPdf(deps, { actor: request.actor, documentId: request.params.id, language: request.language }),
        ),
      ),
  );

  // Superbills print the session's diagnosis: the client's own, never read for them in view mode.
  const client = { onRequest: [...requireRole('client'), ownerOnlyNotInViewMode], preHandler: renderLimit };

  app.get(
    '/documents/superbills/sessions/:bookingId/pdf',
    { ...client, schema: { tags, security, params: BookingParamsSchema } },
    async (request, reply) =>
      sendFile(
        reply,
        pdf(
          await sessionSuperbill(deps, {
            actor: request.actor,
            bookingId: request.params.bookingId,
            language: request.language,
          }),
        ),
      ),
  );

  app.get(
    '/documents/superbills/months/:month/pdf',
    { ...client, schema: { tags, security, params: MonthParamsSchema } },
    async (request, reply) =>
      sendFile(
        reply,
        pdf(
          await monthSuperbill(deps, { actor: request.actor, month: request.params.month, language: request.language }),
        ),
      ),
  );

  app.get(
    '/documents/statements/:month',
    {
      onRequest: requireRole('provider', 'admin'),
      preHandler: renderLimit,
      schema: { tags, security, params: MonthParamsSchema, querystring: StatementQuerySchema },
    },
    async (request, reply) => {
      const { statement, reader } = await providerStatement(deps, {
        actor: request.actor,
        month: request.params.month,
        providerId: request.query.providerId,
        language: request.language,
      });
      const filename = `statement-${statement.month}.${request.query.format}`;
      if (request.query.format === 'csv') {
        return sendFile(reply, {
          filename,
          contentType: 'text/csv; charset=utf-8',
          body: statementCsv(statement, reader.language),
        });
      }
      return sendFile(reply, {
        filename,
        contentType: 'application/pdf',
        body: await renderStatementPdf(statement, reader),
      });
    },
  );
};
