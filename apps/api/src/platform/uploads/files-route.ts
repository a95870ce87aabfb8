import { buffer } from 'node:stream/consumers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../app-error.ts';
import { rateLimit } from '../rate-limits.ts';
import { privateStorageOf } from './private-storage.ts';
import { isSealedKey, openAtRest } from './sealed-at-rest.ts';
import { verifyFileLink } from './signed-links.ts';

const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** RFC 6266 / 5987: an ASCII fallback and the UTF-8 name. */
function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * GET /api/files/:token: a private file behind a short-lived signed link (signed-links.ts).
 * Access was decided when the link was signed; a tampered or expired link is 404 (nothing tells
 * whether the file exists). Non-images download as attachments; nothing is cached or sniffed.
 * Files under `sealed/` are opened on the way out (sealed-at-rest.ts).
 */
export const privateFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const fileLimit = rateLimit(app, [{ name: 'privateFiles' }]);
  app.get(
    // A wildcard, not `:token`: a signed token is longer than Fastify's 100-character parameter limit.
    '/files/*',
    {
      schema: { tags: ['files'], params: z.object({ '*': z.string().max(2048) }), hide: true },
      preHandler: fileLimit,
    },
    async (request, reply) => {
      const link = verifyFileLink(app.deps.config.APP_SECRET, request.params['*'], app.deps.clock.now());
      if (!link) throw new AppError('NOT_FOUND');
      const file = await privateStorageOf(app.deps).get(link.key);
      if (!file) throw new AppError('NOT_FOUND');
      reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-type', file.contentType)
        .header(
          'content-disposition',
          contentDisposition(INLINE_TYPES.has(file.contentType) ? 'inline' : 'attachment', link.filename),
        );
      if (isSealedKey(link.key)) {
        const plain = openAtRest(app.deps.config.APP_SECRET, link.key, await buffer(file.body));
        return reply.header('content-length', plain.length).send(plain);
      }
      if (file.size) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );
};
