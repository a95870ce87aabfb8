import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LazyStatePickerDialog } from '#app/features/directory/components/lazy-state-picker-dialog';
import { DIRECTORY_MODALS } from '#app/features/directory/modals';
import { localePath } from '#app/lib/i18n';
import { useLocaleData } from '#app/lib/shell-data';
import { useModals } from '#app/ui/modal-manager';

export default function Home() {
  const { t } = useTranslation();
  const { shell, countryName, lang, countryCode } = useLocaleData();
  const modals = useModals();
  const navigate = useNavigate();
  return (
    <main id="main">
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {t('home.heroTitle')}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-700">{t('home.heroText')}</p>
          <Link
            to={localePath(lang, '/providers/')}
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
        </div>
      </section>

      <section aria-labelledby="top-states" className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="top-states" className="text-2xl font-semibold">
          {t('home.topStatesTitle', { country: countryName })}
        </h2>
        {shell.topStates.length === 0 ? (
          <p className="mt-3 text-slate-600">{t('home.topStatesEmpty')}</p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-3" data-testid="top-states">
            {shell.topStates.map((state) => (
              <li key={state.identifier} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <p className="text-lg font-semibold">
                  <Link
                    to={`${localePath(lang, '/providers/')}?country=${countryCode}&state=${encodeURIComponent(state.code)}`}
                    className="hover:text-brand-700 hover:underline"
                  >
                    {state.name}
                  </Link>
                </p>
                <p className="text-sm text-slate-600">{t('home.providersInState', { count: state.providerCount })}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="categories" className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="categories" className="text-2xl font-semibold">
          {t('home.categoriesTitle')}
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {shell.categories.map((category) => (
            <li key={category.identifier} className="rounded-xl border border-slate-200 bg-white px-4 py-3 font-medium">
              {category.name}
            </li>
          ))}
        </ul>
      </section>

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
        onFind={(stateCode) =>
          navigate(`${localePath(lang, '/providers/')}?country=US&state=${encodeURIComponent(stateCode)}`)
        }
      />
    </main>
  );
}
