import { DEFAULT_TIME_RANGE, type TimeRange } from '@app/shared/day-times';
import {
  type CalendarDay,
  type CustomDayInput,
  CustomDayInputSchema,
  type WeeklyDay,
} from '@app/shared/schemas/availability';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { addDays, addMonths, formatLongDate, formatMonthTitle, isoWeekday, monthOf, todayInZone } from '#app/lib/dates';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { MonthGrid } from '#app/ui/month-grid';
import { useToast } from '#app/ui/toast';
import { useSaveCustomDay } from '../api/save-custom-day';
import { errorTexts, placeServerErrors } from '../lib/form-errors';
import { AVAILABILITY_MODALS } from '../lib/modals';
import { RangesEditor } from './ranges-editor';

/** How far ahead a specific date may be set (the API allows 366 days from today). */
const MAX_DAYS_AHEAD = 366;

export interface SpecificDateDialogProps {
  /** The category calendar (BY_CATEGORY), or null for the general one. */
  category: string | null;
  /** The provider's zone: "today" is today there. */
  timezone: string;
  /** The specific dates already set. */
  customDays: CalendarDay[];
  /** The weekly pattern, whose hours a new date starts from. */
  weekly: WeeklyDay[];
}

/** A date's starting values: its own entry, else the weekly hours of its weekday, else 09:00–18:00. */
export function initialDayValues(
  date: string,
  category: string | null,
  customDays: readonly CalendarDay[],
  weekly: readonly WeeklyDay[],
): CustomDayInput {
  const existing = customDays.find((day) => day.date === date);
  if (existing) {
    return {
      date,
      isAvailable: existing.isAvailable,
      timeSlotsInterval: existing.timeslotIntervals.map((range) => ({ ...range })),
      categoryIdentifier: category,
    };
  }
  const usual = weekly.find((day) => day.dayOfWeek === isoWeekday(date));
  const ranges =
    usual?.isAvailable && usual.timeslotIntervals.length > 0 ? usual.timeslotIntervals : [DEFAULT_TIME_RANGE];
  return {
    date,
    isAvailable: true,
    timeSlotsInterval: ranges.map((range) => ({ ...range })),
    categoryIdentifier: category,
  };
}

/**
 * Specific calendar / edit specific dates (SPEC.md §2; side text "select a date and time"): pick a
 * date, then its time ranges, or mark it unavailable (which clears its ranges). Opened through
 * the modal manager with an optional `{ date }` to edit.
 */
export function SpecificDateDialog({ category, timezone, customDays, weekly }: SpecificDateDialogProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const toast = useToast();
  const modals = useModals();
  const binding = useModalBinding(AVAILABILITY_MODALS.specificDate);
  const save = useSaveCustomDay();
  const id = useId();
  const today = todayInZone(timezone);
  const lastDate = addDays(today, MAX_DAYS_AHEAD);
  const [month, setMonth] = useState(monthOf(today));
  const form = useForm<CustomDayInput>({
    resolver: zodResolver(CustomDayInputSchema),
    defaultValues: { date: '', isAvailable: true, timeSlotsInterval: [], categoryIdentifier: category },
  });
  const date = form.watch('date');
  const isAvailable = form.watch('isAvailable');
  const ranges = form.watch('timeSlotsInterval') ?? [];
  const errors = form.formState.errors;

  function chooseDate(next: string) {
    form.reset(initialDayValues(next, category, customDays, weekly));
  }

  // Each opening starts from the date asked for (editing), or from nothing.
  const requested = modals.propsOf(AVAILABILITY_MODALS.specificDate)?.date;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an opening (or another date asked for) resets the form
  useEffect(() => {
    if (!binding.open) return;
    if (requested) {
      setMonth(monthOf(requested));
      form.reset(initialDayValues(requested, category, customDays, weekly));
    } else {
      setMonth(monthOf(today));
      form.reset({ date: '', isAvailable: true, timeSlotsInterval: [], categoryIdentifier: category });
    }
  }, [binding.open, requested]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...values, timeSlotsInterval: values.isAvailable ? values.timeSlotsInterval : [] });
      toast.success(t('profiles.dataSaved'));
      modals.closeAll();
    } catch (failure) {
      placeServerErrors(failure, {
        setError: form.setError,
        prefixes: ['date', 'timeSlotsInterval', 'isAvailable'],
        toast,
        t,
      });
    }
  });

  const withEntry = new Set(customDays.map((day) => day.date));
  const rangeErrors = errorTexts(t, errors.timeSlotsInterval);
  const dateErrors = errorTexts(t, errors.date);
  const invalid = new Set(
    Object.keys(errors.timeSlotsInterval ?? {})
      .filter((key) => /^\d+$/.test(key))
      .map(Number),
  );
  const monthTitleId = `${id}-month`;
  const dayLabel = date ? formatLongDate(date, language) : '';

  return (
    <Dialog
      {...binding}
      size="lg"
      title={t('availabilityScreens.specific.dialogTitle')}
      description={
        <span className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
          {t('availabilityScreens.specific.sideText')}
        </span>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div>
          <div className="mb-2 flex items-center justify-between gap-2">
            <button
              type="button"
              onClick={() => setMonth(addMonths(month, -1))}
              disabled={month <= monthOf(today)}
              aria-label={t('availabilityScreens.calendar.previous')}
              className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300"
            >
              <span aria-hidden="true">‹</span>
            </button>
            <h3 id={monthTitleId} className="text-sm font-semibold text-slate-900" aria-live="polite">
              {formatMonthTitle(month, language)}
            </h3>
            <button
              type="button"
              onClick={() => setMonth(addMonths(month, 1))}
              disabled={month >= monthOf(lastDate)}
              aria-label={t('availabilityScreens.calendar.next')}
              className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300"
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
          <MonthGrid
            month={month}
            language={language}
            selected={date || null}
            onSelect={chooseDate}
            isSelectable={(day) => day >= today && day <= lastDate}
            dayLabel={(day) =>
              withEntry.has(day)
                ? `${formatLongDate(day, language)} (${t('availabilityScreens.specific.hasEntry')})`
                : formatLongDate(day, language)
            }
            renderDay={(day, state) =>
              withEntry.has(day) ? (
                <span
                  aria-hidden="true"
                  className={
                    state.selected ? 'h-1.5 w-1.5 rounded-full bg-white' : 'h-1.5 w-1.5 rounded-full bg-brand-700'
                  }
                />
              ) : null
            }
            today={today}
            labelledBy={monthTitleId}
          />
          {dateErrors.length > 0 ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {dateErrors.join(' ')}
            </p>
          ) : null}
        </div>

        <div className="flex flex-col gap-4">
          {date ? (
            <>
              <h3 className="font-semibold text-slate-900">
                {t('availabilityScreens.specific.rangesFor', { date: dayLabel })}
              </h3>
              <div className="flex flex-col gap-1">
                <label className="flex cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-700"
                    checked={!isAvailable}
                    aria-describedby={`${id}-unavailable-hint`}
                    onChange={(event) => {
                      const unavailable = event.target.checked;
                      form.setValue('isAvailable', !unavailable, { shouldDirty: true });
                      form.setValue('timeSlotsInterval', unavailable ? [] : [{ ...DEFAULT_TIME_RANGE }], {
                        shouldDirty: true,
                      });
                      form.clearErrors('timeSlotsInterval');
                    }}
                  />
                  {t('availabilityScreens.specific.unavailableOnDate')}
                </label>
                <p id={`${id}-unavailable-hint`} className="text-xs text-slate-600">
                  {t('availabilityScreens.specific.unavailableHint')}
                </p>
              </div>
              {isAvailable ? (
                <RangesEditor
                  ranges={ranges}
                  onChange={(next: TimeRange[]) =>
                    form.setValue('timeSlotsInterval', next, {
                      shouldDirty: true,
                      shouldValidate: form.formState.isSubmitted,
                    })
                  }
                  dayLabel={dayLabel}
                  invalidIndexes={invalid}
                />
              ) : null}
              {rangeErrors.length > 0 ? (
                <p role="alert" className="text-sm text-red-700">
                  {rangeErrors.join(' ')}
                </p>
              ) : null}
              <Button type="submit" loading={save.isPending} className="mt-auto w-full">
                {t('availabilityScreens.specific.save')}
              </Button>
            </>
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
              {t('availabilityScreens.specific.pickDate')}
            </p>
          )}
        </div>
      </form>
    </Dialog>
  );
}
