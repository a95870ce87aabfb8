import type { Booking, PublicProvider } from '@app/shared/schemas/bookings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { paths } from '#app/lib/paths';
import { type ModalName, ModalProvider, useModals } from '#app/ui/modal-manager';
import { ToastProvider } from '#app/ui/toast';
import { testI18n } from '#test/render';

export { mockApi } from '#test/render';

function OpenOnMount({ name, props }: { name?: ModalName; props?: unknown }) {
  const modals = useModals();
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens once, on mount.
  useEffect(() => {
    // Tests open any dialog with the props they give; the registry's typing is for the app's callers.
    if (name) (modals.open as (name: ModalName, props?: unknown) => void)(name, props);
  }, []);
  return null;
}

/**
 * Renders inside a memory router with i18n, a fresh QueryClient (no retries), toasts and the
 * modal manager; `openModal` opens a dialog by name with props on mount.
 */
export function renderBooking(
  ui: ReactNode,
  options: { language?: 'en' | 'de'; openModal?: { name: ModalName; props?: Record<string, unknown> } } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <>
          <OpenOnMount name={options.openModal?.name} props={options.openModal?.props} />
          {ui}
        </>
      ),
    },
  ]);
  const result = render(
    <I18nextProvider i18n={testI18n(options.language ?? 'en')}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <ModalProvider>
            <Stub initialEntries={[paths.appointments('en')]} />
          </ModalProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, queryClient };
}

export const PROVIDER_ID = '6f1c2b9e-3f57-4c1e-9a53-0d2f1b7a8c11';
export const CLIENT_ID = '0b7c8a1e-1d2f-4c3b-9a8e-5f6d7c8b9a01';
export const BOOKING_ID = '2a9d6c1e-8b7f-4e3d-a2c1-b0f9e8d7c6b5';

/** The demo therapist's session types and therapies (their identifiers). */
export const VIDEO_SESSION_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const AUDIO_CALL_ID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
export const INDIVIDUAL_THERAPY_ID = '9f0e1d2c-3b4a-4958-8776-655443322110';
export const COUPLES_THERAPY_ID = '8e9f0a1b-2c3d-4e5f-8a7b-6c5d4e3f2a1b';

/**
 * Dr Chiamaka Eze as GET /providers/{id} answers (NG, zone UTC): video or audio; individual
 * therapy at ₦15,000 a session, couples therapy free. Override what a test needs.
 */
export function makeProvider(overrides: Partial<PublicProvider> = {}): PublicProvider {
  const fee = { amount: 1_500_000, isFree: false, currencyCode: 'NGN' };
  return {
    identifier: PROVIDER_ID,
    slug: 'chiamaka-eze',
    name: 'Chiamaka Eze',
    firstName: 'Chiamaka',
    lastName: 'Eze',
    title: 'Dr',
    photo: null,
    headline: null,
    countryCode: 'NG',
    fee,
    visitorCurrencyCode: 'NGN',
    visitorFee: null,
    nextAvailableAt: null,
    bio: null,
    timezone: 'UTC',
    sessionMinutes: 60,
    setupType: 'GENERAL',
    modalities: [
      { identifier: VIDEO_SESSION_ID, key: 'video-session', name: 'Video Session' },
      { identifier: AUDIO_CALL_ID, key: 'audio-call', name: 'Audio Call' },
    ],
    therapies: [
      { identifier: INDIVIDUAL_THERAPY_ID, key: 'individual-therapy', name: 'Individual Therapy', fee },
      {
        identifier: COUPLES_THERAPY_ID,
        key: 'couples-therapy',
        name: 'Couples Therapy',
        fee: { ...fee, amount: 0, isFree: true },
      },
    ],
    specialities: [],
    languages: [],
    approaches: [],
    nextSlots: [],
    rating: null,
    reviewCount: 0,
    verified: true,
    licences: [],
    education: [],
    yearsInPractice: null,
    licenseStates: [],
    ...overrides,
  };
}

/** A confirmed, paid booking of ₦15,000 a week ahead; override what a test needs. */
export function makeBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    identifier: BOOKING_ID,
    status: 'confirmed',
    previousStatus: 'pending',
    provider: { identifier: PROVIDER_ID, name: 'Chiamaka Eze', photo: null },
    client: { identifier: CLIENT_ID, name: 'Ada Okafor', photo: null },
    therapyCategory: { identifier: INDIVIDUAL_THERAPY_ID, name: 'Individual Therapy' },
    modality: { identifier: VIDEO_SESSION_ID, key: 'video-session', name: 'Video Session' },
    startAt: '2027-03-17T08:00:00.000Z',
    endAt: '2027-03-17T09:00:00.000Z',
    holdExpiresAt: null,
    priceMinor: 1_500_000,
    currencyCode: 'NGN',
    isPaid: true,
    paymentMethod: 'wallet',
    note: 'Stress at work',
    createdBy: 'client',
    participantStatus: 'acknowledged',
    allowRescheduleCompletedBooking: false,
    rescheduleInfo: {
      status: null,
      remainingClientReschedule: 2,
      remainingProviderReschedule: 2,
      requestedBy: null,
      proposedStartAt: null,
      proposedEndAt: null,
      note: null,
    },
    cancellation: null,
    feedbackProvided: false,
    series: null,
    createdAt: '2027-03-01T09:00:00.000Z',
    updatedAt: '2027-03-01T09:00:00.000Z',
    ...overrides,
  };
}

/**
 * The booking calendar's answers for `providerId` (zone UTC): 12 March 2027 has 9:00 and 10:00,
 * for mockApi. The calendar opens on that day (the first with slots from 10 March).
 */
export function calendarAnswers(providerId = PROVIDER_ID): Record<string, [number, unknown]> {
  const base = `/api/providers-availability/${providerId}`;
  const slot = (hour: number) => ({
    identifier: `slot-${hour}`,
    startTime: `${String(hour).padStart(2, '0')}:00`,
    endTime: `${String(hour + 1).padStart(2, '0')}:00`,
    startAt: `2027-03-12T${String(hour).padStart(2, '0')}:00:00.000Z`,
    endAt: `2027-03-12T${String(hour + 1).padStart(2, '0')}:00:00.000Z`,
  });
  return {
    [`GET ${base}/month/2027-03`]: [
      200,
      {
        providerIdentifier: providerId,
        categoryIdentifier: null,
        month: '2027-03',
        timezone: 'UTC',
        from: '2027-03-10',
        to: '2027-05-31',
        days: [{ date: '2027-03-12', slotCount: 2 }],
      },
    ],
    [`GET ${base}/timeslot/2027-03-12`]: [
      200,
      {
        providerIdentifier: providerId,
        categoryIdentifier: null,
        timezone: 'UTC',
        providerTimezone: 'UTC',
        sessionMinutes: 60,
        days: [{ date: '2027-03-12', isAvailable: true, timeSlot: [slot(9), slot(10)] }],
      },
    ],
  };
}
