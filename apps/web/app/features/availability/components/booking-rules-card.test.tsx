import { DEFAULT_BOOKING_RULES } from '@app/shared/calendar-rules';
import type { AvailabilitySettings } from '@app/shared/schemas/availability';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAtUrl, renderWithProviders } from '#test/render';
import { BookingRulesCard } from './booking-rules-card';
import { TimeOffCard } from './time-off-card';

const settings: AvailabilitySettings = {
  setupType: 'GENERAL',
  sessionMinutes: 60,
  sessionMinutesOptions: [30, 45, 60, 90, 120],
  timezone: 'Europe/Berlin',
  categories: [],
  bookingRules: { ...DEFAULT_BOOKING_RULES },
};

afterEach(() => vi.unstubAllGlobals());

describe('BookingRulesCard', () => {
  it('shows the defaults and saves a 12-hour notice with a daily cap, an empty weekly cap meaning none', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'PUT /api/provider-availability/settings': ({ body }) => [
        200,
        { ...settings, bookingRules: (body as { bookingRules: unknown }).bookingRules },
      ],
    });
    renderWithProviders(<BookingRulesCard settings={settings} />);
    const notice = screen.getByRole('spinbutton', { name: 'Minimum notice (hours)' });
    expect(notice).toHaveValue(0);
    expect(screen.getByRole('spinbutton', { name: 'Booking horizon (days)' })).toHaveValue(92);
    expect(screen.getByRole('spinbutton', { name: 'Most sessions a day' })).toHaveValue(null);

    await user.clear(notice);
    await user.type(notice, '12');
    await user.type(screen.getByRole('spinbutton', { name: 'Most sessions a day' }), '5');
    await user.click(screen.getByRole('button', { name: 'Save booking rules' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      bookingRules: { ...DEFAULT_BOOKING_RULES, minNoticeHours: 12, dailyMax: 5, weeklyMax: null },
    });
    expect(await screen.findByText('Booking rules saved')).toBeInTheDocument();
  });

  it('refuses a weekly cap below the daily one before asking the server', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({});
    renderWithProviders(<BookingRulesCard settings={settings} />);
    await user.type(screen.getByRole('spinbutton', { name: 'Most sessions a day' }), '4');
    await user.type(screen.getByRole('spinbutton', { name: 'Most sessions a week' }), '2');
    await user.click(screen.getByRole('button', { name: 'Save booking rules' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The weekly maximum cannot be lower than the daily maximum',
    );
    expect(screen.getByRole('spinbutton', { name: 'Most sessions a week' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('refuses a notice out of range with the limits in words', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({});
    renderWithProviders(<BookingRulesCard settings={settings} />);
    const notice = screen.getByRole('spinbutton', { name: 'Minimum notice (hours)' });
    await user.clear(notice);
    await user.type(notice, '400');
    await user.click(screen.getByRole('button', { name: 'Save booking rules' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter whole hours from 0 to 336');
    expect(calls).toHaveLength(0);
  });

  it('puts a field error from the server under its field', async () => {
    const user = userEvent.setup();
    mockApi({
      'PUT /api/provider-availability/settings': [
        400,
        {
          code: 'VALIDATION_FAILED',
          message: 'Enter whole days from 1 to 92',
          fieldErrors: { 'bookingRules.horizonDays': ['Enter whole days from 1 to 92'] },
        },
      ],
    });
    renderWithProviders(<BookingRulesCard settings={settings} />);
    await user.click(screen.getByRole('button', { name: 'Save booking rules' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter whole days from 1 to 92');
    expect(screen.getByRole('spinbutton', { name: 'Booking horizon (days)' })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('TimeOffCard', () => {
  it('lists time off with the sessions inside linked to their page, and adds a range', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/provider-availability/time-off': [
        200,
        {
          timezone: 'Europe/Berlin',
          timeOff: [
            {
              identifier: '3f0b3c9e-6b1a-4b53-9a57-1d7f2a3c0001',
              startDate: '2027-03-29',
              startTime: '00:00',
              endDate: '2027-03-31',
              endTime: '00:00',
              startAt: '2027-03-28T22:00:00.000Z',
              endAt: '2027-03-30T22:00:00.000Z',
              note: 'Ostern',
              sessions: [
                {
                  bookingIdentifier: '3f0b3c9e-6b1a-4b53-9a57-1d7f2a3c0002',
                  startAt: '2027-03-30T09:00:00.000Z',
                  endAt: '2027-03-30T10:00:00.000Z',
                  status: 'confirmed',
                  clientName: "Chiamaka O'Neil-Adébáyọ̀",
                },
              ],
            },
          ],
        },
      ],
      'POST /api/provider-availability/time-off': [201, {}],
    });
    renderAtUrl(<TimeOffCard />, '/availability/time-off/');
    const link = await screen.findByRole('link', { name: /Chiamaka O'Neil-Adébáyọ̀/ }, { timeout: 10_000 });
    expect(link).toHaveAttribute('href', '/appointments/3f0b3c9e-6b1a-4b53-9a57-1d7f2a3c0002/');
    expect(link).toHaveTextContent('30 Mar 2027, 11:00');
    expect(
      screen.getByText('1 session is already booked in this time. Open it to move or cancel it:'),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText('From (date)'), '2027-04-05');
    await user.type(screen.getByLabelText('Until (date)'), '2027-04-03');
    await user.click(screen.getByRole('button', { name: 'Add time off' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The end must be after the start');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Until (date)'));
    await user.type(screen.getByLabelText('Until (date)'), '2027-04-12');
    await user.click(screen.getByRole('button', { name: 'Add time off' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      startDate: '2027-04-05',
      startTime: '00:00',
      endDate: '2027-04-12',
      endTime: '00:00',
      note: null,
    });
  });
});
