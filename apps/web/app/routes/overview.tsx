import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProviderSetupPanel } from '#app/features/profiles/setup-panel';
import { APP_NAV } from '#app/features/shell/app-nav';
import { localePath } from '#app/lib/i18n';
import { useLocaleData } from '#app/lib/shell-data';
import { useSession } from '#app/lib/use-session';

export default function Overview() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const session = useSession();
  const shortcuts = APP_NAV.filter(
    (item) => item.path !== '/overview/' && session && item.roles.includes(session.role),
  );
  return (
    <>
      <title>{`${t('appNav.overview')} · ${t('nav.brand')}`}</title>
      <h1 className="text-2xl font-semibold">{t('overview.title')}</h1>
      <p className="mt-1 text-slate-600">{t(`overview.intro.${session?.role ?? 'client'}`)}</p>
      <ProviderSetupPanel className="mt-6" />
      <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {shortcuts.map((item) => (
          <li key={item.path}>
            <Link
              to={localePath(lang, item.path)}
              className="block rounded-2xl border border-slate-200 bg-white p-5 font-medium shadow-sm hover:border-brand-600"
            >
              {t(item.label)}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
