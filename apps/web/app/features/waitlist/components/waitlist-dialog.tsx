import { type JoinWaitlistBody, JoinWaitlistBodySchema } from '@app/shared/schemas/waitlist';
import { WAITLIST_CLAIM_MINUTES } from '@app/shared/waitlist-rules';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { showServerError } from '#app/api/server-errors';
import { addDays, formatLongDate, todayInZone, zoneLabel } from '#app/lib/dates';
import { useLocaleData } from '#app/lib/shell-data';
import { tMessage } from '#app/lib/t-message';
import { useViewerZone } from '#app/lib/viewer-zone';
import { useWords } from '#app/lib/words';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { Field } from '#app/ui/field';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { useToast } from '#app/ui/toast';
import { useJoinWaitlist } from '../api/join-waitlist';
import { useLeaveWaitlist } from '../api/leave-waitlist';
import { useWaitlist } from '../api/list-waitlist';
import { WAITLIST_MODALS } from '../lib/modals';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * On a provider's page: the client asks to be told of an earlier slot (before a date, on some
 * weekdays, between two times in their zone), or sees their wish and leaves the list.
 */
export function WaitlistDialog() {
  const binding = useModalBinding(WAITLIST_MODALS.join);
  const modals = useModals();
  const target = modals.propsOf(WAITLIST_MODALS.join);
  const { t } = useWords();
  const waitlist = useWaitlist();
  const entry = waitlist.data?.entries.find((candidate) => candidate.providerIdentifier === target?.providerId);
  return (
    <Dialog
      {...binding}
      title={t('waitlist.title')}
      description={t('waitlist.intro', { minutes: WAITLIST_CLAIM_MINUTES })}
    >
      {!target || waitlist.isPending ? null : entry ? (
        <OnTheList entryId={entry.identifier} beforeDate={entry.beforeDate} from={entry.fromTime} to={entry.toTime} />
      ) : (
        <JoinForm providerId={target.providerId} categoryId={target.categoryId} />
      )}
    </Dialog>
  );
}

function OnTheList(props: { entryId: string; beforeDate: string; from: string; to: string }) {
  const { t } = useWords();
  const { lang } = useLocaleData();
  const toast = useToast();
  const leave = useLeaveWaitlist();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700">
        {t('waitlist.onList', { date: formatLongDate(props.beforeDate, lang), from: props.from, to: props.to })}
      </p>
      <Button
        variant="secondary"
        loading={leave.isPending}
        onClick={async () => {
          try {
            await leave.mutateAsync(props.entryId);
            toast.success(t('waitlist.left'));
          } catch (error) {
            showServerError(error, { toast, t });
          }
        }}
      >
        {t('waitlist.leave')}
      </Button>
    </div>
  );
}

export function JoinForm({ providerId, categoryId }: { providerId: string; categoryId: string | null }) {
  const { t } = useWords();
  const zone = useViewerZone() ?? 'UTC';
  const toast = useToast();
  const join = useJoinWaitlist();
  const [days, setDays] = useState<number[]>([]);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<JoinWaitlistBody>({
    resolver: zodResolver(JoinWaitlistBodySchema),
    defaultValues: {
      providerIdentifier: providerId,
      categoryIdentifier: categoryId,
      beforeDate: addDays(todayInZone(zone), 14),
      days: [],
      fromTime: '08:00',
      toTime: '20:00',
      timezone: zone,
    },
  });
  const toggle = (day: number) => {
    const next = days.includes(day) ? days.filter((d) => d !== day) : [...days, day].sort();
    setDays(next);
    setValue('days', next);
  };
  const onSubmit = handleSubmit(async (body) => {
    try {
      await join.mutateAsync({ ...body, timezone: zone });
      toast.success(t('waitlist.joined'));
    } catch (error) {
      showServerError(error, { setError, fields: ['beforeDate', 'days', 'fromTime', 'toTime'], toast, t });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Field
        type="date"
        label={t('waitlist.beforeDate')}
        error={tMessage(t, errors.beforeDate?.message)}
        {...register('beforeDate')}
      />
      <fieldset>
        <legend className="text-sm font-medium">{t('waitlist.days')}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {WEEKDAYS.map((day) => (
            <label key={day} className="inline-flex min-h-11 items-center gap-1.5 rounded-lg border px-3 text-sm">
              <input type="checkbox" checked={days.includes(day)} onChange={() => toggle(day)} />
              {t(`waitlist.weekdays.${day}`)}
            </label>
          ))}
        </div>
        {errors.days ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {tMessage(t, errors.days.message)}
          </p>
        ) : null}
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <Field
          type="time"
          label={t('waitlist.fromTime')}
          error={tMessage(t, errors.fromTime?.message)}
          {...register('fromTime')}
        />
        <Field
          type="time"
          label={t('waitlist.toTime')}
          error={tMessage(t, errors.toTime?.message)}
          {...register('toTime')}
        />
      </div>
      <p className="text-sm text-slate-600">{t('waitlist.timezone', { zone: zoneLabel(zone) })}</p>
      <Button type="submit" loading={join.isPending}>
        {t('waitlist.join')}
      </Button>
    </form>
  );
}
