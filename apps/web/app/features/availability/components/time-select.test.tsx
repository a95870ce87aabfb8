import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#test/render';
import { RangesEditor } from './ranges-editor';

function Harness({ initial }: { initial: { startTime: string; endTime: string }[] }) {
  const [ranges, setRanges] = useState(initial);
  return <RangesEditor ranges={ranges} onChange={setRanges} dayLabel="Monday" />;
}

describe('RangesEditor with the time dropdown', () => {
  it('shows 24 hourly options in 12-hour display with impossible ones disabled', () => {
    renderWithProviders(<Harness initial={[{ startTime: '09:00', endTime: '18:00' }]} />);
    const start = screen.getByRole('combobox', { name: 'Start time of range 1 on Monday' });
    const end = screen.getByRole('combobox', { name: 'End time of range 1 on Monday' });
    expect(start).toHaveDisplayValue('9:00 AM');
    expect(end).toHaveDisplayValue('6:00 PM');
    const endOptions = Array.from((end as HTMLSelectElement).options);
    expect(endOptions).toHaveLength(24);
    expect(endOptions.find((option) => option.text === '9:00 AM')?.disabled).toBe(true);
    expect(endOptions.find((option) => option.text === '10:00 AM')?.disabled).toBe(false);
  });

  it('adds a second range after the first and keeps the two from overlapping', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={[{ startTime: '09:00', endTime: '12:00' }]} />);
    await user.click(screen.getByRole('button', { name: 'Add time range on Monday' }));
    const start2 = screen.getByRole('combobox', { name: 'Start time of range 2 on Monday' });
    expect(start2).toHaveDisplayValue('12:00 PM');
    expect(screen.getByRole('combobox', { name: 'End time of range 2 on Monday' })).toHaveDisplayValue('1:00 PM');
    // The first range can no longer end after 12:00 PM.
    const end1 = screen.getByRole('combobox', { name: 'End time of range 1 on Monday' }) as HTMLSelectElement;
    expect(Array.from(end1.options).find((option) => option.text === '1:00 PM')?.disabled).toBe(true);
    // A start inside the first range is disabled for the second.
    expect(Array.from((start2 as HTMLSelectElement).options).find((o) => o.text === '10:00 AM')?.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove time range 2 on Monday' }));
    expect(screen.queryByRole('combobox', { name: 'Start time of range 2 on Monday' })).toBeNull();
  });
});
