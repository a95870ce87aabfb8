import { LEGAL_PAGES } from '@app/shared/legal';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { useWords } from '#app/lib/words';
import { Link } from '#app/ui/link';
import { useModals } from '#app/ui/modal-manager';

export function Footer() {
  const { t } = useWords();
  const { shell, lang } = useLocaleData();
  const modals = useModals();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-categories">
          <h2 id="footer-categories" className="mb-3 text-sm font-semibold tracking-wide text-slate-900 uppercase">
            {t('footer.categories')}
          </h2>
          <ul className="space-y-1 text-sm text-slate-700" data-testid="footer-categories">
            {shell.categories.map((category) => (
              <li key={category.identifier}>
                <Link
                  to={paths.providers(lang, { therapy: category.key })}
                  className="hover:text-brand-700 hover:underline"
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-concerns">
          <h2 id="footer-concerns" className="mb-3 text-sm font-semibold tracking-wide text-slate-900 uppercase">
            {t('footer.concerns')}
          </h2>
          <ul className="grid grid-cols-2 gap-1 text-sm text-slate-700" data-testid="footer-concerns">
            {shell.concerns.map((concern) => (
              <li key={concern.identifier}>
                <Link
                  to={paths.providers(lang, { specialities: concern.key })}
                  className="hover:text-brand-700 hover:underline"
                >
                  {concern.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className="mb-3 text-sm font-semibold tracking-wide text-slate-900 uppercase">
            {t('footer.company')}
          </h2>
          <ul className="space-y-1 text-sm">
            <li>
              <Link to={paths.contact(lang)} className="text-brand-700 underline">
                {t('contactScreens.footerLink')}
              </Link>
            </li>
            <li>
              <button type="button" className="text-brand-700 underline" onClick={() => modals.open('consent')}>
                {t('footer.cookieSettings')}
              </button>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="mb-3 text-sm font-semibold tracking-wide text-slate-900 uppercase">
            {t('legal.heading')}
          </h2>
          <ul className="space-y-1 text-sm" data-testid="footer-legal">
            {LEGAL_PAGES.map((page) => (
              <li key={page}>
                <Link to={paths.legal(lang, page)} className="text-brand-700 underline">
                  {t(`legal.titles.${page}`)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="pb-6 text-center text-xs text-slate-600">
        {t('footer.rights', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
