import type { Booking } from '@app/shared/schemas/bookings';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_ID, makeBooking, mockApi, renderBooking } from '../lib/test-utils';
import { AppointmentCard } from './appointment-card';

const NOW = Date.parse('2027-03-01T09:00:00Z');
const SERIES_ID = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const ids = [
  BOOKING_ID,
  '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c',
  '8b9c0d1e-2f3a-4b4c-8d5e-6f7a8b9c0d1e',
  '9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
];

/** A fortnightly series of four: the first two paid, the third cancelled, the fourth still pending. */
function session(index: number): Booking {
  const start = new Date(Date.parse('2027-03-03T13:00:00Z') + index * 14 * 86_400_000).toISOString();
  const status = index < 2 ? 'confirmed' : index === 2 ? 'cancelled' : 'pending';
  return makeBooking({
    identifier: ids[index],
    status,
    isPaid: index < 2,
    paymentMethod: index < 2 ? 'wallet' : null,
    startAt: start,
    endAt: new Date(Date.parse(start) + 3_600_000).toISOString(),
    series: { identifier: SERIES_ID, index, occurrences: 4 },
  });
}

afterEach(() => vi.unstubAllGlobals());

/** The series' card as /appointments/ shows it: its first session standing for the whole series. */
function renderSeriesCard(
  card: Pick<Parameters<typeof AppointmentCard>[0], 'party' | 'zone' | 'renderJoin'> & {
    now?: number;
    sessions?: Booking[];
  },
  options?: { language: 'de' },
) {
  mockApi({});
  const sessions = card.sessions ?? [0, 1, 2, 3].map(session);
  return renderBooking(
    <AppointmentCard
      booking={{ ...(sessions[0] as Booking), seriesSessions: sessions }}
      party={card.party}
      zone={card.zone}
      now={card.now ?? NOW}
      renderJoin={card.renderJoin}
    />,
    options,
  );
}

describe('a series in the appointments list', () => {
  it('is one card with its four sessions beneath: date, time, status and a link each', () => {
    renderSeriesCard({ party: 'client', zone: 'Africa/Lagos' });
    expect(screen.getAllByTestId('appointment-card')).toHaveLength(1);
    expect(screen.getByTestId('series-line-label')).toHaveTextContent('Series of 4 sessions');
    const items = within(screen.getByRole('list', { name: 'Sessions of this series' })).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent('Session 1');
    expect(items[0]).toHaveTextContent('Wed 3 Mar, 2:00 PM – 3:00 PM');
    expect(items[0]).toHaveTextContent('Confirmed');
    expect(items[1]).toHaveTextContent('Wed 17 Mar, 2:00 PM – 3:00 PM');
    expect(items[2]).toHaveTextContent('Cancelled');
    expect(items[3]).toHaveTextContent('Awaiting payment');
    expect(within(items[3] as HTMLElement).getByRole('link', { name: 'Details of session 4' })).toHaveAttribute(
      'href',
      `/appointments/${ids[3]}/`,
    );
    expect(screen.getByText('₦15,000.00 per session')).toBeVisible();
  });

  it('reads in German, dates and money as a German reader writes them', () => {
    renderSeriesCard({ party: 'provider', zone: 'Europe/Berlin' }, { language: 'de' });
    expect(screen.getByTestId('series-line-label')).toHaveTextContent('Serie mit 4 Sitzungen');
    const items = within(screen.getByRole('list', { name: 'Sitzungen dieser Serie' })).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('Sitzung 2');
    expect(items[1]?.textContent).toMatch(/17\. März, 14:00\s?–\s?15:00/);
    expect(within(items[1] as HTMLElement).getByRole('link', { name: 'Details zu Sitzung 2' })).toHaveAttribute(
      'href',
      `/de/appointments/${ids[1]}/`,
    );
    expect(screen.getByText(/15\.000,00\s₦ pro Sitzung/)).toBeVisible();
  });

  it("acts on the series' next session and says which: the one after the first has ended", () => {
    const afterFirst = Date.parse('2027-03-10T09:00:00Z');
    const joined: string[] = [];
    renderSeriesCard({
      party: 'client',
      zone: 'Africa/Lagos',
      now: afterFirst,
      renderJoin: (next) => {
        joined.push(next.identifier);
        return null;
      },
    });
    expect(screen.getByTestId('series-acts-on')).toHaveTextContent(
      /^Next session \(session 2\): Wed 17 Mar, 2:00\s?PM\s?–\s?3:00\s?PM$/,
    );
    const actions = screen.getByRole('region', { name: /Next session \(session 2\)/ });
    expect(within(actions).getByRole('button', { name: 'Cancel' })).toBeVisible();
    expect(within(actions).getByRole('link', { name: 'Details of the appointment with Chiamaka Eze' })).toHaveAttribute(
      'href',
      `/appointments/${ids[1]}/`,
    );
    expect(joined).toEqual([ids[1]]);
    const items = within(screen.getByRole('list', { name: 'Sessions of this series' })).getAllByRole('listitem');
    expect(items[1]).toHaveAttribute('aria-current', 'true');
    expect(items[0]).not.toHaveAttribute('aria-current');
  });

  it('names the session in German, and the one standing for the series once none is still to come', () => {
    const { unmount } = renderSeriesCard({ party: 'provider', zone: 'Europe/Berlin' }, { language: 'de' });
    expect(screen.getByTestId('series-acts-on').textContent).toMatch(
      /^Nächste Sitzung \(Sitzung 1\): Mi\.,? 3\. März, 14:00\s?–\s?15:00$/,
    );
    unmount();
    const over = Date.parse('2027-05-01T09:00:00Z');
    renderSeriesCard({ party: 'client', zone: 'Africa/Lagos', now: over, sessions: [0, 1, 2].map(session) });
    expect(screen.getByTestId('series-acts-on')).toHaveTextContent(/^Session 1: Wed 3 Mar/);
  });

  it('keeps a single booking as it was: no sessions list', () => {
    mockApi({});
    renderBooking(
      <AppointmentCard booking={{ ...makeBooking(), seriesSessions: null }} party="client" zone="UTC" now={NOW} />,
    );
    expect(screen.queryByRole('list', { name: 'Sessions of this series' })).toBeNull();
    expect(screen.queryByTestId('series-line-label')).toBeNull();
  });
});
