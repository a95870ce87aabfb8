import type { BookingLine, BookingLinePage } from '@app/shared/schemas/booking-lists';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_LAYOUT_ID } from '#app/lib/shell-data';
import { mockApi, testI18n } from '#test/render';
import { ClientSessions } from './client-sessions';

const CLIENT_ID = '0b7c8a1e-1d2f-4c3b-9a8e-5f6d7c8b9a01';
const SERIES_ID = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const ids = [
  '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c',
  '8b9c0d1e-2f3a-4b4c-8d5e-6f7a8b9c0d1e',
  '9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
];
const SINGLE_ID = '2a9d6c1e-8b7f-4e3d-a2c1-b0f9e8d7c6b5';

/** A session with Aoife Ní Bhriain at noon UTC on `day` (the same calendar day in any test zone). */
function session(identifier: string, day: string, status: BookingLine['status'], index: number | null): BookingLine {
  return {
    identifier,
    status,
    client: { identifier: CLIENT_ID, name: "Aoife Ní Bhriain-O'Hara", photo: null },
    therapyCategory: { identifier: '9f0e1d2c-3b4a-4958-8776-655443322110', name: 'Individual Therapy' },
    startAt: `${day}T12:00:00.000Z`,
    endAt: `${day}T13:00:00.000Z`,
    series: index === null ? null : { identifier: SERIES_ID, index, occurrences: 3 },
    seriesSessions: null,
  } as BookingLine;
}

const series = [
  session(ids[0] as string, '2027-03-02', 'completed', 0),
  session(ids[1] as string, '2027-03-09', 'confirmed', 1),
  session(ids[2] as string, '2027-03-16', 'cancelled', 2),
];
const answer: BookingLinePage = {
  data: [
    session(SINGLE_ID, '2027-03-20', 'confirmed', null),
    { ...(series[0] as BookingLine), seriesSessions: series },
  ],
  meta: { page: 1, perPage: 50, total: 2, totalPages: 1 },
};

function show(language: 'en' | 'de') {
  const { calls } = mockApi({ [`GET /api/appointment/client/${CLIENT_ID}`]: [200, answer] });
  const Stub = createRoutesStub([
    {
      id: LOCALE_LAYOUT_ID,
      path: '/:lang?',
      loader: () => ({ lang: language, countryCode: 'NG' }),
      children: [{ path: 'client', Component: () => <ClientSessions clientId={CLIENT_ID} /> }],
    },
  ]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={testI18n(language)}>
      <QueryClientProvider client={queryClient}>
        <Stub initialEntries={[language === 'de' ? '/de/client' : '/client']} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("a provider's sessions with one client", () => {
  it('asks for the list grouped and shows a series as one line with its sessions beneath', async () => {
    const calls = show('en');
    const line = await screen.findByTestId('client-series-line', {}, { timeout: 5_000 });
    expect(calls[0]?.path).toContain('groupSeries=true');
    expect(within(line).getByTestId('client-series-label')).toHaveTextContent('Series of 3 sessions');
    const beneath = within(within(line).getByRole('list', { name: 'Sessions of this series' })).getAllByRole('link');
    expect(beneath).toHaveLength(3);
    expect(beneath[0]).toHaveTextContent(/^Session 1 · .*2 March 2027.*Completed$/);
    expect(beneath[1]).toHaveTextContent(/^Session 2 · .*9 March 2027.*Confirmed$/);
    expect(beneath[2]).toHaveTextContent('Cancelled');
    expect(beneath[1]).toHaveAttribute('href', `/appointments/${ids[1]}/`);
    // The single session stays one line of its own; two lines in all.
    expect(screen.getAllByTestId('client-series-line')).toHaveLength(1);
    expect(screen.getByRole('link', { name: /20 March 2027/ })).toHaveAttribute('href', `/appointments/${SINGLE_ID}/`);
  });

  it('reads in German', async () => {
    show('de');
    const line = await screen.findByTestId('client-series-line', {}, { timeout: 5_000 });
    expect(within(line).getByTestId('client-series-label')).toHaveTextContent('Serie mit 3 Sitzungen');
    const beneath = within(within(line).getByRole('list', { name: 'Sitzungen dieser Serie' })).getAllByRole('link');
    expect(beneath[1]).toHaveTextContent(/^Sitzung 2 · .*9\. März 2027.*Bestätigt$/);
    expect(beneath[1]).toHaveAttribute('href', `/de/appointments/${ids[1]}/`);
  });
});
