import { MEASURE_LEAD_HOURS } from '@app/shared/schemas/forms';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingTestApp,
  type Catalog,
  createProvider,
  createSeriesVia,
  listedSlot,
  paySeriesWithWallet,
} from '../../../test/booking-fixtures.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { formRequests } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { fundWallet } from '../money/test-helpers.ts';
import { deliverBookingNotifications } from '../notifications/booking-emails.ts';
import { sendDueMeasures } from './send-forms.ts';
import { assign, phq9Answers } from './test-support.ts';

// Monday 1 March 2027; the series starts the next week.
const clock = fixedClock('2027-03-01T09:00:00Z');
const PRICE = 500_000;
let t: TestApp;
let ids: Catalog;
let provider: TestUser;

beforeAll(async () => {
  ({ t, ids } = await bookingTestApp(clock));
  provider = await createProvider(t, { firstName: 'Ngozi', lastName: "Adébáyọ̀-O'Brien" });
  // PHQ-9 for every new client, then before every 2nd paid session: the 3rd of a series of 4.
  await assign(t, provider, { form: { instrument: 'phq9' }, clientId: null, resendEvery: 2 });
});
afterAll(() => t.close());

describe('measures due before a later session', () => {
  it('go out when that session comes near, once, even for a series paid at once', async () => {
    const client = await createTestUser(t, { role: 'client', firstName: 'Seán', lastName: 'Ó Briain-Nwosu' });
    await fundWallet(t, client.id, 4 * PRICE);
    const slot = await listedSlot(t, provider.id, '2027-03-09');
    const series = await createSeriesVia(t, client, provider, ids, { slotId: slot.identifier, occurrences: 4 });
    await paySeriesWithWallet(t, client, series.identifier);
    await deliverBookingNotifications(t.deps);

    const phq9s = () =>
      t.deps.db
        .select({ id: formRequests.id, bookingId: formRequests.bookingId, status: formRequests.status })
        .from(formRequests)
        .where(and(eq(formRequests.clientId, client.id), eq(formRequests.instrument, 'phq9')));
    // The first paid session brings the new-client measure at once; the third's waits.
    const first = await phq9s();
    expect(first).toEqual([expect.objectContaining({ bookingId: series.bookings[0]?.identifier, status: 'sent' })]);
    const submitted = await t.app.inject({
      method: 'POST',
      url: `/api/forms/requests/${first[0]?.id}/submit`,
      headers: client.headers,
      payload: { answers: phq9Answers(1) },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(await sendDueMeasures(t.deps)).toBe(0);

    // Just inside the lead time before the third session: sent for it, and only once.
    const third = series.bookings[2] as { identifier: string; startAt: string };
    clock.set(new Date(new Date(third.startAt).getTime() - MEASURE_LEAD_HOURS * 3_600_000 + 60_000).toISOString());
    expect(await sendDueMeasures(t.deps)).toBe(1);
    expect(await sendDueMeasures(t.deps)).toBe(0);
    const after = await phq9s();
    expect(after.map((row) => row.bookingId).sort()).toEqual([series.bookings[0]?.identifier, third.identifier].sort());
    // The second and fourth sessions are not due (every 2nd: before the 3rd, 5th, …).
    const fourth = series.bookings[3] as { startAt: string };
    clock.set(new Date(new Date(fourth.startAt).getTime() - 3_600_000).toISOString());
    expect(await sendDueMeasures(t.deps)).toBe(0);
  });
});
