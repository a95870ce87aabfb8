import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '#app/api/client';
import { useProvider } from '#app/api/get-provider';
import { displayName, FeeText, NextSlotText } from '#app/features/directory/components/provider-card';
import { NotFoundPage } from '#app/features/shell/not-found-page';
import { zoneLabel } from '#app/lib/dates';
import { priceText } from '#app/lib/format';
import { localePath } from '#app/lib/i18n';
import { useLocaleData } from '#app/lib/shell-data';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Button } from '#app/ui/button';
import { PersonAvatar } from '#app/ui/person-avatar';
import { Spinner } from '#app/ui/spinner';
import type { Route } from './+types/provider-profile';

function Chips({ title, items }: { title: string; items: { identifier: string; name: string }[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-700">{title}</h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.identifier} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800">
            {item.name}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /providers/{id}/ (public): a therapist's profile, what they offer, fees and the way to book. */
export default function ProviderProfile({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const zone = useViewerZone();
  const provider = useProvider(params.providerId);

  if (provider.isError && provider.error instanceof ApiError && provider.error.status === 404) {
    return <NotFoundPage lang={lang} />;
  }

  return (
    <main id="main" className="bg-gradient-to-b from-brand-50 to-white px-4 py-8 sm:py-12">
      <div className="mx-auto max-w-5xl">
        <Link
          to={localePath(lang, '/providers/')}
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          ← {t('bookingScreens.directory.back')}
        </Link>
        {provider.isPending ? (
          <div className="flex justify-center py-20 text-brand-700">
            <title>{`${t('bookingScreens.directory.title')} · ${t('nav.brand')}`}</title>
            <Spinner />
          </div>
        ) : provider.isError ? (
          <div className="flex flex-col items-center gap-3 py-16 text-center">
            <title>{`${t('bookingScreens.directory.title')} · ${t('nav.brand')}`}</title>
            <p role="alert" className="text-slate-700">
              {t('common.failedToLoad')}
            </p>
            <Button variant="secondary" onClick={() => provider.refetch()} loading={provider.isRefetching}>
              {t('bookingScreens.retry')}
            </Button>
          </div>
        ) : (
          <div className="mt-4 grid gap-6 lg:grid-cols-[1fr_20rem]">
            <title>{`${displayName(provider.data)} · ${t('nav.brand')}`}</title>
            <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
                <PersonAvatar name={provider.data.name} photo={provider.data.photo} size="lg" />
                <div>
                  <h1 className="text-2xl font-bold text-slate-900">{displayName(provider.data)}</h1>
                  {provider.data.headline ? <p className="text-slate-700">{provider.data.headline}</p> : null}
                </div>
              </div>
              {provider.data.bio ? (
                <div className="mt-6">
                  <h2 className="text-lg font-semibold">{t('bookingScreens.profile.about')}</h2>
                  <p className="mt-2 whitespace-pre-line text-slate-700">{provider.data.bio}</p>
                </div>
              ) : null}
              <div className="mt-6 flex flex-col gap-5">
                <h2 className="text-lg font-semibold">{t('bookingScreens.profile.offers')}</h2>
                <Chips title={t('bookingScreens.profile.modalities')} items={provider.data.modalities} />
                <Chips title={t('bookingScreens.profile.specialities')} items={provider.data.specialities} />
                {provider.data.therapies.length > 0 ? (
                  <div>
                    <h3 className="text-sm font-semibold text-slate-700">{t('bookingScreens.profile.therapies')}</h3>
                    <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
                      {provider.data.therapies.map((therapy) => (
                        <li key={therapy.identifier} className="flex justify-between gap-4 px-4 py-2.5 text-sm">
                          <span>{therapy.name}</span>
                          <span className="font-medium text-slate-900">
                            {therapy.fee
                              ? therapy.fee.isFree
                                ? t('bookingScreens.free')
                                : priceText(therapy.fee.amount, therapy.fee.currencyCode)
                              : '—'}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </div>
            </section>
            <aside
              aria-label={t('bookingScreens.profile.bookingBox')}
              className="flex h-fit flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:sticky lg:top-6"
            >
              <div>
                <p className="text-sm text-slate-600">{t('bookingScreens.profile.sessionFee')}</p>
                <p className="text-xl font-bold text-slate-900">
                  <FeeText fee={provider.data.fee} />
                </p>
                <p className="text-sm text-slate-600">
                  {t('bookingScreens.facts.minutes', { count: provider.data.sessionMinutes })}
                </p>
              </div>
              <p className="text-sm text-brand-800">
                <NextSlotText at={provider.data.nextAvailableAt} zone={zone} />
              </p>
              {zone ? (
                <p className="text-xs text-slate-600">{t('bookingScreens.facts.zone', { zone: zoneLabel(zone) })}</p>
              ) : null}
              <Link
                to={`${localePath(lang, '/booking/')}?provider=${provider.data.identifier}`}
                className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
              >
                {t('bookingScreens.profile.book')}
              </Link>
              <Link
                to={localePath(lang, `/providers/${provider.data.identifier}/availability/`)}
                className="text-center text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                {t('bookingScreens.profile.seeTimes')}
              </Link>
            </aside>
          </div>
        )}
      </div>
    </main>
  );
}
