import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletOf } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { bookings } from '../../db/schema/index.ts';
import { auditLedger } from '../../modules/money/ledger-audit.ts';
import { fixedClock } from '../../platform/clock.ts';
import { privateStorageOf } from '../../platform/uploads/private-storage.ts';
import { findUserIdByEmail, seedDemoData } from './demo.ts';
import { seedDemoBookings } from './demo-bookings.ts';

const clock = fixedClock('2027-03-01T09:00:00Z');

describe('demo bookings', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await buildTestApp({ clock });
  });
  afterAll(() => demo.close());

  it('gives the demo client ₦100,000 and one confirmed upcoming session, idempotently', async () => {
    const now = new Date('2027-03-01T09:00:00Z');
    expect(await seedDemoData(demo.deps.db, now, privateStorageOf(demo.deps))).toBe(true);
    const clientId = (await findUserIdByEmail(demo.deps.db, 'client@demo.test')) as string;
    const providerId = (await findUserIdByEmail(demo.deps.db, 'provider@demo.test')) as string;
    await seedDemoBookings(demo.deps.db, { now, clientEmail: 'client@demo.test', providerEmail: 'provider@demo.test' });
    expect(await walletOf(demo, clientId)).toBe(10_000_000);
    // The upcoming session (the demo history's past sessions are the reviews module's).
    const rows = await demo.deps.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.clientId, clientId), eq(bookings.status, 'confirmed')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      providerId,
      status: 'confirmed',
      paymentMethod: 'wallet',
      priceMinor: 1_500_000,
      startsAt: new Date('2027-03-04T09:00:00Z'), // Thursday 10:00 in Lagos
    });
    expect(Object.values(await auditLedger(demo.deps.db)).flat()).toEqual([]);
  });
});
