import { useTranslation } from 'react-i18next';
import { requireSession } from '#app/features/auth/lib/require-session';
import { useAvailabilitySettings } from '#app/features/availability/api/get-settings';
import { ProviderMonthView } from '#app/features/availability/components/provider-month-view';
import { zoneLabel } from '#app/lib/dates';
import { LoadGate } from '#app/ui/load-gate';
import type { Route } from './+types/calendar';

/** /calendar/ (providers only, SPEC.md §2): the provider's month with free, held and booked slots. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['provider']);
  return null;
}

export default function CalendarPage() {
  const { t } = useTranslation();
  const settings = useAvailabilitySettings();
  return (
    <>
      <title>{`${t('availabilityScreens.calendar.title')} · ${t('nav.brand')}`}</title>
      <h1 className="text-2xl font-semibold">{t('availabilityScreens.calendar.title')}</h1>
      <LoadGate query={settings}>
        {(data) => (
          <>
            <p className="mt-1 mb-6 text-slate-600">
              {t('availabilityScreens.calendar.intro', { zone: zoneLabel(data.timezone) })}
            </p>
            <ProviderMonthView settings={data} />
          </>
        )}
      </LoadGate>
    </>
  );
}
