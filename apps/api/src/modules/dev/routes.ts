import { z } from '@app/shared/zod';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emails } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';

const OutboxEmailSchema = z.object({
  identifier: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  template: z.string(),
  language: z.string(),
  createdAt: z.string(),
  attachments: z.array(
    z.object({ filename: z.string(), contentType: z.string(), size: z.number().int(), url: z.string() }),
  ),
});

/** Development tools (DEV_TOOLS): the email outbox and its attachments (the /dev/mailbox page reads them). Never registered in production by default. */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        querystring: z.object({
          to: z.string().optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: z.array(OutboxEmailSchema) },
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(emails)
        .where(request.query.to ? eq(emails.to, request.query.to.toLowerCase()) : undefined)
        .orderBy(desc(emails.createdAt), desc(emails.id))
        .limit(request.query.limit);
      return rows.map((row) => ({
        identifier: row.id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        template: row.template,
        language: row.language,
        createdAt: row.createdAt.toISOString(),
        attachments: row.attachments.map((attachment, index) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          size: Buffer.byteLength(attachment.contentBase64, 'base64'),
          url: `/api/dev/outbox/${row.id}/attachments/${index}`,
        })),
      }));
    },
  );

  // One email's HTML on its own, for the mailbox page's frame: no script of the email can run
  // (script-src 'none' also stops inline handlers), nothing outside it is loaded but images.
  app.get(
    '/dev/outbox/:id/html',
    { schema: { tags: ['dev'], params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const [row] = await db.select({ html: emails.html }).from(emails).where(eq(emails.id, request.params.id));
      if (!row) throw new AppError('NOT_FOUND');
      return reply
        .type('text/html; charset=utf-8')
        .header(
          'content-security-policy',
          "default-src 'none'; script-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:; frame-ancestors 'self'",
        )
        .header('x-content-type-options', 'nosniff')
        .send(
          `<!doctype html><html><head><meta charset="utf-8"><title>email</title></head><body>${row.html}</body></html>`,
        );
    },
  );

  app.get(
    '/dev/outbox/:id/attachments/:index',
    {
      schema: {
        tags: ['dev'],
        params: z.object({ id: z.uuid(), index: z.coerce.number().int().min(0).max(20) }),
      },
    },
    async (request, reply) => {
      const [row] = await db.select().from(emails).where(eq(emails.id, request.params.id));
      const attachment = row?.attachments[request.params.index];
      if (!attachment) throw new AppError('NOT_FOUND');
      const safeName = attachment.filename.replace(/[^\w.-]/g, '_');
      return reply
        .type(attachment.contentType)
        .header('content-disposition', `attachment; filename="${safeName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(attachment.contentBase64, 'base64'));
    },
  );
};
