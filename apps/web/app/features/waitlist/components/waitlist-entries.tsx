import { showServerError } from '#app/api/server-errors';
import { formatLongDate } from '#app/lib/dates';
import { dateTimeOf, timeOf } from '#app/lib/format';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { useViewerZone } from '#app/lib/viewer-zone';
import { useWords } from '#app/lib/words';
import { Button } from '#app/ui/button';
import { Link } from '#app/ui/link';
import { Spinner } from '#app/ui/spinner';
import { useToast } from '#app/ui/toast';
import { useLeaveWaitlist } from '../api/leave-waitlist';
import { useWaitlist } from '../api/list-waitlist';

/** The client's waiting entries: the wish, a slot held for them (with the link to book it) and leaving. */
export function WaitlistEntries() {
  const { t } = useWords();
  const { lang } = useLocaleData();
  const zone = useViewerZone() ?? 'UTC';
  const toast = useToast();
  const waitlist = useWaitlist();
  const leave = useLeaveWaitlist();
  if (waitlist.isPending) return <Spinner />;
  const entries = waitlist.data?.entries ?? [];
  if (entries.length === 0) return <p className="text-slate-600">{t('waitlist.empty')}</p>;
  return (
    <ul className="flex flex-col gap-4">
      {entries.map((entry) => (
        <li key={entry.identifier} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 className="font-semibold text-slate-900">
            {t('waitlist.entryWith', { name: entry.providerName ?? t('notifications.someone') })}
          </h2>
          <p className="mt-1 text-slate-700">
            {t('waitlist.onList', {
              date: formatLongDate(entry.beforeDate, lang),
              from: entry.fromTime,
              to: entry.toTime,
            })}
          </p>
          {entry.claim ? (
            <div className="mt-3 rounded-xl border border-brand-200 bg-brand-50 p-4">
              <p className="font-semibold text-brand-900">{t('waitlist.claimTitle')}</p>
              <p className="mt-1 text-slate-700">
                {t('waitlist.claimHeld', {
                  when: dateTimeOf(entry.claim.startAt, zone, lang),
                  until: timeOf(entry.claim.expiresAt, zone, lang),
                })}
              </p>
              <Link
                to={paths.booking(lang, entry.providerIdentifier, entry.claim.startAt)}
                className="mt-3 inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
              >
                {t('waitlist.bookClaim')}
              </Link>
            </div>
          ) : null}
          <Button
            variant="secondary"
            className="mt-3"
            loading={leave.isPending && leave.variables === entry.identifier}
            onClick={async () => {
              try {
                await leave.mutateAsync(entry.identifier);
                toast.success(t('waitlist.left'));
              } catch (error) {
                showServerError(error, { toast, t });
              }
            }}
          >
            {t('waitlist.leave')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
