import type { Booking, BookingSeries } from '@app/shared/schemas/bookings';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_ID, makeBooking, mockApi, renderBooking } from '../lib/test-utils';
import { CancelRestOfSeries } from './cancel-series';
import { SeriesSessions } from './series-sessions';

const NOW = Date.parse('2027-03-10T12:00:00Z');
const SERIES_ID = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const ids = [BOOKING_ID, '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c', '8b9c0d1e-2f3a-4b4c-8d5e-6f7a8b9c0d1e'];
// Session 1 starts in 24 hours (inside the 48-hour window), sessions 2 and 3 a week apart after it.
const starts = ['2027-03-11T12:00:00.000Z', '2027-03-18T12:00:00.000Z', '2027-03-25T12:00:00.000Z'];

function session(index: number, overrides: Partial<Booking> = {}) {
  const start = starts[index] as string;
  return makeBooking({
    identifier: ids[index],
    status: 'confirmed',
    isPaid: true,
    paymentMethod: 'wallet',
    startAt: start,
    endAt: new Date(Date.parse(start) + 3_600_000).toISOString(),
    series: { identifier: SERIES_ID, index, occurrences: 3 },
    ...overrides,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('cancelling the rest of a series', () => {
  it('lists each session with its own 48-hour refund, then shows what the API refunded', async () => {
    const series: BookingSeries = {
      identifier: SERIES_ID,
      occurrences: 3,
      cadence: 'weekly',
      bookings: [session(0), session(1), session(2)],
    };
    const cancelled = (index: number, refundStatus: 'refunded' | 'none', refundMinor: number) =>
      session(index, {
        status: 'cancelled',
        cancellation: {
          cancelledBy: 'client',
          reason: 'Moving away',
          refundStatus,
          refundMinor,
          cancelledAt: new Date(NOW).toISOString(),
        },
      });
    const { calls } = mockApi({
      [`GET /api/booking/${BOOKING_ID}/series`]: [200, series],
      [`POST /api/booking/${BOOKING_ID}/cancel-series`]: [
        200,
        {
          ...series,
          bookings: [cancelled(0, 'none', 0), cancelled(1, 'refunded', 1_500_000), cancelled(2, 'refunded', 1_500_000)],
        },
      ],
    });
    renderBooking(<CancelRestOfSeries booking={session(0)} party="client" zone="UTC" now={NOW} />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Cancel this and later sessions' }));
    const planned = screen.getAllByTestId('cancel-series-session');
    expect(planned).toHaveLength(3);
    expect(planned[0]).toHaveTextContent(
      'Session 1 · Thu 11 Mar, 12:00 PM – 1:00 PM · No refund (less than 48 hours ahead)',
    );
    expect(planned[1]).toHaveTextContent('Session 2 · Thu 18 Mar, 12:00 PM – 1:00 PM · ₦15,000.00 back to the wallet');

    // The reason is required, as for one session.
    await user.click(screen.getByRole('button', { name: 'Cancel 3 sessions' }));
    expect(await screen.findByText('Please tell us why you are cancelling')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText(/Reason for cancelling/), 'Moving away');
    await user.click(screen.getByRole('button', { name: 'Cancel 3 sessions' }));
    const result = await screen.findByTestId('cancel-series-result');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ note: 'Moving away' });
    const lines = within(result).getAllByTestId('cancelled-session');
    expect(lines[0]).toHaveTextContent('Session 1 · Thu 11 Mar, 12:00 PM – 1:00 PM · No refund');
    expect(lines[2]).toHaveTextContent('Session 3 · Thu 25 Mar, 12:00 PM – 1:00 PM · ₦15,000.00 refunded');
  });

  it('offers nothing for the last session left', async () => {
    mockApi({
      [`GET /api/booking/${ids[2]}/series`]: [
        200,
        { identifier: SERIES_ID, occurrences: 3, cadence: 'weekly', bookings: [session(0), session(1), session(2)] },
      ],
    });
    renderBooking(
      <>
        <SeriesSessions booking={session(2)} party="client" zone="UTC" now={NOW} />
        <CancelRestOfSeries booking={session(2)} party="client" zone="UTC" now={NOW} />
      </>,
    );
    // The series has loaded (the same query): sessions 1 and 2 are still cancellable, but come before.
    expect(await screen.findAllByTestId('series-session')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Cancel this and later sessions' })).toBeNull();
  });
});
