import { MAX_UPLOAD_BYTES } from '@app/shared/constants';
import { type Avatar, type Photo, PROFILE_IMAGE_SIZES } from '@app/shared/schemas/profiles';
import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { avatars, clientProfiles, providerProfiles } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { inspectImage, renderSvgToWebp, squareWebpVariants } from '../../platform/images.ts';
import { randomKeyBase, type Storage, type StoredFile } from '../../platform/storage.ts';
import { avatarStorageKey, avatarSvg, findAvatarDesign } from './avatar-art.ts';
import { assertRole, lockUser } from './checks.ts';
import type { ProfilesDeps } from './deps.ts';
import { photoUrls, photoVariantKeys } from './photo-urls.ts';

/**
 * The bytes of the multipart field `file`. The multipart limit is 10 MB + 1 byte, so a file
 * of more than 10 MB is either cut off by the parser (which throws) or caught here.
 */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  const part = await request.file();
  if (part?.fieldname !== 'file') throw fieldError('file', 'validation.required');
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('IMAGE_TOO_LARGE');
    throw error;
  }
  if (buffer.length > MAX_UPLOAD_BYTES || part.file.truncated) throw new AppError('IMAGE_TOO_LARGE');
  return buffer;
}

/** Checks and re-encodes a picture, then stores its variants under a fresh random key. */
async function storeProfileImage(storage: Storage, buffer: Buffer): Promise<string> {
  await inspectImage(buffer);
  const variants = await squareWebpVariants(buffer, [PROFILE_IMAGE_SIZES.large, PROFILE_IMAGE_SIZES.thumbnail]);
  const photoKey = randomKeyBase('profiles');
  const keys = photoVariantKeys(photoKey);
  await storage.put(keys.large, variants.get(PROFILE_IMAGE_SIZES.large) as Buffer, { contentType: 'image/webp' });
  await storage.put(keys.thumbnail, variants.get(PROFILE_IMAGE_SIZES.thumbnail) as Buffer, {
    contentType: 'image/webp',
  });
  return photoKey;
}

/** Removes a picture's files; a failure only leaves an orphan file, so it is logged, not thrown. */
export async function removeProfileImage(deps: ProfilesDeps, photoKey: string | null | undefined): Promise<void> {
  if (!photoKey) return;
  const keys = photoVariantKeys(photoKey);
  try {
    await Promise.all([deps.storage.delete(keys.large), deps.storage.delete(keys.thumbnail)]);
  } catch (error) {
    deps.log?.warn({ err: error, photoKey }, 'could not delete an old profile picture');
  }
}

/**
 * Writes the new picture (or none) into the user's row under the row lock, then deletes the
 * files it replaced. If the database write fails, the new files are deleted instead.
 */
async function swapPicture(
  deps: ProfilesDeps,
  input: {
    newKey: string | null;
    write: (tx: Tx) => Promise<string | null>;
  },
): Promise<void> {
  let oldKey: string | null;
  try {
    oldKey = await deps.db.transaction(input.write);
  } catch (error) {
    await removeProfileImage(deps, input.newKey);
    throw error;
  }
  if (oldKey !== input.newKey) await removeProfileImage(deps, oldKey);
}

async function setClientPicture(
  deps: ProfilesDeps,
  userId: string,
  picture: { photoUrl: string | null; photoKey: string | null; avatarId: string | null },
): Promise<void> {
  const now = deps.clock.now();
  await swapPicture(deps, {
    newKey: picture.photoKey,
    write: async (tx) => {
      await lockUser(tx, userId);
      const [current] = await tx
        .select({ photoKey: clientProfiles.photoKey })
        .from(clientProfiles)
        .where(eq(clientProfiles.userId, userId));
      const values = { ...picture, updatedAt: now };
      await tx
        .insert(clientProfiles)
        .values({ userId, ...values, createdAt: now })
        .onConflictDoUpdate({ target: clientProfiles.userId, set: values });
      return current?.photoKey ?? null;
    },
  });
}

/** POST /client/profile-picture. */
export async function uploadClientPicture(deps: ProfilesDeps, input: { actor: Actor; file: Buffer }): Promise<Photo> {
  assertRole(input.actor, 'client');
  const photoKey = await storeProfileImage(deps.storage, input.file);
  await setClientPicture(deps, input.actor.userId, { photoUrl: null, photoKey, avatarId: null });
  return photoUrls(deps.storage, { photoUrl: null, photoKey });
}

/** DELETE /client/profile-picture: no picture and no avatar afterwards. */
export async function deleteClientPicture(deps: ProfilesDeps, input: { actor: Actor }): Promise<Photo> {
  assertRole(input.actor, 'client');
  await setClientPicture(deps, input.actor.userId, { photoUrl: null, photoKey: null, avatarId: null });
  return { photoUrl: null, thumbnailUrl: null };
}

/** POST /provider/update/photo. */
export async function uploadProviderPhoto(deps: ProfilesDeps, input: { actor: Actor; file: Buffer }): Promise<Photo> {
  assertRole(input.actor, 'provider');
  const photoKey = await storeProfileImage(deps.storage, input.file);
  const photo = photoUrls(deps.storage, { photoUrl: null, photoKey });
  const now = deps.clock.now();
  await swapPicture(deps, {
    newKey: photoKey,
    write: async (tx) => {
      await lockUser(tx, input.actor.userId);
      const [current] = await tx
        .select({ photoKey: providerProfiles.photoKey })
        .from(providerProfiles)
        .where(eq(providerProfiles.userId, input.actor.userId));
      const values = { photoKey, photoUrl: photo.photoUrl, updatedAt: now };
      await tx
        .insert(providerProfiles)
        .values({ userId: input.actor.userId, ...values, createdAt: now })
        .onConflictDoUpdate({ target: providerProfiles.userId, set: values });
      return current?.photoKey ?? null;
    },
  });
  return photo;
}

export async function listAvatars(db: Db): Promise<Avatar[]> {
  const rows = await db.select().from(avatars).orderBy(asc(avatars.position));
  return rows.map((row) => ({ identifier: row.id, photoUrl: row.photoUrl }));
}

/** POST /client/avatar/{id}: the avatar becomes the client's picture (an uploaded one is removed). */
export async function chooseAvatar(
  deps: ProfilesDeps,
  input: { actor: Actor; avatarId: string },
): Promise<{ photoUrl: string }> {
  assertRole(input.actor, 'client');
  const [avatar] = await deps.db.select().from(avatars).where(eq(avatars.id, input.avatarId));
  if (!avatar) throw new AppError('NOT_FOUND');
  await setClientPicture(deps, input.actor.userId, { photoUrl: avatar.photoUrl, photoKey: null, avatarId: avatar.id });
  return { photoUrl: avatar.photoUrl };
}

const AVATAR_KEY = /^avatars\/(avatar-\d{2})-v\d+\.webp$/;

/** Avatar images are drawn on their first request and kept in storage from then on. */
export async function renderAvatarFile(storage: Storage, key: string): Promise<StoredFile | null> {
  const design = findAvatarDesign(AVATAR_KEY.exec(key)?.[1] ?? '');
  if (!design || avatarStorageKey(design.key) !== key) return null;
  await storage.put(key, await renderSvgToWebp(avatarSvg(design), 512), { contentType: 'image/webp' });
  return storage.get(key);
}
