import { useTranslation } from 'react-i18next';
import { requireSession } from '#app/features/auth/lib/require-session';
import { ProviderOnboarding } from '#app/features/profiles/components/provider-onboarding';
import type { Route } from './+types/onboarding';

/** /onboarding/: the provider setup (SPEC.md §5 "Provider setup"), then the fee. Providers only. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['provider']);
  return null;
}

export default function Onboarding() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('profileScreens.onboarding.title')} · ${t('nav.brand')}`}</title>
      <h1 className="text-2xl font-semibold">{t('profileScreens.onboarding.title')}</h1>
      <p className="mt-1 mb-6 text-slate-600">{t('profileScreens.onboarding.intro')}</p>
      <ProviderOnboarding />
    </>
  );
}
