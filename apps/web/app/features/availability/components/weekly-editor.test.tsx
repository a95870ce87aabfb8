import type { WeeklyDay } from '@app/shared/schemas/availability';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import { toggleUnavailable, WeeklyEditor } from './weekly-editor';

const week: WeeklyDay[] = [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({
  identifier: null,
  dayOfWeek,
  isAvailable: dayOfWeek <= 5,
  timeslotIntervals: dayOfWeek <= 5 ? [{ startTime: '09:00', endTime: '17:00' }] : [],
  categoryIdentifier: null,
}));

afterEach(() => vi.unstubAllGlobals());

describe('WeeklyEditor', () => {
  it('unticking "Unavailable" adds the default 09:00-18:00 range; ticking clears it', () => {
    const saturday = { dayOfWeek: 6, isAvailable: false, timeslotIntervals: [] };
    const opened = toggleUnavailable(saturday, false);
    expect(opened).toEqual({
      dayOfWeek: 6,
      isAvailable: true,
      timeslotIntervals: [{ startTime: '09:00', endTime: '18:00' }],
    });
    expect(toggleUnavailable(opened, true)).toEqual(saturday);
  });

  it('shows the week, opens Saturday at 9:00 AM - 6:00 PM and saves all seven days', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'POST /api/provider-availability/days/recurring': ({ body }) => [
        200,
        (body as { days: WeeklyDay[] }).days.map((day) => ({ ...day, identifier: null, categoryIdentifier: null })),
      ],
    });
    renderWithProviders(<WeeklyEditor days={week} category={null} />);

    const monday = screen.getByRole('group', { name: 'Monday' });
    expect(within(monday).getByRole('checkbox', { name: 'Unavailable' })).not.toBeChecked();
    expect(within(monday).getByRole('combobox', { name: 'End time of range 1 on Monday' })).toHaveDisplayValue(
      '5:00 PM',
    );

    const saturday = screen.getByRole('group', { name: 'Saturday' });
    const unavailable = within(saturday).getByRole('checkbox', { name: 'Unavailable' });
    expect(unavailable).toBeChecked();
    expect(within(saturday).queryByRole('combobox')).toBeNull();

    await user.click(unavailable);
    expect(within(saturday).getByRole('combobox', { name: 'Start time of range 1 on Saturday' })).toHaveDisplayValue(
      '9:00 AM',
    );
    expect(within(saturday).getByRole('combobox', { name: 'End time of range 1 on Saturday' })).toHaveDisplayValue(
      '6:00 PM',
    );

    await user.selectOptions(
      within(saturday).getByRole('combobox', { name: 'End time of range 1 on Saturday' }),
      '12:00 PM',
    );
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    const body = calls[0]?.body as { categoryIdentifier: null; days: unknown[] };
    expect(body.days).toHaveLength(7);
    expect(body.days[5]).toEqual({
      dayOfWeek: 6,
      isAvailable: true,
      timeslotIntervals: [{ startTime: '09:00', endTime: '12:00' }],
    });
    expect(body.days[6]).toEqual({ dayOfWeek: 7, isAvailable: false, timeslotIntervals: [] });
    expect(await screen.findByText('Data saved successfully')).toBeInTheDocument();
  });

  it('shows server field errors on the day they belong to', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/provider-availability/days/recurring': [
        400,
        {
          message: 'Time ranges must not overlap',
          code: 'VALIDATION_FAILED',
          fieldErrors: { 'days.1.timeslotIntervals.0': ['Time ranges must not overlap'] },
        },
      ],
    });
    renderWithProviders(<WeeklyEditor days={week} category={null} />);
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    const tuesday = screen.getByRole('group', { name: 'Tuesday' });
    expect(await within(tuesday).findByRole('alert')).toHaveTextContent('Time ranges must not overlap');
    expect(within(tuesday).getByRole('combobox', { name: 'Start time of range 1 on Tuesday' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
