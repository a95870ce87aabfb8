import { VisitorFlagsSchema } from '@app/shared/schemas/flags';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestFlags } from './service.ts';

/**
 * GET /flags: every flag for this visitor (the visitor-id cookie, set here when missing, and the
 * country: X-Country-Code, the country cookie, a trusted proxy header, else NG). Pages fetch it
 * in the browser, so server-rendered HTML never depends on a flag (public pages stay cacheable).
 */
export const flagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/flags', { schema: { tags: ['flags'], response: { 200: VisitorFlagsSchema } } }, async (request, reply) => ({
    flags: await requestFlags(app, request, reply),
  }));
};
