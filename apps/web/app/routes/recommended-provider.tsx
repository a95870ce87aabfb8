import { useTranslation } from 'react-i18next';
import { requireSession } from '#app/features/auth/lib/require-session';
import { useRecommended } from '#app/features/directory/api/get-recommended';
import { ProviderCard } from '#app/features/directory/components/provider-card';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Button } from '#app/ui/button';
import { Link } from '#app/ui/link';
import { Spinner } from '#app/ui/spinner';
import type { Route } from './+types/recommended-provider';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['client']);
  return null;
}

/**
 * /recommended-provider/ (clients, SPEC.md §2): the therapists that fit the client's preferences,
 * place and the time they need, each with why ("Speaks Yoruba", "CBT", "Available this week").
 */
export default function RecommendedProvider() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const zone = useViewerZone();
  const recommended = useRecommended();
  return (
    <>
      <title>{`${t('recommendationScreens.title')} · ${t('nav.brand')}`}</title>
      <h1 className="text-2xl font-semibold">{t('recommendationScreens.title')}</h1>
      <p className="mt-1 text-slate-600">{t('recommendationScreens.intro')}</p>
      {recommended.isPending ? (
        <div className="flex justify-center py-16 text-brand-700">
          <Spinner />
        </div>
      ) : recommended.isError ? (
        <div className="mt-6 flex flex-col items-start gap-3">
          <p role="alert" className="text-slate-700">
            {recommended.error.message}
          </p>
          <Button variant="secondary" onClick={() => recommended.refetch()}>
            {t('bookingScreens.retry')}
          </Button>
        </div>
      ) : (
        <>
          {!recommended.data.hasPreferences ? (
            <p className="mt-5 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              {t('recommendationScreens.noPreferences')}{' '}
              <Link to={paths.preference(lang)} className="font-semibold underline">
                {t('recommendationScreens.setPreferences')}
              </Link>
            </p>
          ) : null}
          {recommended.data.data.length === 0 ? (
            <p className="mt-6 text-slate-700">{t('recommendationScreens.empty')}</p>
          ) : (
            <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="recommendations">
              {recommended.data.data.map((provider) => (
                <li key={provider.identifier} className="flex flex-col [&>article]:flex-1">
                  <ProviderCard provider={provider} zone={zone}>
                    <div className="mt-3">
                      <p className="sr-only">{t('recommendationScreens.why')}</p>
                      <ul className="flex flex-wrap gap-1.5" aria-label={t('recommendationScreens.why')}>
                        {provider.reasons.map((reason) => (
                          <li
                            key={reason.code}
                            className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-900"
                          >
                            {reason.label}
                          </li>
                        ))}
                      </ul>
                    </div>
                  </ProviderCard>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}
