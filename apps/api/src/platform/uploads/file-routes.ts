import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../app-error.ts';
import { createPrivateStorage } from './private-storage.ts';
import { verifyFileLink } from './signed-links.ts';

/** GET /files/:token — serves a verified signed link (access was decided when it was signed). */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createPrivateStorage(app.deps.config);
  app.get(
    // A wildcard, not `:token`: route parameters are capped at 100 characters and tokens are longer.
    '/files/*',
    { schema: { hide: true, params: z.object({ '*': z.string().max(2000) }) } },
    async (request, reply) => {
      const link = verifyFileLink(app.deps.config.APP_SECRET, request.params['*'], app.deps.clock.now());
      if (!link) throw new AppError('NOT_FOUND');
      const file = await storage.get(link.key);
      if (!file) throw new AppError('NOT_FOUND');
      const inline = file.contentType.startsWith('image/');
      const encoded = encodeURIComponent(link.filename);
      reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encoded}`);
      return reply.send(file.body);
    },
  );
};
