import { z } from '@app/shared/zod';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emails } from '../../db/schema/index.ts';

const OutboxEmailSchema = z.object({
  identifier: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  template: z.string(),
  language: z.string(),
  createdAt: z.string(),
});

/** Development tools (DEV_TOOLS): the email outbox. Never registered in production by default. */
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
      }));
    },
  );
};
