import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import { NotificationPreferencesSection } from './notification-preferences';

const saved = {
  data: [
    { category: 'booking', inApp: true, email: true, emailChannel: 'optional' },
    { category: 'payment', inApp: true, email: true, emailChannel: 'always' },
    { category: 'message', inApp: true, email: true, emailChannel: 'optional' },
    { category: 'review', inApp: true, email: null, emailChannel: 'none' },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('NotificationPreferencesSection', () => {
  it('offers only the switches that exist and sends the whole table', async () => {
    const { calls } = mockApi({
      'GET /api/notifications/preferences': [200, saved],
      'PUT /api/notifications/preferences': () => [
        200,
        { data: saved.data.map((row) => ({ ...row, ...(row.category === 'booking' ? { email: false } : {}) })) },
      ],
    });
    renderWithProviders(<NotificationPreferencesSection />);
    const bookingEmail = await screen.findByRole('checkbox', { name: 'Bookings: By email' });
    expect(screen.queryByRole('checkbox', { name: 'Payments: By email' })).toBeNull();
    expect(screen.getByText('Always (about your account or money)')).toBeVisible();
    expect(screen.getByText('No email')).toBeVisible();
    await userEvent.click(bookingEmail);
    // Message emails can be turned off; the switch says when they come and that they hold no text.
    const messageEmail = screen.getByRole('checkbox', { name: 'Messages: By email' });
    expect(messageEmail).toHaveAccessibleDescription(
      'Emailed when you have been away for 5 minutes: at most one email per conversation every 30 minutes, naming the sender but never what they wrote.',
    );
    await userEvent.click(messageEmail);
    await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      preferences: [
        { category: 'booking', channel: 'inApp', enabled: true },
        { category: 'booking', channel: 'email', enabled: false },
        { category: 'payment', channel: 'inApp', enabled: true },
        { category: 'message', channel: 'inApp', enabled: true },
        { category: 'message', channel: 'email', enabled: false },
        { category: 'review', channel: 'inApp', enabled: true },
      ],
    });
    expect(await screen.findByText('Notification settings saved')).toBeVisible();
  });
});
