import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_ID, makeBooking, mockApi, renderBooking } from '../lib/test-utils';
import { ReschedulePermissionSwitch } from './reschedule-permission-switch';

const path = `POST /api/appointment/${BOOKING_ID}/reschedule-permission`;

afterEach(() => vi.unstubAllGlobals());

describe('ReschedulePermissionSwitch', () => {
  it('is a labelled switch that sends the new value and confirms it', async () => {
    const { calls } = mockApi({ [path]: [200, makeBooking({ allowRescheduleCompletedBooking: true })] });
    renderBooking(<ReschedulePermissionSwitch booking={makeBooking()} />);
    const toggle = screen.getByRole('switch', { name: 'Let the client reschedule without my approval' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription(/Within 48 hours of the appointment/);
    await userEvent.setup().click(toggle);
    expect(await screen.findByText('The client can now reschedule without your approval.')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ allow: true });
  });

  it('shows the refusal of an ended booking', async () => {
    mockApi({
      [path]: [
        409,
        {
          code: 'BOOKING_CLOSED',
          message: 'This booking has ended (cancelled, declined, completed or expired) and can no longer be changed',
        },
      ],
    });
    renderBooking(<ReschedulePermissionSwitch booking={makeBooking({ allowRescheduleCompletedBooking: true })} />);
    const toggle = screen.getByRole('switch', { name: 'Let the client reschedule without my approval' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.setup().click(toggle);
    expect(await screen.findByText(/This booking has ended/)).toBeVisible();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });
});
