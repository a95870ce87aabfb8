import { DEFAULT_TIME_RANGE, type TimeRange } from '@app/shared/day-times';
import { type RecurringDaysInput, RecurringDaysInputSchema, type WeeklyDay } from '@app/shared/schemas/availability';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { weekdayName } from '#app/lib/dates';
import { Button } from '#app/ui/button';
import { useToast } from '#app/ui/toast';
import { useSaveRecurringDays } from '../api/save-recurring-days';
import { errorTexts, placeServerErrors } from '../lib/form-errors';
import { RangesEditor } from './ranges-editor';

type FormDay = RecurringDaysInput['days'][number];

function toFormValues(days: readonly WeeklyDay[], category: string | null): RecurringDaysInput {
  const byDay = new Map(days.map((day) => [day.dayOfWeek, day]));
  return {
    categoryIdentifier: category,
    days: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => {
      const day = byDay.get(dayOfWeek);
      return {
        dayOfWeek,
        isAvailable: day?.isAvailable ?? false,
        timeslotIntervals: day?.isAvailable ? day.timeslotIntervals.map((range) => ({ ...range })) : [],
      };
    }),
  };
}

/** Ticking "Unavailable" clears the day's ranges; unticking adds the default 09:00–18:00 (SPEC.md §4, §9). */
export function toggleUnavailable(day: FormDay, unavailable: boolean): FormDay {
  return unavailable
    ? { ...day, isAvailable: false, timeslotIntervals: [] }
    : { ...day, isAvailable: true, timeslotIntervals: [{ ...DEFAULT_TIME_RANGE }] };
}

/** Indexes of the ranges an error object names (`timeslotIntervals[i]`). */
function invalidIndexes(error: unknown): Set<number> {
  const indexes = new Set<number>();
  const ranges = (error as { timeslotIntervals?: unknown } | undefined)?.timeslotIntervals;
  if (ranges && typeof ranges === 'object') {
    for (const key of Object.keys(ranges)) if (/^\d+$/.test(key)) indexes.add(Number(key));
  }
  return indexes;
}

export interface WeeklyEditorProps {
  /** The 7 weekdays as GET /provider-availability/days/default answers them. */
  days: WeeklyDay[];
  /** The category calendar being edited (BY_CATEGORY), or null for the general one. */
  category: string | null;
}

/**
 * The weekly pattern: per weekday an "Unavailable" checkbox and time ranges with the time
 * dropdown; saved with POST /provider-availability/days/recurring (all seven days).
 */
export function WeeklyEditor({ days, category }: WeeklyEditorProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const save = useSaveRecurringDays();
  const form = useForm<RecurringDaysInput>({
    resolver: zodResolver(RecurringDaysInputSchema),
    defaultValues: toFormValues(days, category),
  });
  const values = form.watch('days');
  const errors = form.formState.errors;

  function setDay(index: number, day: FormDay) {
    form.setValue(`days.${index}`, day, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  }

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync(input);
      form.reset(toFormValues(saved, category));
      toast.success(t('profiles.dataSaved'));
    } catch (failure) {
      placeServerErrors(failure, { setError: form.setError, prefixes: ['days'], toast, t });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="weekly-heading" className="flex flex-col">
      <div className="divide-y divide-slate-100">
        {values.map((day, index) => {
          const name = weekdayName(day.dayOfWeek, i18n.language);
          const dayError = errors.days?.[index];
          const messages = errorTexts(t, dayError);
          return (
            <fieldset
              key={day.dayOfWeek}
              className="grid gap-3 py-4 sm:grid-cols-[8rem_9rem_minmax(0,1fr)] sm:items-start"
              data-testid={`weekday-${day.dayOfWeek}`}
            >
              <legend className="sr-only">{name}</legend>
              <span aria-hidden="true" className="pt-2 font-semibold text-slate-900">
                {name}
              </span>
              <label className="flex cursor-pointer items-center gap-2 pt-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-700"
                  checked={!day.isAvailable}
                  onChange={(event) => setDay(index, toggleUnavailable(day, event.target.checked))}
                />
                {t('availabilityScreens.weekly.unavailable')}
              </label>
              <div className="min-w-0">
                {day.isAvailable ? (
                  <RangesEditor
                    ranges={day.timeslotIntervals ?? []}
                    onChange={(ranges: TimeRange[]) => setDay(index, { ...day, timeslotIntervals: ranges })}
                    dayLabel={name}
                    invalidIndexes={invalidIndexes(dayError)}
                  />
                ) : null}
                {messages.length > 0 ? (
                  <p role="alert" className="mt-1 text-sm text-red-700">
                    {messages.join(' ')}
                  </p>
                ) : null}
              </div>
            </fieldset>
          );
        })}
      </div>
      <div className="flex justify-end border-t border-slate-100 pt-4">
        <Button type="submit" loading={save.isPending}>
          {t('availabilityScreens.weekly.save')}
        </Button>
      </div>
    </form>
  );
}
