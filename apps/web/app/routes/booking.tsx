import { languageOf } from '@app/shared/constants';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '#app/api/client';
import { useProvider } from '#app/api/get-provider';
import { requireSession } from '#app/features/auth/lib/require-session';
import { BookingSteps } from '#app/features/bookings/components/booking-steps';
import { ensureCatalog, withWords } from '#app/lib/i18n';
import { useSignalPageShown } from '#app/lib/page-shown';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { Link } from '#app/ui/link';
import { LoadGate } from '#app/ui/load-gate';
import { PageSpinner, Spinner } from '#app/ui/spinner';
import type { Route } from './+types/booking';

/**
 * The form (a form library and the API's schema, ~40 KB gzip) is its own chunk, with the words of
 * its fields and messages (the catalog's public part): the loader starts it beside the session
 * check and the page's provider query, so the first paint does not wait for it and the form shows
 * when the provider it needs has arrived. The therapist's summary is in that chunk too: its fee is
 * the chosen therapy's.
 */
const loadBookingForm = () => withWords(import('#app/features/bookings/components/booking-form'), 'public');
const BookingForm = lazy(() => loadBookingForm().then((module) => ({ default: module.BookingForm })));

/**
 * /booking/?provider={id} (clients): booking step 1 — modality, therapy and note → POST /booking.
 * With `&at=` (a time chosen on the therapist's page or card) the booking then takes that time at
 * once and goes on to pay; the form preselects a therapy or session type when there is only one.
 * Beside the area's other pages (routes/app-pages.tsx), which load the whole catalog: this one
 * loads its own words only (the page budget).
 */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  void loadBookingForm();
  await Promise.all([requireSession(request, ['client']), ensureCatalog(languageOf(params.lang), 'booking')]);
  return null;
}

export function HydrateFallback() {
  return <PageSpinner />;
}

export default function BookingPage() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const providerId = params.get('provider');
  const provider = useProvider(providerId);
  const title = `${t('bookingScreens.book.title')} · ${t('nav.brand')}`;
  useSignalPageShown();

  const missing =
    !providerId || (provider.isError && provider.error instanceof ApiError && provider.error.status < 500);
  if (missing) {
    return (
      <>
        <title>{title}</title>
        <h1 className="text-2xl font-semibold">{t('bookingScreens.book.title')}</h1>
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
          <p className="text-slate-700">{t('bookingScreens.book.chooseTherapist')}</p>
          <Link
            to={paths.providers(lang)}
            className="mt-4 inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t('nav.findTherapist')}
          </Link>
        </div>
      </>
    );
  }

  return (
    <>
      <title>{title}</title>
      <h1 className="mb-4 text-2xl font-semibold">{t('bookingScreens.book.title')}</h1>
      <BookingSteps current={1} />
      <LoadGate query={provider}>
        {(data) => (
          <Suspense fallback={<Spinner />}>
            <BookingForm
              provider={data}
              onCreated={(booking) => navigate(paths.bookingSchedule(lang, booking.identifier))}
              chosenAtParam={params.get('at')}
            />
          </Suspense>
        )}
      </LoadGate>
    </>
  );
}
