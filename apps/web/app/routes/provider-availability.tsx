import { useTranslation } from 'react-i18next';
import { requireSession } from '#app/features/auth/lib/require-session';
import { useAvailabilitySettings } from '#app/features/availability/api/get-settings';
import { AvailabilityEditor } from '#app/features/availability/components/availability-editor';
import { ExternalCalendarsSection } from '#app/features/calendar-feeds/components/external-calendars-section';
import { zoneLabel } from '#app/lib/dates';
import { LoadGate } from '#app/ui/load-gate';
import type { Route } from './+types/provider-availability';

/** /provider-availability/ (providers only, SPEC.md §2): weekly hours, specific dates, setup, external busy calendars. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['provider']);
  return null;
}

export default function ProviderAvailability() {
  const { t } = useTranslation();
  const settings = useAvailabilitySettings();
  return (
    <>
      <title>{`${t('availabilityScreens.title')} · ${t('nav.brand')}`}</title>
      <h1 className="text-2xl font-semibold">{t('availabilityScreens.title')}</h1>
      <LoadGate query={settings}>
        {(data) => (
          <>
            <p className="mt-1 mb-6 text-slate-600">
              {t('availabilityScreens.intro', { zone: zoneLabel(data.timezone) })}
            </p>
            <AvailabilityEditor settings={data} />
            <div className="mt-8">
              <ExternalCalendarsSection zone={data.timezone} />
            </div>
          </>
        )}
      </LoadGate>
    </>
  );
}
