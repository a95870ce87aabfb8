import { useTranslation } from 'react-i18next';
import { innerPaths } from '#app/lib/paths-inner';
import { useLang } from '#app/lib/use-lang';
import { Link } from '#app/ui/link';
import type { BookingRole } from '../api/keys';

/** The cancellation policy of the viewer's role (SPEC.md §6: role-specific policy link). */
export function PolicyLink({ party: role }: { party: BookingRole }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Link
      to={innerPaths.cancellationPolicy(lang, role)}
      className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
    >
      {t(role === 'client' ? 'bookingScreens.policy.clientLink' : 'bookingScreens.policy.providerLink')}
    </Link>
  );
}
