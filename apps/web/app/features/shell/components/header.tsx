import type { ReactNode } from 'react';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { useWords } from '#app/lib/words';
import { Link } from '#app/ui/link';
import { useModals } from '#app/ui/modal-manager';

/**
 * The site header; the layout route passes the account links (sign in, or the signed-in menu)
 * and `extra`, links the signed-in area adds (the messages link with its unread count).
 */
export function Header({ accountLinks, extra }: { accountLinks: ReactNode; extra?: ReactNode }) {
  const { t } = useWords();
  const { lang, countryName, countryCode } = useLocaleData();
  const modals = useModals();
  return (
    <header className="border-b border-slate-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:m-2 focus:rounded focus:bg-white focus:p-2"
      >
        {t('nav.skipToContent')}
      </a>
      <nav
        aria-label={t('nav.mainNavigation')}
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3"
      >
        <Link to={paths.home(lang)} className="text-xl font-bold text-brand-700">
          {t('nav.brand')}
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={paths.providers(lang)}
            className="rounded-lg px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:px-3"
          >
            {t('nav.findTherapist')}
          </Link>
          <button
            type="button"
            onClick={() => modals.open('location')}
            className="flex items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
            aria-label={t('location.open', { country: countryName, language: t(`languages.${lang}`) })}
            data-testid="location-button"
          >
            <span aria-hidden="true" className="font-semibold">
              {countryCode}
            </span>
            <span aria-hidden="true" className="text-slate-400">
              |
            </span>
            <span aria-hidden="true">{lang.toUpperCase()}</span>
          </button>
          {extra}
          {accountLinks}
        </div>
      </nav>
    </header>
  );
}
