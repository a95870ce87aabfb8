import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { addDays, monthWeeks, weekdayName } from '#app/lib/dates';
import { cn } from './cn';

export interface MonthGridProps {
  /** "YYYY-MM". */
  month: string;
  language: string;
  selected: string | null;
  onSelect(date: string): void;
  /** Days that cannot be chosen are shown muted and disabled. */
  isSelectable(date: string): boolean;
  /** The accessible name of a day's button (the full date, plus what it holds). */
  dayLabel(date: string): string;
  /** Extra content under the day number (counts, dots). */
  renderDay?(date: string, state: { selected: boolean; selectable: boolean }): ReactNode;
  today?: string;
  /** id of the element naming the month (the grid is labelled by it). */
  labelledBy: string;
  /** Selectable days shown plainly (e.g. a day without slots in the provider's calendar). */
  isMuted?(date: string): boolean;
  /** Taller cells (the provider calendar shows counts in them). */
  size?: 'compact' | 'large';
}

const STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * A Monday-first month of day buttons. One day is in the tab order (the selected one, else the
 * first selectable); arrow keys move between selectable days, Enter or Space chooses.
 */
export function MonthGrid({
  month,
  language,
  selected,
  onSelect,
  isSelectable,
  dayLabel,
  renderDay,
  today,
  labelledBy,
  isMuted,
  size = 'compact',
}: MonthGridProps) {
  const weeks = monthWeeks(month);
  const dates = weeks.flat().filter((date): date is string => date !== null);
  const selectable = dates.filter(isSelectable);
  const [focused, setFocused] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const tabStop =
    (focused && selectable.includes(focused) && focused) ||
    (selected && selectable.includes(selected) && selected) ||
    selectable[0] ||
    null;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, date: string) {
    let step = STEPS[event.key];
    let target: string | undefined;
    if (step) {
      for (let next = addDays(date, step); next.startsWith(month); next = addDays(next, step)) {
        if (isSelectable(next)) {
          target = next;
          break;
        }
        // Up and down look for the nearest selectable day in that direction, one day at a time.
        if (Math.abs(step) === 7) step = Math.sign(step);
      }
    } else if (event.key === 'Home') target = selectable[0];
    else if (event.key === 'End') target = selectable.at(-1);
    else return;
    event.preventDefault();
    if (target) {
      setFocused(target);
      buttons.current.get(target)?.focus();
    }
  }

  return (
    <table aria-labelledby={labelledBy} className="w-full table-fixed border-separate border-spacing-1">
      <thead>
        <tr>
          {[1, 2, 3, 4, 5, 6, 7].map((day) => (
            <th key={day} scope="col" className="pb-1 text-xs font-medium text-slate-500">
              <abbr title={weekdayName(day, language)} className="no-underline">
                {weekdayName(day, language, 'short')}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.find(Boolean) ?? 'empty'}>
            {week.map((date, index) => {
              if (!date) {
                // biome-ignore lint/suspicious/noArrayIndexKey: empty cells of the neighbouring months
                return <td key={`empty-${index}`} />;
              }
              const canSelect = isSelectable(date);
              const isSelected = date === selected;
              const isToday = date === today;
              return (
                <td key={date} className="p-0 align-top">
                  <button
                    ref={(node) => {
                      if (node) buttons.current.set(date, node);
                      else buttons.current.delete(date);
                    }}
                    type="button"
                    disabled={!canSelect}
                    tabIndex={date === tabStop ? 0 : -1}
                    aria-label={dayLabel(date)}
                    aria-pressed={isSelected}
                    aria-current={isToday ? 'date' : undefined}
                    onClick={() => {
                      setFocused(date);
                      onSelect(date);
                    }}
                    onKeyDown={(event) => onKeyDown(event, date)}
                    className={cn(
                      'flex w-full flex-col items-center rounded-xl border text-sm transition-colors',
                      size === 'large'
                        ? 'min-h-16 justify-start gap-1 p-1.5 sm:min-h-[4.5rem]'
                        : 'min-h-11 justify-center py-1',
                      isSelected
                        ? 'border-brand-700 bg-brand-700 font-semibold text-white'
                        : canSelect && isMuted?.(date)
                          ? 'border-slate-200 bg-white text-slate-600 hover:border-brand-600'
                          : canSelect
                            ? 'border-brand-100 bg-brand-50 font-semibold text-brand-800 hover:border-brand-600'
                            : 'cursor-default border-transparent text-slate-400',
                      isToday && !isSelected && 'ring-2 ring-brand-600/40',
                    )}
                  >
                    <span aria-hidden="true" className="tabular-nums">
                      {Number(date.slice(8))}
                    </span>
                    {renderDay?.(date, { selected: isSelected, selectable: canSelect })}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
