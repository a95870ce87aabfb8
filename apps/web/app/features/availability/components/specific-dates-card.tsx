import type { WeeklyDay } from '@app/shared/schemas/availability';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '#app/lib/dates';
import { errorText } from '#app/lib/error-text';
import { formatRange } from '#app/lib/time';
import { Button } from '#app/ui/button';
import { InlineError } from '#app/ui/inline-error';
import { useModals } from '#app/ui/modal-manager';
import { Spinner } from '#app/ui/spinner';
import { useToast } from '#app/ui/toast';
import { useDeleteCustomDay } from '../api/delete-custom-day';
import { useCustomDays } from '../api/list-custom-days';
import { AVAILABILITY_MODALS } from '../lib/modals';
import { SpecificDateDialog } from './specific-date-dialog';

export interface SpecificDatesCardProps {
  category: string | null;
  timezone: string;
  weekly: WeeklyDay[];
}

/** The specific dates from today on, each with its hours or "Unavailable", to edit or delete; and the dialog to add one. */
export function SpecificDatesCard({ category, timezone, weekly }: SpecificDatesCardProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const modals = useModals();
  const days = useCustomDays(category);
  const remove = useDeleteCustomDay();

  async function onDelete(id: string) {
    try {
      await remove.mutateAsync(id);
      toast.success(t('availabilityScreens.specific.deleted'));
    } catch (failure) {
      toast.error(errorText(t, failure));
    }
  }

  return (
    <section
      aria-labelledby="specific-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="specific-heading" className="text-lg font-semibold text-slate-900">
            {t('availabilityScreens.specific.heading')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('availabilityScreens.specific.intro')}</p>
        </div>
        <Button variant="secondary" onClick={() => modals.open(AVAILABILITY_MODALS.specificDate)}>
          <span aria-hidden="true">+</span> {t('availabilityScreens.specific.add')}
        </Button>
      </div>
      <div className="mt-4">
        {days.isPending ? (
          <div className="flex justify-center py-6 text-brand-700">
            <Spinner />
          </div>
        ) : days.isError ? (
          <InlineError error={days.error} onRetry={() => days.refetch()} retrying={days.isRefetching} />
        ) : days.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
            {t('availabilityScreens.specific.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="specific-dates">
            {days.data.map((day) => {
              const label = formatLongDate(day.date, i18n.language);
              return (
                <li key={day.identifier} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{label}</p>
                    <p className="text-sm text-slate-600">
                      {day.isAvailable ? (
                        day.timeslotIntervals.map(formatRange).join(', ')
                      ) : (
                        <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                          {t('availabilityScreens.specific.unavailable')}
                        </span>
                      )}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      variant="ghost"
                      className="min-h-9 px-3"
                      aria-label={t('availabilityScreens.specific.editDate', { date: label })}
                      onClick={() => modals.open(AVAILABILITY_MODALS.specificDate, { date: day.date })}
                    >
                      {t('availabilityScreens.specific.edit')}
                    </Button>
                    <Button
                      variant="ghost"
                      className="min-h-9 px-3 text-red-700 hover:bg-red-50"
                      aria-label={t('availabilityScreens.specific.deleteDate', { date: label })}
                      loading={remove.isPending && remove.variables === day.identifier}
                      onClick={() => void onDelete(day.identifier)}
                    >
                      {t('availabilityScreens.specific.delete')}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <SpecificDateDialog category={category} timezone={timezone} customDays={days.data ?? []} weekly={weekly} />
    </section>
  );
}
