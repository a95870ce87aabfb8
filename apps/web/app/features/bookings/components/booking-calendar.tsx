import type { TimeSlot } from '@app/shared/schemas/availability';
import { BOOKING_WINDOW_MONTHS_AHEAD } from '@app/shared/slots';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisplayZone } from '#app/lib/browser-zone';
import {
  addMonths,
  dateInZone,
  formatLongDate,
  formatMonthTitle,
  monthOf,
  todayInZone,
  zoneLabel,
} from '#app/lib/dates';
import { formatClock } from '#app/lib/time';
import { cn } from '#app/ui/cn';
import { InlineError } from '#app/ui/inline-error';
import { MonthGrid } from '#app/ui/month-grid';
import { Spinner } from '#app/ui/spinner';
import { useDateSlots } from '../api/get-date-slots';
import { useMonthSummary } from '../api/get-month-summary';

export type { TimeSlot };

export interface BookingCalendarProps {
  /** The provider whose free slots are shown (an approved provider; others answer 404, shown inline). */
  providerId: string;
  /**
   * The therapy category calendar, for a provider whose setup is BY_CATEGORY (the API answers
   * "Choose a therapy category" without it). Ignored for GENERAL providers. Optional.
   */
  categoryId?: string | null;
  /**
   * The IANA zone the dates and times are shown in. `undefined`: the browser's zone (Intl).
   * `null`: not known yet (a spinner shows until it is). For the signed-in user's saved zone
   * (else the browser's) pass `useViewerZone()` from features/availability/lib/viewer-zone.ts.
   */
  timezone?: string | null;
  /**
   * The chosen slot, or null. When a slot is given on first render (edit mode, e.g. a
   * reschedule), its date is shown selected; otherwise the selected date defaults to today if it
   * has slots, else the nearest later day with slots (SPEC.md §4).
   */
  value: TimeSlot | null;
  /**
   * Called with the slot the user picks. Called with null when the user moves to another date
   * while a slot of a different date was chosen. Send `slot.identifier` back as
   * `timeslotIdentifier` to book; `slot.startAt`/`endAt` are the UTC instants.
   */
  onChange(slot: TimeSlot | null): void;
  /** id of a heading that names the picker; a visible heading is rendered when omitted. */
  labelledBy?: string;
  className?: string;
}

type Notice = 'checking' | 'found' | 'none' | null;

/**
 * Booking calendar and time-slot picker (SPEC.md §2, §4, §5, §9): a month calendar from today to
 * the end of the month two months ahead, only days with free slots selectable; the slots of the
 * chosen day in the viewer's zone. A month without slots moves on to the next automatically,
 * saying so. Self-contained: it loads its own data (public calls, no sign-in needed).
 *
 * @example
 * const zone = useViewerZone();
 * const [slot, setSlot] = useState<TimeSlot | null>(null);
 * <BookingCalendar providerId={id} categoryId={category} timezone={zone} value={slot} onChange={setSlot} />
 */
export function BookingCalendar(props: BookingCalendarProps) {
  const detected = useDisplayZone(props.timezone);
  const zone = props.timezone === null ? null : detected;
  if (!zone) {
    return (
      <div className={cn('flex justify-center py-10 text-brand-700', props.className)}>
        <Spinner />
      </div>
    );
  }
  return <BookingCalendarIn {...props} zone={zone} key={`${props.providerId}|${props.categoryId ?? ''}|${zone}`} />;
}

function BookingCalendarIn({
  providerId,
  categoryId = null,
  zone,
  value,
  onChange,
  labelledBy,
  className,
}: BookingCalendarProps & { zone: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const id = useId();
  const headingId = labelledBy ?? `${id}-heading`;
  const monthTitleId = `${id}-month`;
  const slotsHeadingId = `${id}-slots`;

  const [today] = useState(() => todayInZone(zone));
  const firstMonth = monthOf(today);
  const lastMonth = addMonths(firstMonth, BOOKING_WINDOW_MONTHS_AHEAD);
  // Edit mode: a slot chosen before keeps its date selected.
  const [initialDate] = useState(() => (value ? dateInZone(value.startAt, zone) : null));
  const [month, setMonth] = useState(() => (initialDate ? monthOf(initialDate) : firstMonth));
  const [selectedDate, setSelectedDate] = useState<string | null>(initialDate);
  const [searching, setSearching] = useState(initialDate === null);
  const [notice, setNotice] = useState<Notice>(null);

  const category = categoryId || null;
  const summary = useMonthSummary({ providerId, month, category, timezone: zone });
  const slots = useDateSlots(selectedDate ? { providerId, date: selectedDate, category, timezone: zone } : null);

  const days = summary.data?.month === month ? summary.data.days : null;
  const slotCounts = new Map((days ?? []).map((day) => [day.date, day.slotCount]));

  // The default date, and the automatic move to the next month when one has no slots.
  useEffect(() => {
    if (!days) return;
    const available = days.map((day) => day.date).sort();
    if (available.length > 0) {
      if (searching) {
        setSearching(false);
        if (month !== firstMonth) setNotice('found');
      }
      if (!selectedDate || monthOf(selectedDate) !== month) {
        setSelectedDate(available.find((date) => date >= today) ?? (available[0] as string));
      }
      return;
    }
    if (searching) {
      if (month < lastMonth) {
        setNotice('checking');
        setMonth(addMonths(month, 1));
      } else {
        setNotice('none');
        setSearching(false);
      }
    }
  }, [days, searching, month, firstMonth, lastMonth, selectedDate, today]);

  const valueDate = value ? dateInZone(value.startAt, zone) : null;

  function chooseDate(date: string) {
    setSelectedDate(date);
    if (value && valueDate !== date) onChange(null);
  }

  function goToMonth(next: string) {
    setSearching(false);
    setNotice(null);
    setMonth(next);
    if (selectedDate && monthOf(selectedDate) !== next) setSelectedDate(null);
    if (value && valueDate && monthOf(valueDate) !== next) onChange(null);
  }

  const dayLabel = (date: string) => {
    const count = slotCounts.get(date);
    const name = formatLongDate(date, language);
    const withToday = date === today ? `${name} (${t('availabilityScreens.booking.today')})` : name;
    return count
      ? t('availabilityScreens.booking.dayLabel', {
          date: withToday,
          slots: t('availabilityScreens.booking.slotCount', { count }),
        })
      : withToday;
  };

  const noticeText =
    notice === 'checking'
      ? t('availability.noSlotsThisMonth')
      : notice === 'found'
        ? t('availability.slotsFoundNextMonth')
        : notice === 'none'
          ? t('availabilityScreens.booking.noSlotsWindow')
          : '';

  const daySlots = slots.data?.days.find((day) => day.date === selectedDate)?.timeSlot ?? [];
  const monthEmpty = days !== null && days.length === 0 && !searching && notice !== 'none';

  return (
    <section aria-labelledby={headingId} className={cn('@container', className)}>
      {labelledBy ? null : (
        <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
          {t('availabilityScreens.booking.heading')}
        </h2>
      )}
      <p
        role="status"
        aria-live="polite"
        className={cn(
          'rounded-lg text-sm',
          noticeText && 'mb-3 px-3 py-2',
          notice === 'found' ? 'bg-brand-50 text-brand-800' : noticeText ? 'bg-amber-50 text-amber-900' : '',
        )}
      >
        {noticeText}
      </p>
      <div className="grid gap-6 @2xl:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)]">
        <div>
          <div className="mb-2 flex items-center justify-between gap-2">
            <button
              type="button"
              onClick={() => goToMonth(addMonths(month, -1))}
              disabled={month <= firstMonth}
              aria-label={t('availabilityScreens.booking.previous')}
              className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300"
            >
              <span aria-hidden="true">‹</span>
            </button>
            <h3 id={monthTitleId} className="font-semibold text-slate-900" aria-live="polite">
              {formatMonthTitle(month, language)}
            </h3>
            <button
              type="button"
              onClick={() => goToMonth(addMonths(month, 1))}
              disabled={month >= lastMonth}
              aria-label={t('availabilityScreens.booking.next')}
              className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300"
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
          {summary.isError ? (
            <InlineError error={summary.error} onRetry={() => summary.refetch()} retrying={summary.isRefetching} />
          ) : days === null ? (
            <div className="flex justify-center py-16 text-brand-700">
              <Spinner />
            </div>
          ) : (
            <MonthGrid
              month={month}
              language={language}
              selected={selectedDate}
              onSelect={chooseDate}
              isSelectable={(date) => slotCounts.has(date)}
              dayLabel={dayLabel}
              today={today}
              labelledBy={monthTitleId}
            />
          )}
          {monthEmpty ? (
            <p className="mt-2 text-sm text-slate-600">{t('availabilityScreens.booking.noSlotsMonth')}</p>
          ) : null}
          <p className="mt-3 text-xs text-slate-600">
            {t('availabilityScreens.booking.timezone', { zone: zoneLabel(zone) })}
          </p>
        </div>
        <div>
          {selectedDate ? (
            <>
              <h3 id={slotsHeadingId} className="mb-3 font-semibold text-slate-900">
                {t('availabilityScreens.booking.timesFor', { date: formatLongDate(selectedDate, language) })}
              </h3>
              {slots.isError ? (
                <InlineError error={slots.error} onRetry={() => slots.refetch()} retrying={slots.isRefetching} />
              ) : slots.isPending ? (
                <div className="flex justify-center py-8 text-brand-700">
                  <Spinner />
                </div>
              ) : daySlots.length === 0 ? (
                <p className="text-sm text-slate-600">{t('availabilityScreens.booking.noSlotsDay')}</p>
              ) : (
                <div
                  role="radiogroup"
                  aria-labelledby={slotsHeadingId}
                  className="grid grid-cols-2 gap-2 @md:grid-cols-3 @2xl:grid-cols-2"
                >
                  {daySlots.map((slot) => {
                    const checked = value?.identifier === slot.identifier;
                    return (
                      <label
                        key={slot.identifier}
                        className={cn(
                          'flex cursor-pointer items-center justify-center rounded-xl border px-2 py-2.5 text-center text-sm font-medium tabular-nums transition-colors has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600',
                          checked
                            ? 'border-brand-700 bg-brand-700 text-white'
                            : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600 hover:bg-brand-50',
                        )}
                      >
                        <input
                          type="radio"
                          name={`${id}-slot`}
                          value={slot.identifier}
                          checked={checked}
                          onChange={() => onChange(slot)}
                          className="sr-only"
                        />
                        {formatClock(slot.startTime, language)} – {formatClock(slot.endTime, language)}
                      </label>
                    );
                  })}
                </div>
              )}
            </>
          ) : days !== null && !summary.isError && notice !== 'none' && !searching ? (
            <p className="text-sm text-slate-600">{t('availabilityScreens.booking.selectDay')}</p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
