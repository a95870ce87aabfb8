import { isOperatingCountry, type Language, languageOf } from '@app/shared/constants';
import { Form, useNavigate } from 'react-router';
import { LazyStatePickerDialog } from '#app/features/directory/components/lazy-state-picker-dialog';
import { DIRECTORY_MODALS } from '#app/features/directory/lib/modals';
import { loadPageWords } from '#app/lib/i18n';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { visitorCountryOf } from '#app/lib/visitor-country';
import { useWords } from '#app/lib/words';
import { Link } from '#app/ui/link';
import { useModals } from '#app/ui/modal-manager';
import type { Route } from './+types/home';

// The page's words (catalog-parts.ts), there before it hydrates or renders.
await loadPageWords('home');

/** The states of the visitor's country, for the search field's state choice. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang: Language = languageOf(params.lang);
  const services = context.services;
  const country = visitorCountryOf(request, services.trustedCountry(request));
  const operating = isOperatingCountry(country) ? country : null;
  // The directory lists the visitor's country when it is one we operate in, every country otherwise;
  // the links count what that list holds (the directory's own WHERE), so none leads to an empty list.
  const [states, counts] = await Promise.all([
    operating ? services.directory.states({ countryCode: operating, language: lang }) : Promise.resolve([]),
    services.directory.homeCounts({ countryCode: operating, language: lang }),
  ]);
  return { states, country: operating, counts };
}

/** A directory address filtered by one list option (`?therapy=couples-therapy`), as the directory reads it. */
function directoryHref(lang: Language, params: Record<string, string>): string {
  return paths.providers(lang, params);
}

const chipClass =
  'block rounded-xl border border-slate-200 bg-white px-4 py-3 font-medium text-slate-900 hover:border-brand-600 hover:text-brand-800';

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useWords();
  const { shell, countryName, lang, countryCode } = useLocaleData();
  const modals = useModals();
  const navigate = useNavigate();
  const { counts } = loaderData;
  // Only links that lead somewhere in the visitor's country (or anywhere, outside the ones we serve).
  const categories = shell.categories.filter((category) => (counts.therapy[category.key] ?? 0) > 0);
  const concerns = shell.concerns.filter((concern) => (counts.specialities[concern.key] ?? 0) > 0);
  return (
    <main id="main">
      <title>{t('meta.title')}</title>
      <meta name="description" content={t('meta.description')} />
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {t('home.heroTitle')}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-700">{t('home.heroText')}</p>
          <Link
            to={paths.providers(lang)}
            className="mt-8 inline-flex min-h-12 items-center rounded-xl bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-800"
          >
            {t('nav.findTherapist')}
          </Link>
          {countryCode === 'US' ? (
            <button
              type="button"
              onClick={() => modals.open(DIRECTORY_MODALS.selectState)}
              className="mt-8 ml-3 inline-flex min-h-12 items-center rounded-xl border border-brand-700 bg-white px-6 py-3 text-base font-semibold text-brand-800 hover:bg-brand-50"
            >
              {t('searchScreens.pickUsState')}
            </button>
          ) : null}
          <Form
            method="get"
            action={paths.providers(lang)}
            role="search"
            aria-label={t('home.searchTitle')}
            className="mt-8 flex max-w-3xl flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-end"
            data-testid="home-search"
          >
            <label className="flex flex-1 flex-col gap-1 text-sm font-medium text-slate-800">
              {t('home.searchLabel')}
              <input
                type="search"
                name="q"
                placeholder={t('home.searchPlaceholder')}
                className="min-h-11 rounded-lg border border-slate-300 px-3 text-base font-normal"
              />
            </label>
            {loaderData.country ? (
              <>
                <input type="hidden" name="country" value={loaderData.country} />
                <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 sm:w-56">
                  {t('home.stateLabel')}
                  <select
                    name="state"
                    defaultValue=""
                    className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base font-normal"
                  >
                    <option value="">{t('home.anyState')}</option>
                    {loaderData.states.map((state) => (
                      <option key={state.identifier} value={state.code}>
                        {state.name}
                      </option>
                    ))}
                  </select>
                </label>
              </>
            ) : null}
            <button
              type="submit"
              className="min-h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
            >
              {t('home.searchButton')}
            </button>
          </Form>
        </div>
      </section>

      <section aria-labelledby="top-states" className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="top-states" className="text-2xl font-semibold">
          {t('home.topStatesTitle', { country: countryName })}
        </h2>
        {counts.topStates.length === 0 ? (
          <p className="mt-3 text-slate-600">{t('home.topStatesEmpty')}</p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-3" data-testid="top-states">
            {counts.topStates.map((state) => (
              <li key={state.identifier}>
                <Link
                  to={directoryHref(lang, { country: counts.countryCode ?? countryCode, state: state.code })}
                  className="block h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-600"
                >
                  <span className="block text-lg font-semibold text-slate-900">{state.name}</span>
                  <span className="block text-sm text-slate-600">
                    {t('home.providersInState', { count: state.providerCount })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      {categories.length > 0 ? (
        <section aria-labelledby="categories" className="mx-auto max-w-6xl px-4 py-10">
          <h2 id="categories" className="text-2xl font-semibold">
            {t('home.categoriesTitle')}
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="home-categories">
            {categories.map((category) => (
              <li key={category.identifier}>
                <Link to={directoryHref(lang, { therapy: category.key })} className={chipClass}>
                  <span className="block">{category.name}</span>
                  <span className="block text-sm font-normal text-slate-600">
                    {t('home.providersInState', { count: counts.therapy[category.key] ?? 0 })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {concerns.length > 0 ? (
        <section aria-labelledby="concerns" className="mx-auto max-w-6xl px-4 py-10">
          <h2 id="concerns" className="text-2xl font-semibold">
            {t('home.concernsTitle')}
          </h2>
          <ul className="mt-4 flex flex-wrap gap-2" data-testid="home-concerns">
            {concerns.map((concern) => (
              <li key={concern.identifier}>
                <Link
                  to={directoryHref(lang, { specialities: concern.key })}
                  className="block rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-medium text-slate-900 hover:border-brand-600 hover:text-brand-800"
                >
                  {t('home.linkWithCount', { name: concern.name, count: counts.specialities[concern.key] ?? 0 })}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="how" className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="how" className="text-2xl font-semibold">
          {t('home.howTitle')}
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          {(['howStep1', 'howStep2', 'howStep3'] as const).map((key, index) => (
            <li key={key} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <span className="text-sm font-bold text-brand-700">{index + 1}</span>
              <p className="mt-1">{t(`home.${key}`)}</p>
            </li>
          ))}
        </ol>
      </section>
      <LazyStatePickerDialog
        onFind={(stateCode) => navigate(paths.providers(lang, { country: 'US', state: stateCode }))}
      />
    </main>
  );
}
