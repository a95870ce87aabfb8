import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { refusalText } from '#app/lib/error-text';
import { Button } from '#app/ui/button';
import { Spinner } from '#app/ui/spinner';
import { useToast } from '#app/ui/toast';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { useRotateCalendarFeed } from '../api/rotate-calendar-feed';
import { useUpdateCalendarFeed } from '../api/update-calendar-feed';

/**
 * /security "Your sessions in your calendar": the person's private subscription address (copy it,
 * or open it as webcal:// in a calendar app), whether entries show the other person's first name,
 * and a new address in place of one that got out.
 */
export function CalendarFeedSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const update = useUpdateCalendarFeed();
  const [confirming, setConfirming] = useState(false);

  async function makeAddress(renewing: boolean) {
    try {
      await rotate.mutateAsync();
      setConfirming(false);
      if (renewing) toast.success(t('accounts.security.calendarFeed.rotated'));
    } catch (error) {
      showServerError(error, { toast, t });
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('accounts.security.calendarFeed.copied'));
    } catch {
      toast.error(t('accounts.security.calendarFeed.copyFailed'));
    }
  }

  async function chooseNames(showNames: boolean) {
    try {
      await update.mutateAsync({ showNames });
      toast.success(t('accounts.security.calendarFeed.saved'));
    } catch (error) {
      showServerError(error, { toast, t });
    }
  }

  if (feed.isPending) return <Spinner />;
  if (feed.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {refusalText(feed.error) ?? t('common.failedToLoad')}
      </p>
    );
  }
  const { httpsUrl, webcalUrl, showNames } = feed.data;
  return (
    <div className="flex flex-col gap-4" data-testid="calendar-feed">
      <p className="text-sm text-slate-700">{t('accounts.security.calendarFeed.intro')}</p>
      <p className="text-sm text-slate-600">{t('accounts.security.calendarFeed.privacy')}</p>
      {!httpsUrl || !webcalUrl ? (
        <Button className="self-start" onClick={() => makeAddress(false)} loading={rotate.isPending}>
          {t('accounts.security.calendarFeed.create')}
        </Button>
      ) : (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor="calendar-feed-url" className="text-sm font-medium">
              {t('accounts.security.calendarFeed.addressLabel')}
            </label>
            <input
              id="calendar-feed-url"
              readOnly
              value={httpsUrl}
              onFocus={(event) => event.currentTarget.select()}
              className="min-h-10 w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-800"
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => copy(httpsUrl)}>
              {t('accounts.security.calendarFeed.copy')}
            </Button>
            <a
              href={webcalUrl}
              className="inline-flex min-h-10 items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              {t('accounts.security.calendarFeed.subscribe')}
            </a>
          </div>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 size-4"
              checked={showNames}
              disabled={update.isPending}
              onChange={(event) => chooseNames(event.currentTarget.checked)}
            />
            <span>{t('accounts.security.calendarFeed.showNames')}</span>
          </label>
          {confirming ? (
            <div className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4">
              <p className="text-sm text-amber-900" role="alert">
                {t('accounts.security.calendarFeed.rotateWarning')}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button variant="danger" onClick={() => makeAddress(true)} loading={rotate.isPending}>
                  {t('accounts.security.calendarFeed.rotateConfirm')}
                </Button>
                <Button variant="secondary" onClick={() => setConfirming(false)}>
                  {t('accounts.security.calendarFeed.cancel')}
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="secondary" className="self-start" onClick={() => setConfirming(true)}>
              {t('accounts.security.calendarFeed.rotate')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
