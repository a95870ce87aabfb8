import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '#app/ui/toast';
import { mockApi, renderWithProviders, testI18n } from '#test/render';
import { ExternalCalendarsSection } from './external-calendars-section';

afterEach(() => vi.unstubAllGlobals());

const failing = {
  identifier: '11111111-1111-4111-8111-111111111111',
  name: 'Praxis Müller-Lüdenscheidt',
  urlHint: 'calendar.google.com/…/basic.ics',
  status: 'failing',
  error: 'httpStatus',
  checkedAt: '2027-03-01T09:00:00.000Z',
  syncedAt: null,
  busyCount: 0,
};

describe('ExternalCalendarsSection', () => {
  it('shows a failing calendar with its translated error, and removes it', async () => {
    let calendars: unknown[] = [failing];
    const { calls } = mockApi({
      'GET /api/provider-availability/external-calendars': () => [200, { calendars }],
      [`DELETE /api/provider-availability/external-calendars/${failing.identifier}`]: () => {
        calendars = [];
        return [200, { calendars }];
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ExternalCalendarsSection zone="Europe/Berlin" />);
    const item = (await screen.findByText('Praxis Müller-Lüdenscheidt')).closest('li') as HTMLElement;
    expect(within(item).getByRole('alert')).toHaveTextContent(
      'Could not be read (1 Mar 2027, 10:00): The server refused the address (it may have been changed or made private).',
    );
    await user.click(within(item).getByRole('button', { name: 'Remove Praxis Müller-Lüdenscheidt' }));
    expect(await screen.findByText('No calendars added yet.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('checks the address before sending, then adds the calendar and shows it waiting for its check', async () => {
    const added = { ...failing, name: 'Work', status: 'pending', error: null, checkedAt: null };
    const { calls } = mockApi({
      'GET /api/provider-availability/external-calendars': [200, { calendars: [] }],
      'POST /api/provider-availability/external-calendars': [200, { calendars: [added] }],
    });
    const user = userEvent.setup();
    renderWithProviders(<ExternalCalendarsSection zone="Europe/Berlin" />);
    await user.type(await screen.findByLabelText('Name'), 'Work');
    await user.type(screen.getByLabelText('Secret address (iCal format)'), 'calendar please');
    await user.click(screen.getByRole('button', { name: 'Add calendar' }));
    expect(
      await screen.findByText("Enter the calendar's secret address (https://… or webcal://…)"),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    const url = screen.getByLabelText('Secret address (iCal format)');
    await user.clear(url);
    await user.type(url, 'webcal://calendar.google.com/calendar/ical/x/private-y/basic.ics');
    await user.click(screen.getByRole('button', { name: 'Add calendar' }));
    expect(await screen.findByText('Waiting for the first check')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Work',
      url: 'webcal://calendar.google.com/calendar/ical/x/private-y/basic.ics',
    });
  });

  it('speaks German', async () => {
    mockApi({ 'GET /api/provider-availability/external-calendars': [200, { calendars: [failing] }] });
    render(
      <I18nextProvider i18n={testI18n('de')}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ToastProvider>
            <ExternalCalendarsSection zone="Europe/Berlin" />
          </ToastProvider>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Konnte nicht gelesen werden (01.03.2027, 10:00): Der Server hat die Adresse abgelehnt',
    );
    expect(screen.getByRole('heading', { name: 'Belegte Zeiten aus deinen anderen Kalendern' })).toBeInTheDocument();
  });
});
