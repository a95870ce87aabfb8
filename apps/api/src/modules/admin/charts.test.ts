import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Catalog,
  catalog,
  createBookingVia,
  createProvider,
  listedSlot,
  scheduleVia,
} from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { payments, users } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { earn } from '../money/test-helpers.ts';

const clock = fixedClock('2027-03-01T09:00:00Z');
let t: TestApp;
let ids: Catalog;
let admin: TestUser;
let provider: TestUser;
let client: TestUser;
let otherClient: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  ids = await catalog(t);
  admin = await createTestUser(t, { role: 'admin' });
  provider = await createProvider(t, { fee: 500_000, firstName: 'Chiamaka' });
  client = await createTestUser(t, { role: 'client', firstName: "Seán O'Brien" });
  otherClient = await createTestUser(t, { role: 'client' });
  // Accounts are stamped by the database's clock; the charts read them on the test's day.
  await t.deps.db
    .update(users)
    .set({ createdAt: clock.now() })
    .where(inArray(users.id, [provider.id, client.id, otherClient.id]));
  // A session paid and credited on 1 March (gross 500,000 NGN), a booking held, a declined top-up.
  await earn(t, provider.id, client.id, 500_000);
  const booking = await createBookingVia(t, otherClient, provider, ids);
  await scheduleVia(t, otherClient, booking.identifier, (await listedSlot(t, provider.id, '2027-03-03')).identifier);
  await t.deps.db.insert(payments).values({
    reference: `test-${randomUUID()}`,
    userId: client.id,
    purpose: 'top_up',
    channel: 'card',
    gateway: 'sandbox',
    amountMinor: 50_000,
    currencyCode: 'NGN',
    callbackUrl: '/wallet/',
    status: 'failed',
    createdAt: clock.now(),
    updatedAt: clock.now(),
  });
});
afterAll(() => t.close());

const get = (user: TestUser | null, url: string) => t.app.inject({ url, headers: user ? user.headers : {} });

describe('GET /admin/charts', () => {
  it('answers every day of the last 30 days with bookings, sign-ups, failed top-ups, revenue and no-shows', async () => {
    const response = await get(admin, '/api/admin/charts');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ days: 30, from: '2027-01-31', to: '2027-03-01' });
    expect(body.daily).toHaveLength(30);
    expect(body.daily.at(-1)).toEqual({
      date: '2027-03-01',
      bookings: 1,
      newProviders: 1,
      newClients: 2,
      topUpFailures: 1,
    });
    expect(body.daily[0]).toEqual({
      date: '2027-01-31',
      bookings: 0,
      newProviders: 0,
      newClients: 0,
      topUpFailures: 0,
    });
    const [ngn] = body.revenue;
    expect(ngn.currencyCode).toBe('NGN');
    expect(ngn.totalMinor).toBeGreaterThan(0);
    expect(ngn.totalMinor).toBeLessThan(500_000);
    expect(ngn.daily.at(-1)).toEqual({ date: '2027-03-01', amountMinor: ngn.totalMinor });
    expect(body.noShows).toEqual({ sessions: 0, clientNoShows: 0, providerNoShows: 0, rate: null });
  });

  it('answers 90 days when asked, and refuses any other period with the translated error', async () => {
    const ninety = await get(admin, '/api/admin/charts?days=90');
    expect(ninety.json().daily).toHaveLength(90);
    const bad = await t.app.inject({
      url: '/api/admin/charts?days=7',
      headers: { ...admin.headers, 'x-language': 'de' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.days).toBeDefined();
  });

  it('is for admins only: 401 without a session, 403 for a provider or a client', async () => {
    expect((await get(null, '/api/admin/charts')).statusCode).toBe(401);
    expect((await get(provider, '/api/admin/charts')).statusCode).toBe(403);
    expect((await get(client, '/api/admin/charts')).statusCode).toBe(403);
  });
});

describe('GET /earnings/charts and /wallet/charts', () => {
  it("answers the provider's own twelve months: earnings credited and sessions, per currency", async () => {
    const response = await get(provider, '/api/earnings/charts');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.months).toHaveLength(12);
    expect(body.months.at(-1)).toBe('2027-03');
    expect(body.months[0]).toBe('2026-04');
    const [ngn] = body.currencies;
    expect(ngn.currencyCode).toBe('NGN');
    const march = ngn.monthly.at(-1);
    expect(march.sessions).toBe(1);
    expect(march.earnedMinor).toBeGreaterThan(0);
    expect(march.earnedMinor).toBeLessThan(500_000);
    expect(ngn.monthly[0]).toEqual({ month: '2026-04', earnedMinor: 0, sessions: 0 });
  });

  it("answers the client's own spending and top-ups; another client's wallet never shows", async () => {
    const mine = (await get(client, '/api/wallet/charts')).json();
    expect(mine.currencies).toEqual([
      expect.objectContaining({
        currencyCode: 'NGN',
        monthly: expect.arrayContaining([{ month: '2027-03', spentMinor: 500_000, toppedUpMinor: 500_000 }]),
      }),
    ]);
    const other = (await get(otherClient, '/api/wallet/charts')).json();
    expect(other.currencies).toEqual([]);
  });

  it('keeps earnings to providers (403 for a client) and both to signed-in people (401)', async () => {
    expect((await get(client, '/api/earnings/charts')).statusCode).toBe(403);
    expect((await get(null, '/api/earnings/charts')).statusCode).toBe(401);
    expect((await get(null, '/api/wallet/charts')).statusCode).toBe(401);
  });
});
