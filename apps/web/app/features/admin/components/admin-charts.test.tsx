import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, testI18n } from '#test/render';
import { AdminChartsPanel } from './admin-charts';

function renderIn(language: 'en' | 'de', ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={testI18n(language)}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

const chartsOf = (days: number) => ({
  days,
  from: '2027-02-28',
  to: '2027-03-01',
  daily: [
    { date: '2027-02-28', bookings: 3, newProviders: 1, newClients: 1234, topUpFailures: 0 },
    { date: '2027-03-01', bookings: 5, newProviders: 0, newClients: 2, topUpFailures: 1 },
  ],
  revenue: [
    {
      currencyCode: 'NGN',
      totalMinor: 9_450_000,
      daily: [
        { date: '2027-02-28', amountMinor: 4_500_000 },
        { date: '2027-03-01', amountMinor: 4_950_000 },
      ],
    },
  ],
  noShows: { sessions: 8, clientNoShows: 1, providerNoShows: 1, rate: 0.25 },
});

describe('AdminChartsPanel', () => {
  it('gives every chart its numbers as a table, formatted for the reader, and the no-show rate', async () => {
    mockApi({ 'GET /api/admin/charts?days=30': [200, chartsOf(30)] });
    renderIn('en', <AdminChartsPanel days={30} onDays={() => {}} language="en" />);

    const bookings = await screen.findByRole('table', { name: 'Bookings per day' });
    const rows = within(bookings).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['DayBookings', '28 Feb3', '1 Mar5']);
    const signUps = screen.getByRole('table', { name: 'New providers and clients per day' });
    expect(within(signUps).getByRole('row', { name: /28 Feb/ }).textContent).toBe('28 Feb11,234');
    const revenue = screen.getByRole('table', { name: 'Revenue per day (NGN)' });
    expect(within(revenue).getByRole('row', { name: /1 Mar/ }).textContent).toBe('1 Mar₦49,500.00');
    expect(screen.getByText('Commission in this period: ₦94,500.00')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Failed top-ups per day' })).toBeInTheDocument();
    expect(screen.getByText('25%')).toBeInTheDocument();
    expect(screen.getByText('1 client and 1 provider no-shows in 8 sessions.')).toBeInTheDocument();
  });

  it('reads German numbers and months, and offers the other period', async () => {
    mockApi({ 'GET /api/admin/charts?days=90': [200, chartsOf(90)] });
    const onDays = vi.fn();
    renderIn('de', <AdminChartsPanel days={90} onDays={onDays} language="de" />);

    const signUps = await screen.findByRole('table', { name: 'Neue Anbieter:innen und Klient:innen pro Tag' });
    expect(within(signUps).getByRole('row', { name: /28\. Feb/ }).textContent).toBe('28. Feb.11.234');
    expect(screen.getByText('25 %')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Letzte 90 Tage' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Letzte 30 Tage' }));
    expect(onDays).toHaveBeenCalledWith(30);
  });
});
