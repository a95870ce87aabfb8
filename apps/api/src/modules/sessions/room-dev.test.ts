import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser } from '../../../test/factories.ts';
import { bookings } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { accountBalance } from '../money/ledger.ts';
import { fundWallet } from '../money/test-helpers.ts';
import { completeSessions } from './complete-sessions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z'), config: { DEV_TOOLS: true } });
});
afterAll(() => t.close());

const session = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/dev/session-room', payload });

describe('POST /dev/session-room with a price', () => {
  it('takes the price from the client wallet, and an in-person session earns the provider when settled', async () => {
    const provider = await createTestUser(t, { role: 'provider', countryCode: 'GB', timezone: 'Europe/London' });
    const client = await createTestUser(t, { role: 'client', countryCode: 'GB', timezone: 'Europe/London' });
    await fundWallet(t, client.id, 6_000, 'GBP');
    const res = await session({
      clientEmail: client.email,
      providerEmail: provider.email,
      startsInMinutes: -120,
      modalityKey: 'in-person',
      price: { amountMinor: 6_000, currencyCode: 'GBP' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, res.json().bookingIdentifier));
    expect(row).toMatchObject({
      priceMinor: 6_000,
      currencyCode: 'GBP',
      paymentMethod: 'wallet',
      modalityKey: 'in-person',
    });
    expect(await accountBalance(t.deps.db, { kind: 'client_wallet', currencyCode: 'GBP', userId: client.id })).toBe(0);

    await completeSessions(t.deps);
    const earned = await accountBalance(t.deps.db, {
      kind: 'provider_earnings',
      currencyCode: 'GBP',
      userId: provider.id,
    });
    expect(earned).toBeGreaterThan(0);
    expect(earned).toBeLessThanOrEqual(6_000);
  });

  it('refuses a price the wallet cannot pay, creating nothing', async () => {
    const provider = await createTestUser(t, { role: 'provider', countryCode: 'GB', timezone: 'Europe/London' });
    const client = await createTestUser(t, { role: 'client', countryCode: 'GB', timezone: 'Europe/London' });
    await fundWallet(t, client.id, 1_000, 'GBP');
    const res = await session({
      clientEmail: client.email,
      providerEmail: provider.email,
      startsInMinutes: 30,
      price: { amountMinor: 6_000, currencyCode: 'GBP' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await t.deps.db.select().from(bookings).where(eq(bookings.clientId, client.id))).toEqual([]);
  });

  it('stays a free video session without a price', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const client = await createTestUser(t, { role: 'client' });
    const res = await session({ clientEmail: client.email, providerEmail: provider.email, startsInMinutes: 5 });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, res.json().bookingIdentifier));
    expect(row).toMatchObject({
      priceMinor: 0,
      currencyCode: 'NGN',
      paymentMethod: 'free',
      modalityKey: 'video-session',
    });
  });
});
