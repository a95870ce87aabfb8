import { NO_REFUND_WINDOW_HOURS, RESCHEDULES_PER_PARTY } from '@app/shared/schemas/bookings';
import { useTranslation } from 'react-i18next';
import { innerPaths } from '#app/lib/paths-inner';
import { useLang } from '#app/lib/use-lang';
import { Link } from '#app/ui/link';
import type { BookingRole } from '../api/keys';

const ITEMS: Record<BookingRole, string[]> = {
  client: ['refund', 'noRefund', 'unpaid', 'providerCancels', 'reschedules', 'approval', 'final'],
  provider: ['refund', 'clientCancels', 'reschedules', 'approval', 'final'],
};

/** The cancellation policy of a role (SPEC.md §2, §4, §9): static text, in the page's language. */
export function PolicyPage({ party: role }: { party: BookingRole }) {
  const { t } = useTranslation();
  const lang = useLang();
  const base = `bookingScreens.policy.${role}`;
  const other = role === 'client' ? 'provider' : 'client';
  const params = { hours: NO_REFUND_WINDOW_HOURS, reschedules: RESCHEDULES_PER_PARTY };
  return (
    <main id="main" className="bg-gradient-to-b from-brand-50 to-white px-4 py-10 sm:py-14">
      <title>{`${t(`${base}.title`)} · ${t('nav.brand')}`}</title>
      <article className="mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t(`${base}.title`)}</h1>
        <p className="mt-3 text-slate-700">{t(`${base}.intro`)}</p>
        <ul className="mt-6 flex flex-col gap-4">
          {ITEMS[role].map((item) => (
            <li key={item} className="flex gap-3">
              <span aria-hidden="true" className="mt-2 h-2 w-2 shrink-0 rounded-full bg-brand-600" />
              <div>
                <h2 className="font-semibold text-slate-900">{t(`${base}.${item}Title`, params)}</h2>
                <p className="text-slate-700">{t(`${base}.${item}`, params)}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-8 border-t border-slate-100 pt-5 text-sm text-slate-600">
          {t('bookingScreens.policy.seeOther')}{' '}
          <Link
            to={innerPaths.cancellationPolicy(lang, other)}
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {t(`bookingScreens.policy.${other}.title`)}
          </Link>
        </p>
      </article>
    </main>
  );
}
