import { type TimeOff, type TimeOffInput, TimeOffInputSchema } from '@app/shared/schemas/availability';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dateTimeOf } from '#app/lib/format';
import { innerPaths } from '#app/lib/paths-inner';
import { tMessage } from '#app/lib/t-message';
import { useLang } from '#app/lib/use-lang';
import { Button } from '#app/ui/button';
import { Field } from '#app/ui/field';
import { InlineError } from '#app/ui/inline-error';
import { Link } from '#app/ui/link';
import { Spinner } from '#app/ui/spinner';
import { useToast } from '#app/ui/toast';
import { useAddTimeOff, useDeleteTimeOff, useTimeOff } from '../api/time-off';
import { placeServerErrors } from '../lib/form-errors';

type TimeOffFields = keyof TimeOffInput;
const EMPTY: TimeOffInput = { startDate: '', startTime: '00:00', endDate: '', endTime: '00:00', note: '' };

function TimeOffForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const add = useAddTimeOff();
  const form = useForm<TimeOffInput>({ resolver: zodResolver(TimeOffInputSchema), defaultValues: EMPTY });
  const errors = form.formState.errors;
  const error = (field: TimeOffFields) => tMessage(t, errors[field]?.message);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync({ ...values, note: values.note || null });
      form.reset(EMPTY);
      toast.success(t('availabilityScreens.timeOff.added'));
    } catch (failure) {
      placeServerErrors(failure, {
        setError: form.setError,
        prefixes: ['startDate', 'startTime', 'endDate', 'endTime', 'note'],
        toast,
        t,
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4" aria-labelledby="time-off-add-heading">
      <h3 id="time-off-add-heading" className="text-sm font-semibold text-slate-900">
        {t('availabilityScreens.timeOff.add')}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          type="date"
          label={t('availabilityScreens.timeOff.startDate')}
          error={error('startDate')}
          {...form.register('startDate')}
        />
        <Field
          type="time"
          label={t('availabilityScreens.timeOff.startTime')}
          error={error('startTime')}
          {...form.register('startTime')}
        />
        <Field
          type="date"
          label={t('availabilityScreens.timeOff.endDate')}
          error={error('endDate')}
          {...form.register('endDate')}
        />
        <Field
          type="time"
          label={t('availabilityScreens.timeOff.endTime')}
          hint={t('availabilityScreens.timeOff.endHint')}
          error={error('endTime')}
          {...form.register('endTime')}
        />
      </div>
      <Field
        label={t('availabilityScreens.timeOff.note')}
        hint={t('availabilityScreens.timeOff.noteHint')}
        error={error('note')}
        maxLength={200}
        {...form.register('note')}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={add.isPending}>
          {t('availabilityScreens.timeOff.save')}
        </Button>
      </div>
    </form>
  );
}

function TimeOffItem({ range, zone }: { range: TimeOff; zone: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const toast = useToast();
  const remove = useDeleteTimeOff();
  const from = dateTimeOf(range.startAt, zone, lang);
  const to = dateTimeOf(range.endAt, zone, lang);
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{t('availabilityScreens.timeOff.range', { from, to })}</p>
          {range.note ? <p className="break-words text-sm text-slate-600">{range.note}</p> : null}
        </div>
        <Button
          variant="secondary"
          loading={remove.isPending}
          aria-label={t('availabilityScreens.timeOff.removeRange', { from, to })}
          onClick={async () => {
            try {
              await remove.mutateAsync(range.identifier);
              toast.success(t('availabilityScreens.timeOff.removed'));
            } catch {
              toast.error(t('accounts.networkError'));
            }
          }}
        >
          {t('availabilityScreens.timeOff.remove')}
        </Button>
      </div>
      {range.sessions.length > 0 ? (
        <div className="mt-3 rounded-lg bg-amber-50 p-3">
          <p className="text-sm font-medium text-amber-900">
            {t('availabilityScreens.timeOff.sessionsInside', { count: range.sessions.length })}
          </p>
          <ul className="mt-2 flex flex-col gap-1">
            {range.sessions.map((session) => (
              <li key={session.bookingIdentifier} className="text-sm">
                <Link className="text-brand-700 underline" to={innerPaths.appointment(lang, session.bookingIdentifier)}>
                  {t('availabilityScreens.timeOff.session', {
                    when: dateTimeOf(session.startAt, zone, lang),
                    name: session.clientName ?? t('availabilityScreens.timeOff.client'),
                  })}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

/**
 * Time off: ranges (a holiday, an afternoon) in which no slot is offered. Sessions already
 * booked inside are listed with a link to their page, where they are moved or cancelled with
 * the client's usual rights.
 */
export function TimeOffCard() {
  const { t } = useTranslation();
  const list = useTimeOff();
  return (
    <section
      aria-labelledby="time-off-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="time-off-heading" className="text-lg font-semibold text-slate-900">
        {t('availabilityScreens.timeOff.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('availabilityScreens.timeOff.intro')}</p>
      {list.isPending ? (
        <div className="flex justify-center py-6 text-brand-700">
          <Spinner />
        </div>
      ) : list.isError ? (
        <InlineError error={list.error} onRetry={() => list.refetch()} retrying={list.isRefetching} />
      ) : list.data.timeOff.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('availabilityScreens.timeOff.empty')}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3">
          {list.data.timeOff.map((range) => (
            <TimeOffItem key={range.identifier} range={range} zone={list.data.timezone} />
          ))}
        </ul>
      )}
      <TimeOffForm />
    </section>
  );
}
