import { PROFILE_IMAGE_SIZES } from '@app/shared/schemas/profiles';
import type { Storage } from '../../platform/storage.ts';

/** Storage keys of an uploaded picture's variants, from the key prefix kept in the row. */
export function photoVariantKeys(photoKey: string): { large: string; thumbnail: string } {
  return {
    large: `${photoKey}-${PROFILE_IMAGE_SIZES.large}.webp`,
    thumbnail: `${photoKey}-${PROFILE_IMAGE_SIZES.thumbnail}.webp`,
  };
}

/**
 * The URLs of a picture: an uploaded one has a large and a thumbnail variant; an avatar (no key)
 * is one image used for both.
 */
export function photoUrls(
  storage: Storage,
  row: { photoUrl: string | null; photoKey: string | null },
): { photoUrl: string | null; thumbnailUrl: string | null } {
  if (row.photoKey) {
    const keys = photoVariantKeys(row.photoKey);
    return { photoUrl: storage.publicUrl(keys.large), thumbnailUrl: storage.publicUrl(keys.thumbnail) };
  }
  return { photoUrl: row.photoUrl, thumbnailUrl: row.photoUrl };
}
