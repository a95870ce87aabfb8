import { MAX_UPLOAD_BYTES } from '@app/shared/constants';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser } from '../../../test/factories.ts';
import {
  avatars,
  clientProfiles,
  preferenceOptions,
  providerProfiles,
  userPreferences,
  users,
} from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { multipartFile, orientedJpegWithExif, pixelAt, solidPng } from './test-support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') });
});
afterAll(() => t.close());

async function upload(url: string, headers: Record<string, string>, file: ReturnType<typeof multipartFile>) {
  return t.app.inject({ method: 'POST', url, payload: file.payload, headers: { ...headers, ...file.headers } });
}

async function media(url: string) {
  return t.app.inject({ url });
}

async function clientRow(userId: string) {
  const [row] = await t.deps.db.select().from(clientProfiles).where(eq(clientProfiles.userId, userId));
  return row;
}

describe('client profile picture', () => {
  it('re-encodes a 300×300 JPEG upright as WebP variants without its EXIF, and serves them immutable', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const res = await upload(
      '/api/client/profile-picture',
      client.headers,
      multipartFile(await orientedJpegWithExif(), { filename: 'me.jpg', contentType: 'image/jpeg' }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.photoUrl).toMatch(/^\/media\/profiles\/[0-9a-f]{32}-512\.webp$/);
    expect(body.thumbnailUrl).toBe(body.photoUrl.replace('-512.webp', '-128.webp'));

    const large = await media(body.photoUrl);
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-type']).toBe('image/webp');
    expect(large.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const image = large.rawPayload;
    const metadata = await sharp(image).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(image.includes('Secret Camera Owner')).toBe(false);
    // Stored red-on-top with orientation 6: upright, the red half is on the right.
    const [lr, , lb] = await pixelAt(image, 100, 256);
    const [rr, , rb] = await pixelAt(image, 400, 256);
    expect(lb).toBeGreaterThan(200);
    expect(lr).toBeLessThan(60);
    expect(rr).toBeGreaterThan(200);
    expect(rb).toBeLessThan(60);

    const thumbnail = await media(body.thumbnailUrl);
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 128, height: 128 });

    const row = await clientRow(client.id);
    expect(row?.photoKey).toMatch(/^profiles\/[0-9a-f]{32}$/);
    expect(row?.avatarId).toBeNull();
    const profile = (await t.app.inject({ url: '/api/client', headers: client.headers })).json();
    expect(profile).toMatchObject({ photoUrl: body.photoUrl, thumbnailUrl: body.thumbnailUrl, avatarIdentifier: null });
  });

  it('refuses a 100×100 PNG with the dimensions message and stores nothing', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const res = await upload('/api/client/profile-picture', client.headers, multipartFile(await solidPng(100, 100)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'IMAGE_TOO_SMALL',
      message: 'Image dimensions should be at least 200x200 pixels.',
    });
    expect(await clientRow(client.id)).toBeUndefined();
  });

  it('refuses a text file named .png by its content', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const res = await upload(
      '/api/client/profile-picture',
      client.headers,
      multipartFile(Buffer.from('this is not an image at all\n'.repeat(20)), { filename: 'cat.png' }),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 'INVALID_IMAGE', message: 'Please upload a valid image file.' });
    expect(await clientRow(client.id)).toBeUndefined();
  });

  it('refuses an SVG even though it is an image format sharp can read', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400"/></svg>',
    );
    const res = await upload(
      '/api/client/profile-picture',
      client.headers,
      multipartFile(svg, { filename: 'x.svg', contentType: 'image/svg+xml' }),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Please upload a valid image file.');
  });

  it('refuses an 11 MB file, and a file of 10 MB plus one byte, as too large', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const png = await solidPng(300, 300);
    for (const size of [11 * 1024 * 1024, MAX_UPLOAD_BYTES + 1]) {
      const big = Buffer.concat([png, Buffer.alloc(size - png.length)]);
      const res = await upload('/api/client/profile-picture', client.headers, multipartFile(big));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ code: 'IMAGE_TOO_LARGE', message: 'File size should not exceed 10MB.' });
    }
    expect(await clientRow(client.id)).toBeUndefined();
  });

  it('answers 400 when the multipart body has no field named file, and 415 for a JSON body', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const wrongField = await upload(
      '/api/client/profile-picture',
      client.headers,
      multipartFile(await solidPng(300, 300), { field: 'picture' }),
    );
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ fieldErrors: { file: ['This field is required'] } });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/client/profile-picture',
      headers: client.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('replaces an earlier picture and deletes its files; DELETE removes the picture', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const first = (
      await upload('/api/client/profile-picture', client.headers, multipartFile(await solidPng(400, 400, '#ff0000')))
    ).json();
    const second = (
      await upload('/api/client/profile-picture', client.headers, multipartFile(await solidPng(640, 480, '#00ff00')))
    ).json();
    expect(second.photoUrl).not.toBe(first.photoUrl);
    expect((await media(first.photoUrl)).statusCode).toBe(404);
    expect((await media(first.thumbnailUrl)).statusCode).toBe(404);
    expect((await media(second.photoUrl)).statusCode).toBe(200);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/client/profile-picture',
      headers: client.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ photoUrl: null, thumbnailUrl: null });
    expect((await media(second.photoUrl)).statusCode).toBe(404);
    expect(await clientRow(client.id)).toMatchObject({ photoUrl: null, photoKey: null, avatarId: null });
  });

  it('is for clients only: a provider gets 403 and nothing is stored', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const res = await upload('/api/client/profile-picture', provider.headers, multipartFile(await solidPng(300, 300)));
    expect(res.statusCode).toBe(403);
    expect(await clientRow(provider.id)).toBeUndefined();
    const anonymous = await t.app.inject({ method: 'DELETE', url: '/api/client/profile-picture' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('provider photo', () => {
  it('stores the provider photo and shows it in GET /provider', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const res = await upload('/api/provider/update/photo', provider.headers, multipartFile(await solidPng(800, 600)));
    expect(res.statusCode).toBe(200);
    const { photoUrl, thumbnailUrl } = res.json();
    expect(photoUrl).toMatch(/^\/media\/profiles\/[0-9a-f]{32}-512\.webp$/);
    const [row] = await t.deps.db.select().from(providerProfiles).where(eq(providerProfiles.userId, provider.id));
    expect(row?.photoUrl).toBe(photoUrl);
    const profile = (await t.app.inject({ url: '/api/provider', headers: provider.headers })).json();
    expect(profile.profileInfo).toMatchObject({ photo: photoUrl, thumbnail: thumbnailUrl });
    expect((await media(photoUrl)).statusCode).toBe(200);
  });

  it('checks provider photos by content too, and refuses clients', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const small = await upload('/api/provider/update/photo', provider.headers, multipartFile(await solidPng(199, 400)));
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toBe('Image dimensions should be at least 200x200 pixels.');
    const client = await createTestUser(t, { role: 'client' });
    const forbidden = await upload(
      '/api/provider/update/photo',
      client.headers,
      multipartFile(await solidPng(300, 300)),
    );
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('avatars', () => {
  it('lists twelve avatars whose images are real 512×512 WebP files', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const res = await t.app.inject({ url: '/api/client/avatars', headers: client.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(12);
    expect(new Set(list.map((avatar: { photoUrl: string }) => avatar.photoUrl)).size).toBe(12);
    const image = await media(list[0].photoUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
  });

  it('sets the chosen avatar as the client picture and removes an uploaded one', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const uploaded = (
      await upload('/api/client/profile-picture', client.headers, multipartFile(await solidPng(300, 300)))
    ).json();
    const [avatar] = await t.deps.db.select().from(avatars).where(eq(avatars.key, 'avatar-05'));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/client/avatar/${avatar?.id}`,
      headers: client.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ photoUrl: avatar?.photoUrl });
    expect(await clientRow(client.id)).toMatchObject({
      avatarId: avatar?.id,
      photoUrl: avatar?.photoUrl,
      photoKey: null,
    });
    expect((await media(uploaded.photoUrl)).statusCode).toBe(404);
    const profile = (await t.app.inject({ url: '/api/client', headers: client.headers })).json();
    expect(profile).toMatchObject({ photoUrl: avatar?.photoUrl, avatarIdentifier: avatar?.id });
  });

  it('answers 404 for an unknown avatar and 403 for a provider, changing nothing', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/client/avatar/00000000-0000-4000-8000-000000000000',
      headers: client.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(await clientRow(client.id)).toBeUndefined();
    const provider = await createTestUser(t, { role: 'provider' });
    const [avatar] = await t.deps.db.select().from(avatars).limit(1);
    const forbidden = await t.app.inject({
      method: 'POST',
      url: `/api/client/avatar/${avatar?.id}`,
      headers: provider.headers,
    });
    expect(forbidden.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/client/avatars', headers: provider.headers })).statusCode).toBe(403);
  });
});

describe('account deletion', () => {
  it('erases the client profile, the preference choices and the picture files', async () => {
    const client = await createTestUser(t, { role: 'client' });
    await t.deps.db.update(users).set({ isSocial: true }).where(eq(users.id, client.id));
    await t.app.inject({
      method: 'PUT',
      url: '/api/client',
      headers: client.headers,
      payload: { userName: 'leaving_soon' },
    });
    const [option] = await t.deps.db
      .select()
      .from(preferenceOptions)
      .where(eq(preferenceOptions.list, 'trait'))
      .limit(1);
    await t.app.inject({
      method: 'PUT',
      url: '/api/client/preferences',
      headers: client.headers,
      payload: { trait: [option?.id] },
    });
    const { photoUrl } = (
      await upload('/api/client/profile-picture', client.headers, multipartFile(await solidPng(300, 300)))
    ).json();

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/profile/delete-account',
      headers: client.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(await clientRow(client.id)).toBeUndefined();
    expect(await t.deps.db.select().from(userPreferences).where(eq(userPreferences.userId, client.id))).toEqual([]);
    expect((await media(photoUrl)).statusCode).toBe(404);
  });
});

describe('media route', () => {
  it('never leaves the storage root and answers 404 for anything unknown', async () => {
    for (const url of [
      '/media/../../package.json',
      '/media/%2e%2e/%2e%2e/package.json',
      '/media/profiles/..%2f..%2fapp-secret',
      '/media/avatars/avatar-99-v1.webp',
      '/media/avatars/avatar-01-v999.webp',
      '/media/profiles/does-not-exist-512.webp',
      '/media/',
    ]) {
      const res = await media(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
  });
});
