import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { avatars } from '../../db/schema/index.ts';
import { AVATAR_DESIGNS, avatarStorageKey } from '../../modules/profiles/avatar-art.ts';
import { MEDIA_PREFIX } from '../../platform/storage.ts';

/**
 * The avatar rows (no files: the media route renders each image on its first request).
 * Idempotent: an avatar already present keeps its identifier and gets the current image URL.
 */
export async function seedAvatars(db: Tx): Promise<void> {
  await db
    .insert(avatars)
    .values(
      AVATAR_DESIGNS.map((design, position) => ({
        key: design.key,
        photoUrl: `${MEDIA_PREFIX}/${avatarStorageKey(design.key)}`,
        position,
      })),
    )
    .onConflictDoUpdate({
      target: avatars.key,
      set: { photoUrl: sql`excluded.photo_url`, position: sql`excluded.position` },
    });
}
