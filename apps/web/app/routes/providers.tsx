import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useProviderList } from '#app/features/directory/api/list-providers';
import { ProviderCard } from '#app/features/directory/components/provider-card';
import { useLocaleData } from '#app/lib/shell-data';
import { useViewerZone } from '#app/lib/viewer-zone';
import { PagedList } from '#app/ui/paged-list';
import { pageSearch } from '#app/ui/pagination';

/**
 * /providers/ (public): the directory of approved therapists, by country (the visitor's by
 * default), each with fee and next free slot; it leads to the profile and the booking.
 */
export default function Providers() {
  const { t } = useTranslation();
  const { shell, countryCode, operating } = useLocaleData();
  const [params, setParams] = useSearchParams();
  const zone = useViewerZone();
  const chosen = params.get('country');
  const country = chosen === 'all' ? null : (chosen ?? (operating ? countryCode : null));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useProviderList(country, page);

  function update(next: { country?: string }) {
    const search = new URLSearchParams(params);
    if (next.country !== undefined) {
      search.set('country', next.country);
      search.delete('page');
    }
    setParams(search, { preventScrollReset: true });
  }

  return (
    <main id="main">
      <title>{`${t('bookingScreens.directory.title')} · ${t('nav.brand')}`}</title>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-10 sm:flex-row sm:items-end sm:justify-between sm:py-14">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              {t('bookingScreens.directory.title')}
            </h1>
            <p className="mt-2 max-w-2xl text-slate-700">{t('bookingScreens.directory.intro')}</p>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="directory-country" className="text-sm font-medium">
              {t('bookingScreens.directory.country')}
            </label>
            <select
              id="directory-country"
              value={country ?? 'all'}
              onChange={(event) => update({ country: event.target.value })}
              className="min-h-10 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            >
              <option value="all">{t('bookingScreens.directory.allCountries')}</option>
              {shell.countries.map((item) => (
                <option key={item.code} value={item.code}>
                  {item.name}
                </option>
              ))}
            </select>
          </div>
        </div>
      </section>
      <section aria-label={t('bookingScreens.directory.results')} className="mx-auto max-w-6xl px-4 pb-16">
        <PagedList
          query={list}
          empty={t('bookingScreens.directory.empty')}
          page={page}
          hrefFor={(next) => pageSearch(params, next)}
        >
          {(found) => (
            <>
              <p className="mb-4 text-sm text-slate-600" aria-live="polite">
                {t('bookingScreens.directory.count', { count: found.meta?.total ?? 0 })}
              </p>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {found.data.map((provider) => (
                  <li key={provider.identifier} className="flex flex-col [&>article]:flex-1">
                    <ProviderCard provider={provider} zone={zone} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </PagedList>
      </section>
    </main>
  );
}
