import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { preferenceOptions, states, users } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { pastBooking, reviewed } from '../reviews/test-support.ts';
import { directoryProvider } from './test-support.ts';

let t: TestApp;
let client: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') }); // a Monday
  // Speaks Yoruba, CBT, in Lagos, free today.
  await directoryProvider(t, {
    firstName: 'Ada',
    lastName: 'Eze',
    state: 'NG-LA',
    gender: 'female',
    options: { language: ['en', 'yo'], therapyApproach: ['cbt'], specialities: ['anxiety'] },
  });
  // CBT and anxiety, but no Yoruba; free only on Saturdays.
  await directoryProvider(t, {
    firstName: 'Bola',
    lastName: 'Ajayi',
    state: 'NG-OY',
    gender: 'male',
    days: [6],
    options: { language: ['en'], therapyApproach: ['cbt'], specialities: ['anxiety'] },
  });
  // Nothing the client asked for, but excellent reviews and free today.
  const rated = await directoryProvider(t, {
    firstName: 'Chidi',
    lastName: 'Okeke',
    state: 'NG-FC',
    gender: 'male',
    options: { language: ['ig'] },
  });
  for (const rating of [5, 5, 4.5]) {
    const reviewer = await createTestUser(t, { role: 'client' });
    await reviewed(t, reviewer, await pastBooking(t, reviewer, rated), { rating });
  }
  // Not listed: never recommended.
  await createTestUser(t, { role: 'provider', verificationStatus: 'submitted' });

  client = await createTestUser(t, { role: 'client', firstName: 'Tolu', lastName: 'Ade' });
  const options = await t.deps.db
    .select({ id: preferenceOptions.id, list: preferenceOptions.list })
    .from(preferenceOptions)
    .where(inArray(preferenceOptions.key, ['yo', 'cbt', 'anxiety', 'female', 'no-preference']));
  const payload: Record<string, string[]> = {};
  for (const option of options.filter((row) =>
    ['language', 'therapyApproach', 'specialities', 'gender'].includes(row.list),
  )) {
    payload[option.list] = [...(payload[option.list] ?? []), option.id];
  }
  const saved = await t.app.inject({ method: 'PUT', url: '/api/client/preferences', headers: client.headers, payload });
  expect(saved.statusCode, saved.body).toBe(200);
  const [lagos] = await t.deps.db.select({ id: states.id }).from(states).where(eq(states.code, 'NG-LA'));
  await t.deps.db
    .update(users)
    .set({ stateId: lagos?.id })
    .where(and(eq(users.id, client.id)));
});
afterAll(() => t.close());

describe('GET /recommended-provider', () => {
  it('ranks providers by the client’s preferences, place and availability, with the reasons', async () => {
    const response = await t.app.inject({ url: '/api/recommended-provider', headers: client.headers });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.hasPreferences).toBe(true);
    expect(body.data.map((item: { name: string }) => item.name)).toEqual(['Ada Eze', 'Bola Ajayi', 'Chidi Okeke']);
    const [ada, bola, chidi] = body.data;
    expect(ada.reasons.map((reason: { label: string }) => reason.label)).toEqual([
      'Speaks Yoruba',
      'Helps with Anxiety',
      'Cognitive Behavioural Therapy (CBT)',
      'Available this week',
      'Female therapist',
      'In or licensed in Lagos',
    ]);
    expect(ada.score).toBe(30 + 20 + 15 + 15 + 10 + 8);
    expect(bola.reasons.map((reason: { code: string }) => reason.code)).toEqual([
      'specialities',
      'therapyApproach',
      'availableThisWeek',
    ]);
    expect(chidi).toMatchObject({ rating: 4.8, reviewCount: 3 });
    expect(chidi.reasons.map((reason: { code: string }) => reason.code)).toEqual(['availableThisWeek', 'rating']);
    expect(chidi.reasons[1].label).toBe('Rated 4.8 by 3 clients');

    const again = await t.app.inject({ url: '/api/recommended-provider', headers: client.headers });
    expect(again.json()).toEqual(body);
    const german = await t.app.inject({
      url: '/api/recommended-provider?limit=1',
      headers: { ...client.headers, 'x-language': 'de' },
    });
    expect(german.json().data).toHaveLength(1);
    expect(german.json().data[0].reasons[0].label).toBe('Spricht Yoruba');
    // The rating reads the German way too.
    const germanAll = await t.app.inject({
      url: '/api/recommended-provider',
      headers: { ...client.headers, 'x-language': 'de' },
    });
    const germanChidi = germanAll
      .json()
      .data.find((item: { reasons: { code: string }[] }) => item.reasons.some((reason) => reason.code === 'rating'));
    expect(germanChidi.reasons.find((reason: { code: string }) => reason.code === 'rating').label).toBe(
      'Mit 4,8 bewertet von 3 Klient:innen',
    );
  });

  it('is for clients only', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    expect((await t.app.inject({ url: '/api/recommended-provider', headers: provider.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/recommended-provider' })).statusCode).toBe(401);
  });

  it('falls back to availability and rating for a client without preferences', async () => {
    const newcomer = await createTestUser(t, { role: 'client' });
    const body = (await t.app.inject({ url: '/api/recommended-provider', headers: newcomer.headers })).json();
    expect(body.hasPreferences).toBe(false);
    expect(body.data[0].name).toBe('Chidi Okeke');
  });
});
