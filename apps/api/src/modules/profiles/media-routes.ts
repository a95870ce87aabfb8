import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../platform/app-error.ts';
import { isValidStorageKey, MEDIA_PREFIX, publicStorage } from '../../platform/storage.ts';
import { renderAvatarFile } from './pictures.ts';

/**
 * GET /media/<key>: public files (profile pictures, avatars), outside /api. Keys are random and
 * never reused, so answers are cached for a year. A key that could leave the storage root is
 * refused before the disk is touched.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const storage = publicStorage(app.deps.config);

  app.get(`${MEDIA_PREFIX}/*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isValidStorageKey(key)) throw new AppError('NOT_FOUND');
    const file = (await storage.get(key)) ?? (key.startsWith('avatars/') ? await renderAvatarFile(storage, key) : null);
    if (!file) throw new AppError('NOT_FOUND');
    return reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
};
