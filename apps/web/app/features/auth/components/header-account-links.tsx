import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { useSession } from '#app/lib/use-session';
import { useWords } from '#app/lib/words';
import { Link } from '#app/ui/link';
import { useSignOut } from '../hooks/use-sign-out';

const linkClass = 'rounded-lg px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:px-3';

/**
 * The header's account links. The server renders the signed-out links (it never sees the session);
 * after hydration the browser's session decides.
 */
export function HeaderAccountLinks() {
  const { t } = useWords();
  const { lang } = useLocaleData();
  const session = useSession();
  const signOut = useSignOut();

  if (session) {
    return (
      <div className="flex items-center gap-1" data-testid="header-signed-in">
        <Link to={paths.overview(lang)} className={linkClass}>
          {t('accounts.header.overview')}
        </Link>
        <button type="button" onClick={() => signOut()} className={linkClass} data-testid="header-sign-out">
          {t('accounts.header.signOut')}
        </button>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-1" data-testid="header-signed-out">
      <Link to={paths.login(lang)} className={linkClass}>
        {t('accounts.header.signIn')}
      </Link>
      <Link
        to={paths.signup(lang)}
        className="rounded-lg bg-brand-700 px-2 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 sm:px-3"
      >
        {t('accounts.header.join')}
      </Link>
    </div>
  );
}
