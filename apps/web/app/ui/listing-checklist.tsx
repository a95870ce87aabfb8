import { LISTING_REQUIREMENTS, LISTING_SLOT_HORIZON_DAYS, type ListingRequirement } from '@app/shared/listing-rules';
import { type Page, paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { useWords } from '#app/lib/words';
import { Link } from '#app/ui/link';
import { cn } from './cn';

/** Where a provider puts each missing piece right. */
export const LISTING_FIX_PATHS: Record<ListingRequirement, Page> = {
  approval: paths.myCredentials,
  notSuspended: paths.contact,
  insurance: paths.myCredentials,
  fee: paths.account,
  availability: paths.myAvailability,
};

/**
 * "Ready to go live": every requirement of the listing rule (@app/shared/listing-rules), done or
 * missing, as the API reports it (`listingMissing`). The provider's screens link each missing
 * piece to where it is fixed; the back office shows the same list without links.
 */
export function ListingChecklist({
  missing,
  audience,
  className,
}: {
  missing: readonly ListingRequirement[];
  audience: 'provider' | 'admin';
  className?: string;
}) {
  const { t } = useWords();
  const { lang } = useLocaleData();
  const live = missing.length === 0;
  const summary =
    audience === 'admin'
      ? t(live ? 'listing.checklist.adminLive' : 'listing.checklist.adminNotLive')
      : t(live ? 'listing.checklist.live' : 'listing.checklist.notLive');
  return (
    <section
      aria-labelledby={`listing-checklist-${audience}`}
      className={cn('rounded-2xl border border-slate-200 bg-white p-4 sm:p-5', className)}
      data-testid="listing-checklist"
      data-live={live}
    >
      <h2 id={`listing-checklist-${audience}`} className="text-lg font-semibold text-slate-900">
        {t('listing.checklist.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{summary}</p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {LISTING_REQUIREMENTS.map((item) => {
          const done = !missing.includes(item);
          return (
            <li
              key={item}
              className="flex items-start gap-3 rounded-xl border border-slate-200 px-4 py-3"
              data-testid={`listing-${item}`}
              data-done={done}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                  done ? 'bg-emerald-600 text-white' : 'border-2 border-amber-500 text-amber-700',
                )}
              >
                {done ? '✓' : '!'}
              </span>
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {t(`listing.checklist.items.${item}`, { days: LISTING_SLOT_HORIZON_DAYS })}
                  <span className="sr-only"> — {t(done ? 'listing.checklist.done' : 'listing.checklist.todo')}</span>
                </p>
                {!done && audience === 'provider' ? (
                  <Link
                    to={LISTING_FIX_PATHS[item](lang)}
                    className="text-sm font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900"
                    data-testid={`listing-fix-${item}`}
                  >
                    {t(`listing.checklist.fix.${item}`)}
                  </Link>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
