import { useTranslation } from 'react-i18next';
import { requireSession } from '#app/features/auth/lib/require-session';
import { NotificationPreferencesSection } from '#app/features/notifications/components/notification-preferences';
import { useMyPreferences } from '#app/features/profiles/api/get-my-preferences';
import { usePreferenceOptions } from '#app/features/profiles/api/get-preference-options';
import { PreferencesForm } from '#app/features/profiles/components/preferences-form';
import { LoadGate } from '#app/ui/load-gate';
import type { Route } from './+types/preference';

/** /preference/: the preference lists of SPEC.md §3, for clients and providers. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const session = await requireSession(request, ['client', 'provider']);
  return { role: session.role as 'client' | 'provider' };
}

export default function Preference({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const owner = loaderData.role;
  const options = usePreferenceOptions();
  const preferences = useMyPreferences(owner);
  return (
    <>
      <title>{`${t('appNav.preference')} · ${t('nav.brand')}`}</title>
      <h1 className="text-2xl font-semibold">{t('profileScreens.preferences.title')}</h1>
      <p className="mt-1 mb-6 text-slate-600">{t(`profileScreens.preferences.intro.${owner}`)}</p>
      <LoadGate query={options}>
        {(optionData) => (
          <LoadGate query={preferences}>
            {(preferenceData) => <PreferencesForm owner={owner} options={optionData} preferences={preferenceData} />}
          </LoadGate>
        )}
      </LoadGate>
      <NotificationPreferencesSection />
    </>
  );
}
