import { PREFERENCE_LIST_NAMES } from '@app/shared/schemas/catalog';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { concerns, providerConcerns, userPreferences } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { loadReferenceIds } from './test-support.ts';

let t: TestApp;
let ids: Awaited<ReturnType<typeof loadReferenceIds>>;

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') });
  ids = await loadReferenceIds(t);
});
afterAll(() => t.close());

function put(user: TestUser, role: 'client' | 'provider', payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/${role}/preferences`,
    headers: { ...user.headers, ...headers },
    payload: payload as Record<string, unknown>,
  });
}

async function stored(userId: string) {
  const rows = await t.deps.db
    .select({ optionId: userPreferences.optionId, list: userPreferences.list })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return rows.sort((a, b) => `${a.list}${a.optionId}`.localeCompare(`${b.list}${b.optionId}`));
}

describe('client preferences', () => {
  it('answers every list, empty at first', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const res = await t.app.inject({ url: '/api/client/preferences', headers: client.headers });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual([...PREFERENCE_LIST_NAMES].sort());
    expect(Object.values(res.json()).every((list) => Array.isArray(list) && list.length === 0)).toBe(true);
  });

  it('replaces the lists sent, keeps the others, and answers named options in the request language', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const video = ids.option('modality', 'video-session');
    const chat = ids.option('modality', 'chat-messaging');
    const female = ids.option('gender', 'female');
    expect((await put(client, 'client', { modality: [video, chat, video], gender: [female] })).statusCode).toBe(200);
    const res = await put(client, 'client', { modality: [chat] }, { 'x-language': 'de' });
    expect(res.statusCode).toBe(200);
    expect(res.json().modality).toEqual([{ identifier: chat, key: 'chat-messaging', name: 'Chat / Nachrichten' }]);
    expect(res.json().gender).toEqual([{ identifier: female, key: 'female', name: 'Weiblich' }]);
    expect(await stored(client.id)).toEqual(
      [
        { optionId: female, list: 'gender' },
        { optionId: chat, list: 'modality' },
      ].sort((a, b) => `${a.list}${a.optionId}`.localeCompare(`${b.list}${b.optionId}`)),
    );
    const cleared = await put(client, 'client', { gender: [] });
    expect(cleared.json().gender).toEqual([]);
    expect(await stored(client.id)).toEqual([{ optionId: chat, list: 'modality' }]);
  });

  it('answers 400 for an option of another list or an unknown option, and changes nothing', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const video = ids.option('modality', 'video-session');
    await put(client, 'client', { modality: [video] });
    const res = await put(client, 'client', {
      modality: [ids.option('gender', 'male')],
      trait: ['00000000-0000-4000-8000-000000000000'],
      religion: [ids.option('religion', 'islam')],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { modality: ['Choose one of the listed options'], trait: ['Choose one of the listed options'] },
    });
    expect(await stored(client.id)).toEqual([{ optionId: video, list: 'modality' }]);
  });

  it('answers 400 for an unknown list name and a malformed identifier', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const unknownList = await put(client, 'client', { favouriteColour: [ids.option('gender', 'male')] });
    expect(unknownList.statusCode).toBe(400);
    expect(unknownList.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Unknown preference list' });
    const malformed = await put(client, 'client', { modality: ['video-session'] });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors).toEqual({ 'modality.0': ['Invalid identifier'] });
    expect(await stored(client.id)).toEqual([]);
  });

  it('keeps clients and providers to their own preference routes', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const provider = await createTestUser(t, { role: 'provider' });
    expect((await t.app.inject({ url: '/api/provider/preferences', headers: client.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/client/preferences', headers: provider.headers })).statusCode).toBe(403);
    const video = ids.option('modality', 'video-session');
    expect((await put(client, 'provider', { modality: [video] })).statusCode).toBe(403);
    expect(await stored(client.id)).toEqual([]);
  });
});

describe('provider preferences', () => {
  it('stores the lists and turns chosen specialities into the concerns the provider treats', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const [bipolar] = await t.deps.db.select().from(concerns).where(eq(concerns.key, 'bipolar-disorder'));
    // A concern outside the specialities list stays whatever the specialities are.
    await t.deps.db.insert(providerConcerns).values({ providerId: provider.id, concernId: bipolar?.id as string });
    const anxiety = ids.option('specialities', 'anxiety');
    const grief = ids.option('specialities', 'grief-and-loss');
    const res = await put(provider, 'provider', {
      specialities: [anxiety, grief],
      language: [ids.option('language', 'yo')],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().specialities.map((item: { key: string }) => item.key)).toEqual(['anxiety', 'grief-and-loss']);
    expect(res.json().language.map((item: { key: string }) => item.key)).toEqual(['yo']);

    const treated = async () =>
      (
        await t.deps.db
          .select({ key: concerns.key })
          .from(providerConcerns)
          .innerJoin(concerns, eq(concerns.id, providerConcerns.concernId))
          .where(eq(providerConcerns.providerId, provider.id))
      )
        .map((row) => row.key)
        .sort();
    expect(await treated()).toEqual(['anxiety', 'bipolar-disorder', 'grief-and-loss']);

    await put(provider, 'provider', { specialities: [grief] });
    expect(await treated()).toEqual(['bipolar-disorder', 'grief-and-loss']);
    const rows = await t.deps.db
      .select()
      .from(userPreferences)
      .where(and(eq(userPreferences.userId, provider.id), eq(userPreferences.list, 'specialities')));
    expect(rows.map((row) => row.optionId)).toEqual([grief]);
  });

  it('answers the same lists in GET /api/provider/preferences and GET /api/provider', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    await put(provider, 'provider', { communication: [ids.option('communication', 'faith-informed')] });
    const preferences = (await t.app.inject({ url: '/api/provider/preferences', headers: provider.headers })).json();
    const profile = (await t.app.inject({ url: '/api/provider', headers: provider.headers })).json();
    expect(preferences.communication).toHaveLength(1);
    expect(profile.preferences).toEqual(preferences);
  });
});
