import type { BookingLine } from '@app/shared/schemas/booking-lists';
import type {
  ClientOverview as ClientOverviewData,
  ProviderOverview as ProviderOverviewData,
} from '@app/shared/schemas/overview';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LOCALE_LAYOUT_ID } from '#app/lib/shell-data';
import { testI18n } from '#test/render';
import { ClientOverview } from './client-overview';
import { ProviderOverview } from './provider-overview';
import { daysUntil, relativeDay } from './when';

function show(ui: ReactNode, language: 'en' | 'de' = 'en') {
  const i18n = testI18n(language);
  const Stub = createRoutesStub([
    {
      id: LOCALE_LAYOUT_ID,
      path: '/:lang?',
      loader: () => ({ lang: language, countryCode: 'NG' }),
      children: [{ path: 'overview', Component: () => ui }],
    },
  ]);
  return render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[language === 'de' ? '/de/overview' : '/overview']} />
    </I18nextProvider>,
  );
}

const NOW = Date.parse('2027-03-01T09:00:00Z');

const newClient: ClientOverviewData = {
  role: 'client',
  firstName: 'Nneka',
  timezone: 'Africa/Lagos',
  nextSession: null,
  awaitingPayment: [],
  wallet: { balance: 0, currency: 'NGN', others: [] },
  unreadMessages: 0,
  unreadNotifications: 2,
  recommended: [],
  hasPreferences: false,
  hasBookings: false,
};

const provider: ProviderOverviewData = {
  role: 'provider',
  firstName: 'Funmi',
  timezone: 'Africa/Lagos',
  standing: 'awaitingReview',
  listingMissing: ['approval'],
  checklist: [
    { item: 'profile', done: true, expiresOn: null, expiringSoon: false },
    { item: 'fees', done: false, expiresOn: null, expiringSoon: false },
    { item: 'availability', done: false, expiresOn: null, expiringSoon: false },
    { item: 'credentials', done: true, expiresOn: null, expiringSoon: false },
    { item: 'insurance', done: false, expiresOn: '2027-03-20', expiringSoon: true },
  ],
  today: [],
  upcoming: [],
  rescheduleRequests: [],
  earnings: { currency: 'NGN', thisMonth: 4_250_000, available: 1_000_000 },
  unreadMessages: 3,
  unreadNotifications: 0,
};

/** A confirmed video session with Ngozi O'Brien-Adeyemi at 9:00 today (Lagos), as GET /overview lists it. */
const todaySession = {
  identifier: '2a9d6c1e-8b7f-4e3d-a2c1-b0f9e8d7c6b5',
  status: 'confirmed',
  client: { identifier: '0b7c8a1e-1d2f-4c3b-9a8e-5f6d7c8b9a01', name: "Ngozi O'Brien-Adeyemi", photo: null },
  therapyCategory: { identifier: '9f0e1d2c-3b4a-4958-8776-655443322110', name: 'Individual Therapy' },
  modality: { identifier: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', key: 'video-session', name: 'Video Session' },
  startAt: '2027-03-01T08:00:00.000Z',
  endAt: '2027-03-01T09:00:00.000Z',
  series: null,
  seriesSessions: null,
} as BookingLine;

const SERIES_ID = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const sessionIds = [
  '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c',
  '8b9c0d1e-2f3a-4b4c-8d5e-6f7a8b9c0d1e',
  '9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
  'ad1e2f3a-4b5c-4d6e-8f7a-8b9c0d1e2f3a',
];

/** A weekly series of four from 3 March 2027, 14:00 in Lagos, as the overview's lists carry it (`index` stands for it). */
function seriesLine(index: number, status: 'pending' | 'confirmed'): BookingLine {
  const sessions = sessionIds.map((identifier, place) => {
    const start = Date.parse('2027-03-03T13:00:00Z') + place * 7 * 86_400_000;
    return {
      ...todaySession,
      identifier,
      status,
      provider: { identifier: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f', name: 'Zoë D’Souza-Müller', photo: null },
      priceMinor: 1_500_000,
      currencyCode: 'NGN',
      isPaid: status === 'confirmed',
      holdExpiresAt: status === 'pending' ? '2027-03-01T09:12:00.000Z' : null,
      startAt: new Date(start).toISOString(),
      endAt: new Date(start + 3_600_000).toISOString(),
      series: { identifier: SERIES_ID, index: place, occurrences: 4 },
      seriesSessions: null,
    } as BookingLine;
  });
  return { ...(sessions[index] as BookingLine), seriesSessions: sessions };
}

describe('overview screens', () => {
  it("offers the provider Join beside today's session, the way the client has it", async () => {
    show(
      <ProviderOverview
        overview={{ ...provider, today: [todaySession] }}
        now={NOW}
        renderJoin={(booking) => <a href={`/session/${booking.identifier}/`}>Join the session</a>}
      />,
    );
    // The stub router's first render can take a while on a loaded machine.
    const today = await screen.findByTestId('today-list', {}, { timeout: 5_000 });
    expect(today).toHaveTextContent("Ngozi O'Brien-Adeyemi");
    expect(screen.getByRole('link', { name: 'Join the session' })).toHaveAttribute(
      'href',
      `/session/${todaySession.identifier}/`,
    );
    // The session's own link still leads to its details; Join is beside it, not inside it.
    expect(screen.getByRole('link', { name: /Ngozi O'Brien-Adeyemi/ })).toHaveAttribute(
      'href',
      `/appointments/${todaySession.identifier}/`,
    );
  });

  it("shows a provider's series as one line: the label, its next session's day and time, which session", async () => {
    show(
      <ProviderOverview overview={{ ...provider, upcoming: [seriesLine(1, 'confirmed'), todaySession] }} now={NOW} />,
    );
    const upcoming = await screen.findByTestId('upcoming-list', {}, { timeout: 5_000 });
    const lines = within(upcoming).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Series of 4 sessions');
    expect(lines[0]).toHaveTextContent('Session 2 of 4');
    expect(lines[0]).toHaveTextContent('in 9 days · Wednesday, 10 March 2027');
    expect(lines[0]).toHaveTextContent(/2:00\s?PM\s?–\s?3:00\s?PM/);
    // The line leads to its next session, whose page lists every session of the series.
    expect(within(lines[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      `/appointments/${sessionIds[1]}/`,
    );
    expect(within(lines[1] as HTMLElement).queryByTestId('session-series')).toBeNull();
  });

  it('shows a held series once under awaiting payment, paid as a series, in German', async () => {
    const client: ClientOverviewData = { ...newClient, hasBookings: true, awaitingPayment: [seriesLine(0, 'pending')] };
    show(<ClientOverview overview={client} now={NOW} renderJoin={() => null} renderMessage={() => null} />, 'de');
    const lines = await screen.findAllByTestId('awaiting-line', {}, { timeout: 5_000 });
    expect(lines).toHaveLength(1);
    const line = lines[0] as HTMLElement;
    expect(within(line).getByTestId('awaiting-series')).toHaveTextContent('Serie mit 4 Sitzungen');
    expect(line).toHaveTextContent('Mittwoch, 3. März 2027 · 14:00');
    expect(line).toHaveTextContent(/15\.000,00\s₦ pro Sitzung/);
    expect(within(line).getByTestId('hold-remaining')).toHaveTextContent('Die Termine sind noch 12 Minuten reserviert');
    expect(within(line).getByRole('link', { name: 'Serie bezahlen' })).toHaveAttribute(
      'href',
      `/de/payment/${sessionIds[0]}/`,
    );
    expect(within(line).getByRole('link', { name: 'Alle 4 Sitzungen' })).toHaveAttribute(
      'href',
      `/de/appointments/${sessionIds[0]}/`,
    );
  });

  it("names which session of a series the client's next session is", async () => {
    const next = seriesLine(1, 'confirmed');
    const client: ClientOverviewData = {
      ...newClient,
      hasBookings: true,
      nextSession: next,
    };
    show(<ClientOverview overview={client} now={NOW} renderJoin={() => null} renderMessage={() => null} />);
    expect(await screen.findByTestId('next-session-series', {}, { timeout: 5_000 })).toHaveTextContent(
      'Session 2 of 4',
    );
    expect(screen.getByTestId('next-session-details')).toHaveAttribute('href', `/appointments/${sessionIds[1]}/`);
  });

  it('welcomes a new client with the way to a therapist and to preferences', async () => {
    show(<ClientOverview overview={newClient} now={NOW} renderJoin={() => null} renderMessage={() => null} />);
    expect(await screen.findByRole('heading', { name: /Welcome! Let's find the right therapist/ })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Find a therapist' })).toHaveAttribute('href', '/providers/');
    expect(screen.getByRole('link', { name: 'Set your preferences' })).toHaveAttribute('href', '/preference/');
    expect(screen.getByTestId('unread-notifications-value')).toHaveTextContent('2');
    expect(screen.queryByTestId('next-session')).toBeNull();
  });

  it("links each open item of a provider's checklist to where it is fixed, in German too", async () => {
    show(<ProviderOverview overview={provider} now={NOW} />, 'de');
    expect(await screen.findByTestId('standing-status')).toHaveTextContent(
      'Deine Unterlagen werden von unserem Team geprüft',
    );
    expect(screen.getByTestId('checklist-fees')).toHaveAttribute('href', '/de/account/');
    expect(screen.getByTestId('checklist-availability')).toHaveAttribute('href', '/de/provider-availability/');
    expect(screen.getByTestId('checklist-insurance')).toHaveAttribute('href', '/de/my-credentials/');
    expect(screen.queryByTestId('checklist-profile')).toBeNull();
    expect(screen.getByText(/Läuft am Samstag, 20\. März 2027 ab/)).toBeVisible();
    expect(screen.getByTestId('month-earnings-value')).toHaveTextContent('42.500,00 ₦');
  });

  it("counts days on the reader's wall clock: today, tomorrow, in 3 days", () => {
    const lagosLateEvening = Date.parse('2027-03-01T22:30:00Z'); // 23:30 on 1 March in Lagos
    expect(daysUntil('2027-03-01T22:45:00Z', 'Africa/Lagos', lagosLateEvening)).toBe(0);
    expect(daysUntil('2027-03-01T23:15:00Z', 'Africa/Lagos', lagosLateEvening)).toBe(1);
    expect(relativeDay('2027-03-04T09:00:00Z', 'Africa/Lagos', lagosLateEvening, 'en')).toBe('in 3 days');
    expect(relativeDay('2027-03-02T09:00:00Z', 'Africa/Lagos', lagosLateEvening, 'de')).toBe('morgen');
  });
});
