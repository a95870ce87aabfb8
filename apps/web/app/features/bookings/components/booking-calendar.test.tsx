import type { MonthSummary, PublicTimeslots, TimeSlot } from '@app/shared/schemas/availability';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import { BookingCalendar } from './booking-calendar';

const PROVIDER = '6f1c2b9e-3f57-4c1e-9a53-0d2f1b7a8c11';
const base = `/api/providers-availability/${PROVIDER}`;

function summary(month: string, dates: string[], timezone = 'UTC'): MonthSummary {
  return {
    providerIdentifier: PROVIDER,
    categoryIdentifier: null,
    month,
    timezone,
    from: '2027-03-10',
    to: '2027-05-31',
    days: dates.map((date) => ({ date, slotCount: 2 })),
  };
}

function slotsOf(date: string, times: [string, string][], timezone = 'UTC'): PublicTimeslots {
  return {
    providerIdentifier: PROVIDER,
    categoryIdentifier: null,
    timezone,
    providerTimezone: 'Africa/Lagos',
    sessionMinutes: 60,
    days: [
      {
        date,
        isAvailable: true,
        timeSlot: times.map(([startTime, endTime]) => ({
          identifier: `slot-${date}-${startTime}`,
          startTime,
          endTime,
          startAt: `${date}T08:00:00.000Z`,
          endAt: `${date}T09:00:00.000Z`,
        })),
      },
    ],
  };
}

function Picker({
  timezone = 'UTC',
  onPick = () => undefined,
}: {
  timezone?: string;
  onPick?(slot: TimeSlot | null): void;
}) {
  const [slot, setSlot] = useState<TimeSlot | null>(null);
  return (
    <BookingCalendar
      providerId={PROVIDER}
      timezone={timezone}
      value={slot}
      onChange={(next) => {
        setSlot(next);
        onPick(next);
      }}
    />
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-03-10T12:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('BookingCalendar', () => {
  it('selects today when it has slots, and only days with slots are selectable', async () => {
    mockApi({
      [`GET ${base}/month/2027-03`]: [200, summary('2027-03', ['2027-03-10', '2027-03-12'])],
      [`GET ${base}/timeslot/2027-03-10`]: [
        200,
        slotsOf('2027-03-10', [
          ['09:00', '10:00'],
          ['10:00', '11:00'],
        ]),
      ],
    });
    renderWithProviders(<Picker />);
    expect(await screen.findByRole('heading', { name: /Available times on .*10 March 2027/ })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: '9:00 AM – 10:00 AM' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /10 March 2027 \(today\), 2 slots available/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: /11 March 2027/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /12 March 2027/ })).toBeEnabled();
    // Earlier months are outside the window; two months ahead is the last one.
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('selects the nearest later day with slots when today has none', async () => {
    mockApi({
      [`GET ${base}/month/2027-03`]: [200, summary('2027-03', ['2027-03-15', '2027-03-20'])],
      [`GET ${base}/timeslot/2027-03-15`]: [200, slotsOf('2027-03-15', [['14:00', '15:00']])],
    });
    renderWithProviders(<Picker />);
    expect(await screen.findByRole('heading', { name: /Available times on .*15 March 2027/ })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: '2:00 PM – 3:00 PM' })).toBeInTheDocument();
  });

  it('moves to the next month when this one has no slots, saying so', async () => {
    let releaseApril: () => void = () => undefined;
    const aprilReady = new Promise<void>((resolve) => {
      releaseApril = resolve;
    });
    const { calls, fetchMock } = mockApi({
      [`GET ${base}/month/2027-03`]: [200, summary('2027-03', [])],
      [`GET ${base}/month/2027-04`]: [200, summary('2027-04', ['2027-04-06', '2027-04-07'])],
      [`GET ${base}/timeslot/2027-04-06`]: [200, slotsOf('2027-04-06', [['09:00', '10:00']])],
    });
    // Hold April's answer back so the "checking" message can be seen.
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/month/2027-04')) await aprilReady;
      if (!answer) throw new Error('no mock');
      return answer(input, init);
    });

    renderWithProviders(<Picker />);
    const notice = await screen.findByText("No available slots this month - checking next month's availability");
    expect(notice).toHaveAttribute('role', 'status');
    releaseApril();
    expect(await screen.findByText('Available slots found for next month')).toBe(notice);
    expect(screen.getByRole('heading', { name: 'April 2027' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /Available times on .*6 April 2027/ })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain(`${base}/month/2027-04?timezone=UTC`);
  });

  it('says so when the whole window has no slots', async () => {
    mockApi({
      [`GET ${base}/month/2027-03`]: [200, summary('2027-03', [])],
      [`GET ${base}/month/2027-04`]: [200, summary('2027-04', [])],
      [`GET ${base}/month/2027-05`]: [200, summary('2027-05', [])],
    });
    renderWithProviders(<Picker />);
    expect(await screen.findByText('No available slots in the next three months.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { name: 'May 2027' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
  });

  it('shows a loading error inline with a retry', async () => {
    mockApi({
      [`GET ${base}/month/2027-03`]: [404, { message: 'Not found', code: 'NOT_FOUND' }],
    });
    renderWithProviders(<Picker />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("asks in the viewer's zone and hands the chosen slot to onChange", async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    const zone = 'America/New_York';
    const { calls } = mockApi({
      [`GET ${base}/month/2027-03`]: [200, summary('2027-03', ['2027-03-10'], zone)],
      [`GET ${base}/timeslot/2027-03-10`]: [
        200,
        slotsOf(
          '2027-03-10',
          [
            ['03:00', '04:00'],
            ['04:00', '05:00'],
          ],
          zone,
        ),
      ],
    });
    renderWithProviders(<Picker timezone={zone} onPick={onPick} />);
    await user.click(await screen.findByRole('radio', { name: '3:00 AM – 4:00 AM' }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ identifier: 'slot-2027-03-10-03:00' }));
    expect(screen.getByRole('radio', { name: '3:00 AM – 4:00 AM' })).toBeChecked();
    expect(calls[0]?.path).toBe(`${base}/month/2027-03?timezone=America%2FNew_York`);
    expect(screen.getByText('Times are shown in your time zone: America/New York')).toBeInTheDocument();
  });
});
