import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { fixedClock } from '../../platform/clock.ts';
import { privateStorageOf } from '../../platform/uploads/private-storage.ts';
import { DEMO_PROVIDERS, findUserIdByEmail, seedDemoData } from '../../scripts/seed/demo.ts';
import { upcomingFreeSlots } from './next-free-slot.ts';

let t: TestApp;
const SEEDED_AT = new Date('2027-02-01T00:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T06:00:00Z') });
  await seedDemoData(t.deps.db, SEEDED_AT, privateStorageOf(t.deps));
});
afterAll(() => t.close());

describe('demo availability', () => {
  it.each([
    ['provider@demo.test', 'Africa/Lagos'],
    ['sarah.collins@demo.test', 'Europe/London'],
    ['maya.patel@demo.test', 'America/Los_Angeles'],
    ['lena.schmidt@demo.test', 'Europe/Berlin'],
  ])('%s works Monday to Friday, 09:00-17:00 in %s', async (email, zone) => {
    const id = await findUserIdByEmail(t.deps.db, email);
    const res = await t.app.inject({ url: `/api/providers-availability/${id}/timeslot/2027-03-02?timezone=${zone}` });
    expect(res.statusCode).toBe(200);
    const slots = res.json().days[0].timeSlot.map((slot: { startTime: string }) => slot.startTime);
    expect(slots).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    const saturday = await t.app.inject({ url: `/api/providers-availability/${id}/timeslot/2027-03-06` });
    expect(saturday.json().days[0].timeSlot).toEqual([]);
  });

  it("gives every demo provider their practice's pattern, and the patterns differ", async () => {
    const patterns = new Set<string>();
    for (const provider of DEMO_PROVIDERS) {
      const id = await findUserIdByEmail(t.deps.db, provider.email);
      const month = (await t.app.inject({ url: `/api/providers-availability/${id}/month/2027-03` })).json();
      const weekdays = new Set(
        month.days.map((day: { date: string }) => new Date(`${day.date}T12:00:00Z`).getUTCDay() || 7),
      );
      expect([...weekdays].sort(), provider.email).toEqual([...provider.practice.days].sort());
      patterns.add(`${provider.practice.days.join()}|${provider.practice.hours.join()}`);
    }
    expect(patterns.size).toBeGreaterThan(5);
  });

  it('leaves nothing free in the next 7 days of a fully booked demo practice', async () => {
    const full = DEMO_PROVIDERS.filter((provider) => provider.practice.fullyBooked);
    expect(full.length).toBeGreaterThan(0);
    for (const provider of full) {
      const id = await findUserIdByEmail(t.deps.db, provider.email);
      const free = await upcomingFreeSlots(
        t.deps.db,
        [{ providerId: id as string, timezone: provider.timezone }],
        SEEDED_AT,
        1,
      );
      const first = free.get(id as string)?.[0];
      expect(first && first.getTime() - SEEDED_AT.getTime(), provider.email).toBeGreaterThanOrEqual(
        7 * 24 * 3600 * 1000,
      );
    }
  });

  it('documents the availability paths in the OpenAPI description', async () => {
    const spec = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/provider-availability/settings',
        '/api/provider/availability-setting',
        '/api/provider-availability/days/default',
        '/api/provider-availability/days/recurring',
        '/api/provider-availability/days/custom',
        '/api/provider-availability/days/custom/{id}',
        '/api/provider-availability/timeslot/{month}',
        '/api/providers-availability/{providerId}/timeslot/{date}',
        '/api/providers-availability/{providerId}/month/{month}',
      ]),
    );
  });
});
