import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { providerProfiles } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { PREFERENCE_LISTS, THERAPY_CATEGORIES } from '../../scripts/seed/reference-data.ts';
import { directoryProvider } from './test-support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') });
  await directoryProvider(t, {
    firstName: 'Maya',
    lastName: "D'Souza-Patel",
    countryCode: 'US',
    timezone: 'America/Los_Angeles',
    state: 'US-CA',
    licensed: ['US-NY'],
    options: { therapy: ['couples-therapy'], specialities: ['anxiety'] },
  });
  await directoryProvider(t, {
    firstName: 'Daniel',
    lastName: 'Brooks',
    countryCode: 'US',
    timezone: 'America/New_York',
    state: 'US-NY',
    licensed: ['US-CA'],
    options: { therapy: ['individual-therapy', 'couples-therapy'], specialities: ['burnout'] },
  });
  // Licensed in California but practising in Nigeria: the US directory does not list them.
  await directoryProvider(t, {
    firstName: 'Ngozi',
    lastName: 'Okafor-Eze',
    state: 'NG-LA',
    licensed: ['US-CA'],
    options: { therapy: ['couples-therapy'], specialities: ['anxiety'] },
  });
  await directoryProvider(t, {
    firstName: 'Lena',
    lastName: 'Schmidt',
    countryCode: 'DE',
    timezone: 'Europe/Berlin',
    state: 'DE-BE',
    options: { therapy: ['family-therapy'], specialities: ['depression'] },
  });
  // Not approved: counted nowhere, listed nowhere.
  const hidden = await directoryProvider(t, {
    firstName: 'Tunde',
    lastName: 'Bello',
    state: 'NG-LA',
    options: { therapy: ['group-therapy'], specialities: ['stress'] },
  });
  await t.deps.db.update(providerProfiles).set({ approvedAt: null }).where(eq(providerProfiles.userId, hidden.id));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function counts(countryCode?: string) {
  const response = await t.app.inject({
    url: `/api/providers/stats/home${countryCode ? `?countryCode=${countryCode}` : ''}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function listed(query: string): Promise<number> {
  const response = await t.app.inject({ url: `/api/providers?perPage=50&${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().total;
}

describe('home link counts', () => {
  it.each(['NG', 'US', 'DE', 'GB', undefined])('agree with the lists they link to (%s)', async (countryCode) => {
    const answer = await counts(countryCode);
    const country = countryCode ? `countryCode=${countryCode}&` : '';
    for (const state of answer.topStates) {
      expect(await listed(`${country}state=${state.code}`), state.code).toBe(state.providerCount);
    }
    for (const { key } of THERAPY_CATEGORIES) {
      expect(await listed(`${country}therapy=${key}`), key).toBe(answer.therapy[key] ?? 0);
    }
    for (const { key } of PREFERENCE_LISTS.specialities) {
      expect(await listed(`${country}specialities=${key}`), key).toBe(answer.specialities[key] ?? 0);
    }
  });

  it('counts each state and option of a country once per listed provider', async () => {
    expect(await counts('US')).toMatchObject({
      countryCode: 'US',
      topStates: [
        { code: 'US-CA', providerCount: 2 },
        { code: 'US-NY', providerCount: 2 },
      ],
      therapy: { 'couples-therapy': 2, 'individual-therapy': 1 },
      specialities: { anxiety: 1, burnout: 1 },
    });
    const nigeria = await counts('NG');
    expect(nigeria.topStates.map((state: { code: string }) => state.code)).toEqual(['NG-LA']);
    expect(nigeria.therapy).toEqual({ 'couples-therapy': 1 });
    expect((await counts()).therapy).toEqual({ 'couples-therapy': 3, 'individual-therapy': 1, 'family-therapy': 1 });
  });

  it('agrees with the state statistics the state picker reads', async () => {
    const response = await t.app.inject({ url: '/api/providers/stats/states?countryCode=US&top=3' });
    expect(
      response.json().map((state: { code: string; providerCount: number }) => [state.code, state.providerCount]),
    ).toEqual([
      ['US-CA', 2],
      ['US-NY', 2],
    ]);
  });
});
