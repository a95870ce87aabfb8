import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_ID, calendarAnswers, makeBooking, mockApi } from '../lib/test-utils';
import { scheduleAtTime } from './schedule-at-time';

const draft = makeBooking({ status: 'pending', isPaid: false, startAt: null, endAt: null, note: "Ngozi's referral" });
const held = makeBooking({
  status: 'pending',
  isPaid: false,
  startAt: '2027-03-12T10:00:00.000Z',
  endAt: '2027-03-12T11:00:00.000Z',
  holdExpiresAt: '2027-03-10T12:15:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('scheduleAtTime (a time chosen on a therapist page)', () => {
  it("takes the free slot that starts at the chosen instant, with the booking's note", async () => {
    const { calls } = mockApi({ ...calendarAnswers(), [`POST /api/booking/${BOOKING_ID}/schedule`]: [200, held] });
    const answer = await scheduleAtTime(new QueryClient(), {
      booking: draft,
      at: '2027-03-12T10:00:00.000Z',
      zone: 'UTC',
    });
    expect(answer).toEqual(held);
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: `/api/booking/${BOOKING_ID}/schedule`,
        body: { timeslotIdentifier: 'slot-10', note: "Ngozi's referral" },
      }),
    );
  });

  it('answers null, and takes nothing, when that time is no longer among the free ones', async () => {
    const { calls } = mockApi(calendarAnswers());
    const answer = await scheduleAtTime(new QueryClient(), {
      booking: draft,
      at: '2027-03-12T14:00:00.000Z',
      zone: 'UTC',
    });
    expect(answer).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('answers null when someone else took the time between the page and the hold', async () => {
    mockApi({
      ...calendarAnswers(),
      [`POST /api/booking/${BOOKING_ID}/schedule`]: [409, { message: 'This time slot is taken.', code: 'SLOT_TAKEN' }],
    });
    expect(
      await scheduleAtTime(new QueryClient(), { booking: draft, at: '2027-03-12T09:00:00.000Z', zone: 'UTC' }),
    ).toBeNull();
  });
});
