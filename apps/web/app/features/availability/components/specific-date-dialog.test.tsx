import type { WeeklyDay } from '@app/shared/schemas/availability';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import { AVAILABILITY_MODALS } from '../lib/modals';
import { SpecificDateDialog } from './specific-date-dialog';

const weekly: WeeklyDay[] = [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({
  identifier: null,
  dayOfWeek,
  isAvailable: dayOfWeek <= 5,
  timeslotIntervals: dayOfWeek <= 5 ? [{ startTime: '10:00', endTime: '16:00' }] : [],
  categoryIdentifier: null,
}));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-03-10T12:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SpecificDateDialog', () => {
  it('picks a date, starts from its weekly hours, marks it unavailable (clearing ranges) and saves', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'POST /api/provider-availability/days/custom': ({ body }) => [
        200,
        { identifier: '0b5a4a49-5a3d-4f0e-8d0b-52f3c7a6e1aa', categoryIdentifier: null, ...(body as object) },
      ],
    });
    renderWithProviders(
      <SpecificDateDialog category={null} timezone="Africa/Lagos" customDays={[]} weekly={weekly} />,
      { openModal: AVAILABILITY_MODALS.specificDate },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit specific dates' });
    expect(within(dialog).getByText('select a date and time')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a date in the calendar.')).toBeInTheDocument();
    // Past days cannot be chosen.
    expect(within(dialog).getByRole('button', { name: /\b9 March 2027/ })).toBeDisabled();

    // Friday 12 March: the weekly hours of a Friday.
    await user.click(within(dialog).getByRole('button', { name: /12 March 2027/ }));
    expect(within(dialog).getByRole('combobox', { name: /^Start time of range 1 on/ })).toHaveDisplayValue('10:00 AM');
    expect(within(dialog).getByRole('combobox', { name: /^End time of range 1 on/ })).toHaveDisplayValue('4:00 PM');

    await user.click(within(dialog).getByRole('checkbox', { name: 'Unavailable on this date' }));
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save date' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      date: '2027-03-12',
      isAvailable: false,
      timeSlotsInterval: [],
      categoryIdentifier: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server error for the date under the calendar', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/provider-availability/days/custom': [
        400,
        {
          message: 'Choose today or a later date',
          code: 'VALIDATION_FAILED',
          fieldErrors: { date: ['Choose today or a later date'] },
        },
      ],
    });
    renderWithProviders(<SpecificDateDialog category={null} timezone="UTC" customDays={[]} weekly={weekly} />, {
      openModal: AVAILABILITY_MODALS.specificDate,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit specific dates' });
    // A Sunday (unavailable in the week) starts from the default 09:00-18:00.
    await user.click(within(dialog).getByRole('button', { name: /14 March 2027/ }));
    expect(within(dialog).getByRole('combobox', { name: /^Start time of range 1 on/ })).toHaveDisplayValue('9:00 AM');
    expect(within(dialog).getByRole('combobox', { name: /^End time of range 1 on/ })).toHaveDisplayValue('6:00 PM');
    await user.click(within(dialog).getByRole('button', { name: 'Save date' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose today or a later date');
  });
});
