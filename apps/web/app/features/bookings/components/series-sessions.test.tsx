import type { BookingSeries } from '@app/shared/schemas/bookings';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_ID, makeBooking, mockApi, renderBooking } from '../lib/test-utils';
import { SeriesLabel, SeriesSessions } from './series-sessions';
import { StatusBadge } from './status-badge';

const NOW = new Date('2027-03-10T12:00:00Z').getTime();
const SERIES_ID = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const ids = [BOOKING_ID, '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c', '8b9c0d1e-2f3a-4b4c-8d5e-6f7a8b9c0d1e'];

function session(index: number, paid: boolean) {
  const day = 12 + 7 * index;
  return makeBooking({
    identifier: ids[index],
    status: paid ? 'confirmed' : 'pending',
    isPaid: paid,
    paymentMethod: paid ? 'wallet' : null,
    holdExpiresAt: paid ? null : '2027-03-10T12:15:00.000Z',
    startAt: `2027-03-${day}T09:00:00.000Z`,
    endAt: `2027-03-${day}T10:00:00.000Z`,
    series: { identifier: SERIES_ID, index, occurrences: 3 },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('a session of a weekly series', () => {
  it('says which session it is, lists the others with links, and offers Pay for each unpaid one', async () => {
    const series: BookingSeries = {
      identifier: SERIES_ID,
      occurrences: 3,
      cadence: 'weekly',
      bookings: [session(0, true), session(1, false), session(2, false)],
    };
    mockApi({ [`GET /api/booking/${BOOKING_ID}/series`]: [200, series] });
    const first = session(0, true);
    renderBooking(
      <>
        <SeriesLabel booking={first} />
        <SeriesSessions booking={first} party="client" zone="UTC" now={NOW} />
      </>,
    );
    expect(screen.getByTestId('series-label')).toHaveTextContent('Session 1 of 3');
    const items = await screen.findAllByTestId('series-session');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(items[0]).toHaveTextContent('Session 1 of 3 · This session');
    expect(within(items[0] as HTMLElement).queryByRole('link')).toBeNull();
    expect(items[1]).toHaveTextContent('Fri 19 Mar, 9:00 AM – 10:00 AM');
    expect(items[1]).toHaveTextContent('Awaiting payment');
    expect(within(items[1] as HTMLElement).getByRole('link', { name: 'Pay session 2' })).toHaveAttribute(
      'href',
      `/payment/${ids[1]}/`,
    );
    expect(within(items[2] as HTMLElement).getByRole('link', { name: 'Details of session 3' })).toHaveAttribute(
      'href',
      `/appointments/${ids[2]}/`,
    );
    expect(screen.getByText(/Pay them all at once or each on its own/)).toBeVisible();
    expect(screen.getByText(/^Weekly series · Session 1 of 3$/)).toBeVisible();
  });

  it('shows nothing for a single booking', () => {
    const { calls } = mockApi({});
    renderBooking(<SeriesSessions booking={makeBooking()} party="client" zone="UTC" now={NOW} />);
    expect(screen.queryByTestId('series-sessions')).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('StatusBadge', () => {
  it('shows a session the provider booked as awaiting the client (or the client’s answer)', () => {
    const booked = makeBooking({
      status: 'pending',
      createdBy: 'provider',
      participantStatus: 'awaiting',
      isPaid: false,
    });
    renderBooking(
      <>
        <StatusBadge booking={booked} party="provider" />
        <StatusBadge booking={booked} party="client" />
      </>,
    );
    expect(screen.getByText('Awaiting the client')).toBeVisible();
    expect(screen.getByText('Awaiting your answer')).toBeVisible();
  });
});
