import {
  type AddExternalCalendarBody,
  AddExternalCalendarBodySchema,
  EXTERNAL_CALENDAR_NAME_MAX,
  EXTERNAL_CALENDAR_REFRESH_MINUTES,
  EXTERNAL_CALENDAR_URL_MAX,
  type ExternalCalendar,
} from '@app/shared/schemas/calendar-feeds';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { availabilityKeys } from '#app/api/keys/availability';
import { showServerError } from '#app/api/server-errors';
import { refusalText } from '#app/lib/error-text';
import { dateTimeOf } from '#app/lib/format';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Field } from '#app/ui/field';
import { Spinner } from '#app/ui/spinner';
import { useToast } from '#app/ui/toast';
import { useAddExternalCalendar } from '../api/add-external-calendar';
import { useExternalCalendars } from '../api/list-external-calendars';
import { useRemoveExternalCalendar } from '../api/remove-external-calendar';

function CalendarStatus({ calendar, zone }: { calendar: ExternalCalendar; zone: string }) {
  const { t, i18n } = useTranslation();
  const when = calendar.checkedAt ? dateTimeOf(calendar.checkedAt, zone, i18n.language) : '';
  if (calendar.status === 'pending') {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner />
        {t('availabilityScreens.externalCalendars.pending')}
      </p>
    );
  }
  if (calendar.status === 'failing') {
    return (
      <p className="text-sm text-red-700" role="alert">
        {t('availabilityScreens.externalCalendars.failing', {
          when,
          error: t(`availabilityScreens.externalCalendars.errors.${calendar.error ?? 'unreachable'}`),
        })}
      </p>
    );
  }
  return (
    <p className="text-sm text-green-800">
      {t('availabilityScreens.externalCalendars.ok', { when })} ·{' '}
      {t('availabilityScreens.externalCalendars.busyCount', { count: calendar.busyCount })}
    </p>
  );
}

/**
 * The availability settings' "Busy times from your other calendars": a provider adds calendars by
 * their secret iCalendar address; the server checks them every few minutes and their busy times
 * are not offered. A calendar that cannot be read shows why, and nothing else stops.
 */
export function ExternalCalendarsSection({ zone }: { zone: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const calendars = useExternalCalendars();
  const add = useAddExternalCalendar();
  const remove = useRemoveExternalCalendar();
  const form = useForm<AddExternalCalendarBody>({
    resolver: zodResolver(AddExternalCalendarBodySchema),
    defaultValues: { name: '', url: '' },
  });

  // A calendar read anew changes which slots are free: the month views read again.
  const synced = (calendars.data?.calendars ?? [])
    .map((calendar) => `${calendar.identifier}:${calendar.syncedAt}`)
    .join();
  useEffect(() => {
    if (synced) void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
  }, [synced, queryClient]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      form.reset();
      toast.success(t('availabilityScreens.externalCalendars.added'));
    } catch (error) {
      showServerError(error, { setError: form.setError, fields: ['name', 'url'], toast, t });
    }
  });

  async function removeCalendar(calendar: ExternalCalendar) {
    try {
      await remove.mutateAsync(calendar.identifier);
      toast.success(t('availabilityScreens.externalCalendars.removed'));
    } catch (error) {
      showServerError(error, { toast, t });
    }
  }

  return (
    <section
      aria-labelledby="external-calendars-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="external-calendars"
    >
      <h2 id="external-calendars-title" className="text-lg font-semibold text-slate-900">
        {t('availabilityScreens.externalCalendars.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {t('availabilityScreens.externalCalendars.intro', { minutes: EXTERNAL_CALENDAR_REFRESH_MINUTES })}
      </p>

      {calendars.isPending ? (
        <Spinner />
      ) : calendars.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {refusalText(calendars.error) ?? t('common.failedToLoad')}
        </p>
      ) : calendars.data.calendars.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{t('availabilityScreens.externalCalendars.empty')}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {calendars.data.calendars.map((calendar) => (
            <li
              key={calendar.identifier}
              className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3 sm:flex-row sm:items-start sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">{calendar.name}</p>
                <p className="font-mono text-xs break-all text-slate-600">{calendar.urlHint}</p>
                <CalendarStatus calendar={calendar} zone={zone} />
              </div>
              <Button
                variant="secondary"
                className="self-start"
                onClick={() => removeCalendar(calendar)}
                loading={remove.isPending && remove.variables === calendar.identifier}
                aria-label={t('availabilityScreens.externalCalendars.remove', { name: calendar.name })}
              >
                {t('availabilityScreens.externalCalendars.removeButton')}
              </Button>
            </li>
          ))}
        </ul>
      )}

      <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-3">
        <Field
          label={t('availabilityScreens.externalCalendars.name')}
          placeholder={t('availabilityScreens.externalCalendars.namePlaceholder')}
          maxLength={EXTERNAL_CALENDAR_NAME_MAX}
          error={tMessage(t, form.formState.errors.name?.message)}
          {...form.register('name')}
        />
        <Field
          label={t('availabilityScreens.externalCalendars.url')}
          placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={EXTERNAL_CALENDAR_URL_MAX}
          error={tMessage(t, form.formState.errors.url?.message)}
          {...form.register('url')}
        />
        <Button type="submit" className="self-start" loading={add.isPending}>
          {t('availabilityScreens.externalCalendars.add')}
        </Button>
      </form>
    </section>
  );
}
