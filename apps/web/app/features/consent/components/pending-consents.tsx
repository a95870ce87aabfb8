import { useTranslation } from 'react-i18next';
import { dateTimeOf } from '#app/lib/format';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Link } from '#app/ui/link';
import { usePendingConsents } from '../api/list-pending-consents';

/** A client's consents still to sign before upcoming sessions; nothing when there is none. */
export function PendingConsents({ enabled = true }: { enabled?: boolean }) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const zone = useViewerZone();
  const pending = usePendingConsents(enabled);
  const items = pending.data?.data ?? [];
  if (items.length === 0 || !zone) return null;
  return (
    <section
      aria-labelledby="pending-consents-heading"
      className="mb-6 rounded-2xl border border-amber-300 bg-amber-50 p-5"
      data-testid="pending-consents"
    >
      <h2 id="pending-consents-heading" className="text-lg font-semibold">
        {t('telehealthConsent.pending.heading')}
      </h2>
      <ul className="mt-3 flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.provider.identifier} className="flex flex-wrap items-center justify-between gap-3">
            <span className="min-w-0 break-words">
              {item.startAt
                ? t('telehealthConsent.pending.item', {
                    name: item.provider.name,
                    when: dateTimeOf(item.startAt, zone, lang),
                  })
                : t('telehealthConsent.pending.itemNoTime', { name: item.provider.name })}
            </span>
            <Link
              to={innerPaths.appointmentConsent(lang, item.bookingIdentifier)}
              className="inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              {t('telehealthConsent.pending.action')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
