import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_MODALS } from '../lib/modals';
import { BOOKING_ID, calendarAnswers, makeBooking, mockApi, renderBooking } from '../lib/test-utils';
import { BookingDialogs } from './booking-dialogs';

const NOW = new Date('2027-03-10T12:00:00Z').getTime();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ScheduleDialog', () => {
  it('asks for a time, then schedules a free booking and says so', async () => {
    const unscheduled = makeBooking({ startAt: null, endAt: null, priceMinor: 0, status: 'pending' });
    const scheduled = makeBooking({
      priceMinor: 0,
      status: 'confirmed',
      startAt: '2027-03-12T10:00:00.000Z',
      endAt: '2027-03-12T11:00:00.000Z',
    });
    const { calls } = mockApi({
      ...calendarAnswers(),
      [`POST /api/booking/${BOOKING_ID}/schedule`]: [200, scheduled],
    });
    const user = userEvent.setup();
    renderBooking(<BookingDialogs party="client" />, {
      openModal: { name: BOOKING_MODALS.schedule, props: { booking: unscheduled } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Choose a time' });

    await user.click(within(dialog).getByRole('button', { name: 'Confirm time' }));
    expect(await within(dialog).findByText('Please select a time slot')).toBeVisible();

    await user.click(await within(dialog).findByRole('radio', { name: '10:00 AM – 11:00 AM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm time' }));
    expect(await within(dialog).findByText('Your appointment is scheduled.')).toBeVisible();
    expect(within(dialog).getByText('The therapist will be notified.')).toBeVisible();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: `/api/booking/${BOOKING_ID}/schedule`,
        body: expect.objectContaining({ timeslotIdentifier: 'slot-10' }),
      }),
    );
  });
});
