import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { useSession } from '#app/lib/use-session';
import { useWords } from '#app/lib/words';
import { Link } from '#app/ui/link';
import { useModals } from '#app/ui/modal-manager';
import { WAITLIST_MODALS } from '../lib/modals';

/**
 * On a provider's page: a signed-in client opens the waitlist dialog; a visitor signs in first
 * (and comes back); the provider and operators see nothing.
 */
export function WaitlistButton({
  providerId,
  providerName,
  returnTo,
}: {
  providerId: string;
  providerName: string;
  returnTo: string;
}) {
  const { t } = useWords();
  const { lang } = useLocaleData();
  const session = useSession();
  const modals = useModals();
  if (session && session.role !== 'client') return null;
  if (!session) {
    return (
      <Link
        to={paths.login(lang, returnTo)}
        className="text-center text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        {t('waitlist.signInToJoin')}
      </Link>
    );
  }
  return (
    <button
      type="button"
      onClick={() => modals.open(WAITLIST_MODALS.join, { providerId, providerName, categoryId: null })}
      className="inline-flex min-h-11 items-center justify-center rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
    >
      {t('waitlist.title')}
    </button>
  );
}
