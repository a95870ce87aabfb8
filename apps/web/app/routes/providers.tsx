import { isOperatingCountry, type Language, languageOf } from '@app/shared/constants';
import { currencyForCountry, DEFAULT_CURRENCY } from '@app/shared/currency';
import { DIRECTORY_FILTER_LISTS } from '@app/shared/directory-rules';
import { data, useNavigate } from 'react-router';
import { FiltersSheet, filterCount } from '#app/features/directory/components/filters-sheet';
import { LazyStatePickerDialog } from '#app/features/directory/components/lazy-state-picker-dialog';
import { ProviderCard } from '#app/features/directory/components/provider-card';
import { SearchCount } from '#app/features/directory/components/search-count';
import {
  FILTER_LISTS,
  type FilterOption,
  type FilterState,
  SearchFilters,
} from '#app/features/directory/components/search-filters';
import { type OnlineElsewhere, WidenSearch } from '#app/features/directory/components/widen-search';
import { DIRECTORY_MODALS } from '#app/features/directory/lib/modals';
import { loadPageWords } from '#app/lib/i18n';
import { paths } from '#app/lib/paths';
import { jsonLd } from '#app/lib/seo';
import { useLocaleData } from '#app/lib/shell-data';
import { useViewerZone } from '#app/lib/viewer-zone';
import { visitorCountryOf } from '#app/lib/visitor-country';
import { useWords } from '#app/lib/words';
import { Link } from '#app/ui/link';
import { useModals } from '#app/ui/modal-manager';
import { PageLinks } from '#app/ui/page-links';
import type { Route } from './+types/providers';

// The page's words (catalog-parts.ts), there before it hydrates or renders.
await loadPageWords('directory');

/**
 * Page parameters that go to GET /providers as they are (the price goes in major units, see
 * below). The page's `country` is the country select (countryCode), so the preference list of
 * the same name is not passed.
 */
const PASSED = [
  'q',
  'state',
  'availableWithinDays',
  'sort',
  'cursor',
  ...DIRECTORY_FILTER_LISTS.filter((list) => list !== 'country'),
] as const;

/**
 * The search the page's query string asks for: the country (the visitor's when they did not
 * choose, `all` for every country), the filters, and the price range in major units of the
 * visitor's currency (the API takes minor units).
 */
function searchOf(url: URL, visitorCountry: string) {
  const params = url.searchParams;
  const chosen = params.get('country');
  const country = chosen === 'all' ? '' : (chosen ?? (isOperatingCountry(visitorCountry) ? visitorCountry : ''));
  const query: Record<string, string | string[]> = { perPage: '12' };
  for (const name of PASSED) {
    const values = params.getAll(name).filter(Boolean);
    if (values.length > 0) query[name] = values.length === 1 ? (values[0] as string) : values;
  }
  if (country) query.countryCode = country;
  const currency = currencyForCountry(visitorCountry, { fallback: DEFAULT_CURRENCY });
  for (const [name, target] of [
    ['priceMin', 'feeMin'],
    ['priceMax', 'feeMax'],
  ] as const) {
    const major = Number(params.get(name));
    if (params.get(name) && Number.isFinite(major) && major >= 0) query[target] = String(Math.round(major * 100));
  }
  if (query.feeMin || query.feeMax) query.currency = currency;
  return { query, country, currency };
}

/**
 * What the filters show of the lists and states, and nothing else: the page's data travels twice
 * (in the HTML and again as the hydration data), and the ids of 150 options and states were a
 * third of that data, compressing worst of all.
 */
function filterData(options: Record<string, FilterOption[]>, states: FilterState[]) {
  return {
    options: Object.fromEntries(
      FILTER_LISTS.map((list) => [list, (options[list] ?? []).map(({ key, name }) => ({ key, name }))]),
    ),
    states: states.map(({ code, name }) => ({ code, name })),
  };
}

/** The session types that need no travel: what a provider in another country can offer. */
const ONLINE_MODALITIES = ['video-session', 'audio-call', 'chat-messaging'];

/**
 * An empty search in one country: how many providers in every country match the rest and see
 * clients online (the visitor's own choice of session type, when they made one), and the address
 * that lists them.
 */
async function onlineInOtherCountries(
  services: Route.LoaderArgs['context']['services'],
  url: URL,
  query: Record<string, string | string[]>,
  lang: Language,
  visitorCountry: string,
): Promise<OnlineElsewhere | null> {
  const { countryCode: _country, state: _state, cursor: _cursor, ...rest } = query;
  const chosen = [rest.modality ?? []].flat().flatMap((value) => value.split(','));
  const online = chosen.length > 0 ? chosen.filter((key) => ONLINE_MODALITIES.includes(key)) : ONLINE_MODALITIES;
  if (online.length === 0) return null;
  const answer = await services.directory.search({
    query: { ...rest, modality: online, perPage: '1' },
    language: lang,
    countryCode: visitorCountry,
  });
  if (!answer.ok) return null;
  const params = new URLSearchParams(url.search);
  for (const name of ['cursor', 'state', 'modality']) params.delete(name);
  params.set('country', 'all');
  params.set('modality', online.join(','));
  return { total: answer.page.total, moreThanTotal: answer.page.moreThanTotal, href: `?${params}` };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang: Language = languageOf(params.lang);
  const services = context.services;
  const url = new URL(request.url);
  const visitorCountry = visitorCountryOf(request, services.trustedCountry(request));
  const { query, country, currency } = searchOf(url, visitorCountry);
  const [result, options, states] = await Promise.all([
    services.directory.search({ query, language: lang, countryCode: visitorCountry }),
    services.directory.filterOptions(lang),
    country ? services.directory.states({ countryCode: country, language: lang }) : Promise.resolve([]),
  ]);
  const empty = result.ok && result.page.total === 0;
  const onlineElsewhere =
    empty && country ? await onlineInOtherCountries(services, url, query, lang, visitorCountry) : null;
  return data({
    result,
    onlineElsewhere,
    ...filterData(options, states),
    country,
    currency,
    publicUrl: services.directory.publicUrl,
    search: url.search,
  });
}

/**
 * /providers/ (public, server-rendered): the directory search. Filters are a GET form, so the
 * page works without JavaScript and every result is in the HTML (names, fees with the visitor's
 * currency, ratings, next free times); keyset pages follow `cursor`.
 */
export default function Providers({ loaderData }: Route.ComponentProps) {
  const { t } = useWords();
  const { lang, shell } = useLocaleData();
  const zone = useViewerZone();
  const modals = useModals();
  const navigate = useNavigate();
  const { result, options, states, country, currency, publicUrl, search, onlineElsewhere } = loaderData;
  const countryName = shell.countries.find((item) => item.code === country)?.name ?? country;
  const params = new URLSearchParams(search);
  const nextHref = (cursor: string) => {
    const next = new URLSearchParams(params);
    next.set('cursor', cursor);
    return `?${next}`;
  };
  const firstHref = () => {
    const first = new URLSearchParams(params);
    first.delete('cursor');
    return `?${first}`;
  };
  const page = result.ok ? result.page : null;
  const listJson = page
    ? jsonLd({
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        itemListElement: page.data.map((provider, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: `${publicUrl}${paths.provider(lang, provider)}`,
          name: provider.name,
        })),
      })
    : null;

  return (
    <main id="main">
      <title>{`${t('bookingScreens.directory.title')} · ${t('nav.brand')}`}</title>
      <meta name="description" content={t('bookingScreens.directory.intro')} />
      <PageLinks publicUrl={publicUrl} lang={lang} page={paths.providers} />
      {listJson ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD, escaped by jsonLd()
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: listJson }} />
      ) : null}
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {t('bookingScreens.directory.title')}
          </h1>
          <p className="mt-2 max-w-2xl text-slate-700">{t('bookingScreens.directory.intro')}</p>
        </div>
      </section>
      <div className="mx-auto grid max-w-6xl gap-4 lg:gap-8 px-4 pb-16 lg:grid-cols-[18rem_1fr]">
        <FiltersSheet count={filterCount(params, FILTER_LISTS)} search={search}>
          <SearchFilters
            key={search}
            params={params}
            options={options}
            countries={shell.countries}
            states={states}
            country={country}
            currencyCode={currency}
            onPickState={() => modals.open(DIRECTORY_MODALS.selectState)}
          />
        </FiltersSheet>
        <section aria-label={t('bookingScreens.directory.results')}>
          {!result.ok ? (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
              {result.message}
            </p>
          ) : page && page.data.length === 0 ? (
            <WidenSearch
              params={params}
              lists={FILTER_LISTS}
              options={options}
              states={states}
              countryName={countryName}
              onlineElsewhere={onlineElsewhere}
            />
          ) : page ? (
            <>
              <SearchCount total={page.total} moreThanTotal={page.moreThanTotal} />
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {page.data.map((provider) => (
                  <li key={provider.identifier} className="flex flex-col [&>article]:flex-1">
                    <ProviderCard provider={provider} zone={zone} />
                  </li>
                ))}
              </ul>
              <nav aria-label={t('pagination.label')} className="mt-6 flex justify-between gap-3">
                {params.has('cursor') ? (
                  <Link to={firstHref()} className="text-sm font-semibold text-brand-700 hover:underline">
                    {t('searchScreens.firstPage')}
                  </Link>
                ) : (
                  <span />
                )}
                {page.nextCursor ? (
                  <Link
                    to={nextHref(page.nextCursor)}
                    className="text-sm font-semibold text-brand-700 hover:underline"
                    data-testid="search-next"
                  >
                    {t('searchScreens.nextPage')}
                  </Link>
                ) : null}
              </nav>
            </>
          ) : null}
        </section>
      </div>
      <LazyStatePickerDialog
        onFind={(stateCode) => navigate(paths.providers(lang, { country: 'US', state: stateCode }))}
      />
    </main>
  );
}
