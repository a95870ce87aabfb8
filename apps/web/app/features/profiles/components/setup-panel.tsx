import { useTranslation } from 'react-i18next';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { useSession } from '#app/lib/use-session';
import { cn } from '#app/ui/cn';
import { Link } from '#app/ui/link';
import { useProviderProfile } from '../api/get-provider-profile';

/**
 * The guided panel a provider sees (on /overview/ and /account/) until the setup is complete:
 * what is still missing, and the way to /onboarding/.
 */
export function ProviderSetupPanel({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const session = useSession();
  const isProvider = session?.role === 'provider';
  const profile = useProviderProfile(isProvider);
  if (!isProvider || !profile.data || profile.data.setup.isComplete) return null;
  const missing = profile.data.setup.missing;
  return (
    <section
      aria-labelledby="setup-panel-heading"
      className={cn(
        'flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-5 sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
      data-testid="setup-panel"
    >
      <div>
        <h2 id="setup-panel-heading" className="font-semibold text-amber-900">
          {t('profileScreens.setupPanel.heading')}
        </h2>
        <p className="mt-1 text-sm text-amber-900">
          {t('profileScreens.setupPanel.missing', {
            items: missing.map((item) => t(`profileScreens.setupPanel.items.${item}`)).join(', '),
          })}
        </p>
      </div>
      <Link
        to={innerPaths.onboarding(lang)}
        className="inline-flex min-h-10 shrink-0 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('profileScreens.setupPanel.action')}
      </Link>
    </section>
  );
}
