import type { AvailabilitySettings, ProviderTimeSlot } from '@app/shared/schemas/availability';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTherapyCategories } from '#app/api/list-therapy-categories';
import { addMonths, formatLongDate, formatMonthTitle, monthOf, todayInZone } from '#app/lib/dates';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { formatClock } from '#app/lib/time';
import { cn } from '#app/ui/cn';
import { InlineError } from '#app/ui/inline-error';
import { Link } from '#app/ui/link';
import { MonthGrid } from '#app/ui/month-grid';
import { Spinner } from '#app/ui/spinner';
import { useProviderMonth } from '../api/get-provider-month';

export type SlotState = 'free' | 'held' | 'booked' | 'past';

/** A slot's state in the provider's calendar: booked wins over held, held over past, past over free. */
export function slotState(slot: ProviderTimeSlot): SlotState {
  if (slot.isBooked) return 'booked';
  if (slot.isHeld) return 'held';
  if (slot.isPast) return 'past';
  return 'free';
}

const STATE_STYLES: Record<SlotState, string> = {
  free: 'bg-emerald-100 text-emerald-900 ring-1 ring-emerald-300',
  held: 'bg-amber-100 text-amber-900 ring-1 ring-amber-300',
  booked: 'bg-sky-100 text-sky-900 ring-1 ring-sky-300',
  past: 'bg-slate-100 text-slate-700 ring-1 ring-slate-300',
};

/** Whether a day has anything still to show: free, held or booked slots (only past ones: muted). */
function isActive(slots: readonly ProviderTimeSlot[]): boolean {
  return slots.some((slot) => slotState(slot) !== 'past');
}

function countStates(slots: readonly ProviderTimeSlot[]): Record<SlotState, number> {
  const counts: Record<SlotState, number> = { free: 0, held: 0, booked: 0, past: 0 };
  for (const slot of slots) counts[slotState(slot)] += 1;
  return counts;
}

function Badge({ state, children }: { state: SlotState; children: React.ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-1.5 text-[11px] leading-4 font-semibold tabular-nums',
        STATE_STYLES[state],
      )}
    >
      {children}
    </span>
  );
}

/**
 * /calendar/: the provider's month (GET /provider-availability/timeslot/{month}) with free, held
 * and booked slots per day, month navigation, and the chosen day's slots; all in the provider's zone.
 */
export function ProviderMonthView({ settings }: { settings: AvailabilitySettings }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { lang } = useLocaleData();
  const id = useId();
  const zone = settings.timezone;
  const [today] = useState(() => todayInZone(zone));
  const [month, setMonth] = useState(() => monthOf(today));
  const [selected, setSelected] = useState<string>(today);
  const byCategory = settings.setupType === 'BY_CATEGORY';
  const categories = useTherapyCategories(byCategory);
  const [chosen, setChosen] = useState<string | null>(null);
  const category = byCategory
    ? (chosen ?? settings.categories[0]?.categoryIdentifier ?? categories.data?.[0]?.identifier ?? null)
    : null;
  const data = useProviderMonth(month, category, !byCategory || category !== null);
  const monthData = data.data?.month === month ? data.data : null;
  const byDate = new Map((monthData?.days ?? []).map((day) => [day.date, day]));
  const selectedDay = byDate.get(selected);
  const monthTitleId = `${id}-month`;

  function goToMonth(next: string) {
    setMonth(next);
    setSelected(next === monthOf(today) ? today : `${next}-01`);
  }

  const dayLabel = (date: string) => {
    const day = byDate.get(date);
    const name = formatLongDate(date, language);
    if (!day || (!day.isAvailable && day.timeSlot.length === 0)) {
      return t('availabilityScreens.calendar.dayUnavailable', { date: name });
    }
    const counts = countStates(day.timeSlot);
    return t('availabilityScreens.calendar.dayLabel', {
      date: name,
      free: counts.free,
      held: counts.held,
      booked: counts.booked,
    });
  };

  return (
    <div className="flex flex-col gap-6">
      {byCategory ? (
        <div className="flex max-w-sm flex-col gap-1">
          <label htmlFor={`${id}-category`} className="text-sm font-medium">
            {t('availabilityScreens.setup.category')}
          </label>
          <select
            id={`${id}-category`}
            value={category ?? ''}
            onChange={(event) => setChosen(event.target.value)}
            className="min-h-10 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            <option value="" disabled>
              {t('availabilityScreens.setup.selectCategory')}
            </option>
            {(categories.data ?? []).map((item) => (
              <option key={item.identifier} value={item.identifier}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
        <section
          aria-labelledby={monthTitleId}
          className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        >
          <div className="mb-3 flex items-center justify-between gap-2">
            <button
              type="button"
              onClick={() => goToMonth(addMonths(month, -1))}
              aria-label={t('availabilityScreens.calendar.previous')}
              className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
            >
              <span aria-hidden="true">‹</span>
            </button>
            <h2 id={monthTitleId} className="text-lg font-semibold text-slate-900" aria-live="polite">
              {formatMonthTitle(month, language)}
            </h2>
            <button
              type="button"
              onClick={() => goToMonth(addMonths(month, 1))}
              aria-label={t('availabilityScreens.calendar.next')}
              className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
          {data.isError ? (
            <InlineError error={data.error} onRetry={() => data.refetch()} retrying={data.isRefetching} />
          ) : !monthData ? (
            <div className="flex justify-center py-20 text-brand-700">
              <Spinner />
            </div>
          ) : (
            <MonthGrid
              month={month}
              language={language}
              selected={selected}
              onSelect={setSelected}
              isSelectable={() => true}
              isMuted={(date) => !isActive(byDate.get(date)?.timeSlot ?? [])}
              dayLabel={dayLabel}
              today={today}
              labelledBy={monthTitleId}
              size="large"
              renderDay={(date) => {
                const day = byDate.get(date);
                if (!day || !isActive(day.timeSlot)) return null;
                const counts = countStates(day.timeSlot);
                return (
                  <span aria-hidden="true" className="flex flex-wrap justify-center gap-0.5">
                    {counts.free > 0 ? <Badge state="free">{counts.free}</Badge> : null}
                    {counts.held > 0 ? <Badge state="held">{counts.held}</Badge> : null}
                    {counts.booked > 0 ? <Badge state="booked">{counts.booked}</Badge> : null}
                  </span>
                );
              }}
            />
          )}
          <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
            {(['free', 'held', 'booked', 'past'] as const).map((state) => (
              <li key={state} className="flex items-center gap-1.5">
                <span aria-hidden="true" className={cn('inline-block h-3 w-3 rounded-full', STATE_STYLES[state])} />
                {t(`availabilityScreens.calendar.${state}`)}
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby={`${id}-day`}
          className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        >
          <h2 id={`${id}-day`} className="font-semibold text-slate-900">
            {t('availabilityScreens.calendar.slotsOn', { date: formatLongDate(selected, language) })}
          </h2>
          {!monthData ? null : !selectedDay || selectedDay.timeSlot.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">
              {selectedDay && !selectedDay.isAvailable
                ? t('availabilityScreens.calendar.unavailable')
                : t('availabilityScreens.calendar.noSlots')}
            </p>
          ) : (
            <ul className="mt-3 flex flex-col gap-2" data-testid="calendar-day-slots">
              {selectedDay.timeSlot.map((slot) => {
                const state = slotState(slot);
                return (
                  <li
                    key={slot.identifier}
                    className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 px-3 py-2 text-sm"
                  >
                    <span className="font-medium tabular-nums text-slate-900">
                      {formatClock(slot.startTime, language)} – {formatClock(slot.endTime, language)}
                    </span>
                    <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', STATE_STYLES[state])}>
                      {t(`availabilityScreens.calendar.${state}`)}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
          <Link
            to={paths.myAvailability(lang)}
            className="mt-4 inline-block text-sm font-medium text-brand-700 underline hover:text-brand-800"
          >
            {t('availabilityScreens.calendar.editAvailability')}
          </Link>
        </section>
      </div>
    </div>
  );
}
