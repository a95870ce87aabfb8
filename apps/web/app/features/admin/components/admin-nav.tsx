import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { pathInLanguage } from '#app/lib/i18n';
import { useLocaleData } from '#app/lib/shell-data';
import { cn } from '#app/ui/cn';
import { Link } from '#app/ui/link';
import { useScrollRow } from '#app/ui/scroll-row';
import { ADMIN_NAV, isAdminSectionActive } from '../lib/admin-nav';

/** The back office's own navigation (ADMIN_NAV), above every admin page. */
export function AdminNav() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const { pathname } = useLocation();
  const bare = pathInLanguage(pathname, 'en');
  const scrollRow = useScrollRow<HTMLUListElement>();
  return (
    <nav aria-label={t('admin.navLabel')} className="mb-6 border-b border-slate-200">
      <ul ref={scrollRow} className="-mb-px flex gap-1 overflow-x-auto lg:flex-wrap lg:overflow-visible">
        {ADMIN_NAV.map((item) => {
          const active = isAdminSectionActive(item, bare);
          return (
            <li key={item.label}>
              <Link
                to={item.page(lang)}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
                  active
                    ? 'border-brand-700 text-brand-800'
                    : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-ink',
                )}
              >
                {t(item.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
