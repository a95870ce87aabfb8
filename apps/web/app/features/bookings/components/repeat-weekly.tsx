import { HOLD_MINUTES, SERIES_MAX_OCCURRENCES, SERIES_MIN_OCCURRENCES } from '@app/shared/schemas/bookings';
import { weeklyStarts } from '@app/shared/slots';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { longDateOf, timeRangeOf } from '#app/lib/format';
import { priceText } from '#app/lib/price';
import { useLang } from '#app/lib/use-lang';
import type { TimeSlot } from './booking-calendar';

export interface RepeatWeeklyValue {
  enabled: boolean;
  occurrences: number;
}

export const REPEAT_DEFAULT: RepeatWeeklyValue = { enabled: false, occurrences: 4 };

const COUNTS = Array.from(
  { length: SERIES_MAX_OCCURRENCES - SERIES_MIN_OCCURRENCES + 1 },
  (_, index) => SERIES_MIN_OCCURRENCES + index,
);

/**
 * The sessions of a weekly series starting with `slot`: the same wall-clock time in the
 * provider's zone every 7 days (the API's rule, shared), shown as instants.
 */
export function seriesSessions(
  slot: Pick<TimeSlot, 'startAt' | 'endAt'>,
  occurrences: number,
  providerZone: string,
): Array<{ startAt: string; endAt: string }> {
  const startMs = Date.parse(slot.startAt);
  const lengthMs = Date.parse(slot.endAt) - startMs;
  return weeklyStarts(startMs, occurrences, providerZone).map((ms) => ({
    startAt: new Date(ms).toISOString(),
    endAt: new Date(ms + lengthMs).toISOString(),
  }));
}

export interface RepeatWeeklyProps {
  /** The first session's slot, or null before one is chosen. */
  slot: TimeSlot | null;
  value: RepeatWeeklyValue;
  onChange(value: RepeatWeeklyValue): void;
  /** The provider's zone: the weekly time is kept on their wall clock. */
  providerZone: string;
  /** The zone the dates are shown in (the viewer's). */
  zone: string;
  priceMinor: number;
  currencyCode: string;
  /** A refusal of the whole series (SERIES_SLOT_UNAVAILABLE), already in words. */
  error?: string;
}

/**
 * "Repeat weekly" in the booking flow: a number of sessions within the API's range (2-12), every
 * date of the series and the total price (price × sessions, in the provider's currency).
 */
export function RepeatWeekly({
  slot,
  value,
  onChange,
  providerZone,
  zone,
  priceMinor,
  currencyCode,
  error,
}: RepeatWeeklyProps) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const id = useId();
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const datesId = `${id}-dates`;
  const errorId = `${id}-error`;
  const sessions = value.enabled && slot ? seriesSessions(slot, value.occurrences, providerZone) : [];
  const free = priceMinor === 0;

  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4" data-testid="repeat-weekly">
      <legend className="sr-only">{t('bookingScreens.series.title')}</legend>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
          checked={value.enabled}
          onChange={(event) => onChange({ ...value, enabled: event.target.checked })}
          aria-describedby={hintId}
        />
        <span className="flex flex-col">
          <span className="font-medium text-slate-900">{t('bookingScreens.series.repeat')}</span>
          <span id={hintId} className="text-slate-600">
            {t('bookingScreens.series.repeatHint')}
          </span>
        </span>
      </label>
      {value.enabled ? (
        <>
          <div className="flex flex-col gap-1 sm:max-w-xs">
            <label htmlFor={countId} className="text-sm font-medium">
              {t('bookingScreens.series.count')}
            </label>
            <select
              id={countId}
              value={value.occurrences}
              onChange={(event) => onChange({ ...value, occurrences: Number(event.target.value) })}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="min-h-10 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            >
              {COUNTS.map((count) => (
                <option key={count} value={count}>
                  {t('bookingScreens.series.countOption', { count })}
                </option>
              ))}
            </select>
          </div>
          {slot ? (
            <>
              <h3 id={datesId} className="text-sm font-semibold text-slate-900">
                {t('bookingScreens.series.dates')}
              </h3>
              <ol
                aria-labelledby={datesId}
                className="flex flex-col gap-1 text-sm text-slate-800"
                data-testid="series-dates"
              >
                {sessions.map((session, index) => (
                  <li key={session.startAt} className="tabular-nums">
                    {t('bookingScreens.series.sessionDate', {
                      index: index + 1,
                      date: longDateOf(session.startAt, zone, i18n.language),
                      time: timeRangeOf(session.startAt, session.endAt, zone, i18n.language),
                    })}
                  </li>
                ))}
              </ol>
              <p
                className="flex flex-wrap justify-between gap-2 border-t border-slate-100 pt-3 text-sm font-semibold"
                data-testid="series-total"
              >
                <span>{t('bookingScreens.series.total', { count: value.occurrences })}</span>
                <span>
                  {free ? t('bookingScreens.free') : priceText(priceMinor * value.occurrences, currencyCode, lang)}
                </span>
              </p>
              {free ? null : (
                <p className="text-xs text-slate-600">
                  {t('bookingScreens.series.holdHint', { minutes: HOLD_MINUTES })}
                </p>
              )}
            </>
          ) : (
            <p className="text-sm text-slate-600">{t('bookingScreens.series.pickFirst')}</p>
          )}
        </>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
