import type { TimeRange } from '@app/shared/day-times';
import { useTranslation } from 'react-i18next';
import { endOptions, nextRange, startOptions, withEnd, withStart } from '#app/lib/time';
import { Button } from '#app/ui/button';
import { TimeSelect } from './time-select';

export interface RangesEditorProps {
  ranges: TimeRange[];
  onChange(ranges: TimeRange[]): void;
  /** The day the ranges belong to ("Monday", "Sunday, 29 November 2026"), for accessible names. */
  dayLabel: string;
  /** Indexes of ranges with an error (their selects are marked invalid). */
  invalidIndexes?: ReadonlySet<number>;
}

/** The time ranges of one day: start and end dropdowns per range, remove, and "Add time range". */
export function RangesEditor({ ranges, onChange, dayLabel, invalidIndexes }: RangesEditorProps) {
  const { t } = useTranslation();
  const addition = nextRange(ranges);
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-2">
        {ranges.map((range, index) => {
          const position = index + 1;
          const invalid = invalidIndexes?.has(index) ?? false;
          return (
            // Ranges have no identity of their own; their position is what the labels name.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="flex flex-wrap items-center gap-2">
              <TimeSelect
                value={range.startTime}
                options={startOptions(ranges, index)}
                onChange={(startTime) => onChange(withStart(ranges, index, startTime))}
                label={t('availabilityScreens.weekly.startOf', { index: position, day: dayLabel })}
                invalid={invalid}
              />
              <span aria-hidden="true" className="text-sm text-slate-600">
                {t('availabilityScreens.weekly.to')}
              </span>
              <TimeSelect
                value={range.endTime}
                options={endOptions(ranges, index)}
                onChange={(endTime) => onChange(withEnd(ranges, index, endTime))}
                label={t('availabilityScreens.weekly.endOf', { index: position, day: dayLabel })}
                invalid={invalid}
              />
              {ranges.length > 1 ? (
                <Button
                  variant="ghost"
                  className="min-h-9 px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-red-700"
                  aria-label={t('availabilityScreens.weekly.removeRangeOf', { index: position, day: dayLabel })}
                  onClick={() => onChange(ranges.filter((_, i) => i !== index))}
                >
                  {t('availabilityScreens.weekly.removeRange')}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div>
        <Button
          variant="ghost"
          className="-ml-2 min-h-9 px-2"
          disabled={addition === null}
          aria-label={t('availabilityScreens.weekly.addRangeOn', { day: dayLabel })}
          onClick={() => addition && onChange([...ranges, addition])}
        >
          <span aria-hidden="true">+</span> {t('availabilityScreens.weekly.addRange')}
        </Button>
      </div>
    </div>
  );
}
