import {
  HOLD_MINUTES,
  SERIES_CADENCES,
  SERIES_INTERVAL_WEEKS,
  SERIES_MAX_OCCURRENCES,
  SERIES_MIN_OCCURRENCES,
  type SeriesCadence,
} from '@app/shared/schemas/bookings';
import { weeklyStarts } from '@app/shared/slots';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { longDateOf, timeRangeOf } from '#app/lib/format';
import { priceText } from '#app/lib/price';
import { useLang } from '#app/lib/use-lang';
import { cn } from '#app/ui/cn';
import type { TimeSlot } from './booking-calendar';

export interface SeriesChoiceValue {
  enabled: boolean;
  occurrences: number;
  cadence: SeriesCadence;
}

export const SERIES_DEFAULT: SeriesChoiceValue = { enabled: false, occurrences: 4, cadence: 'weekly' };

const COUNTS = Array.from(
  { length: SERIES_MAX_OCCURRENCES - SERIES_MIN_OCCURRENCES + 1 },
  (_, index) => SERIES_MIN_OCCURRENCES + index,
);

/**
 * The sessions of a series starting with `slot`: the same wall-clock time in the provider's zone
 * every week or every second week (the API's rule, shared), shown as instants.
 */
export function seriesSessions(
  slot: Pick<TimeSlot, 'startAt' | 'endAt'>,
  occurrences: number,
  providerZone: string,
  cadence: SeriesCadence = 'weekly',
): Array<{ startAt: string; endAt: string }> {
  const startMs = Date.parse(slot.startAt);
  const lengthMs = Date.parse(slot.endAt) - startMs;
  return weeklyStarts(startMs, occurrences, providerZone, SERIES_INTERVAL_WEEKS[cadence]).map((ms) => ({
    startAt: new Date(ms).toISOString(),
    endAt: new Date(ms + lengthMs).toISOString(),
  }));
}

export interface SeriesChoiceProps {
  /** The first session's slot, or null before one is chosen. */
  slot: TimeSlot | null;
  value: SeriesChoiceValue;
  onChange(value: SeriesChoiceValue): void;
  /** The provider's zone: the series' time is kept on their wall clock. */
  providerZone: string;
  /** The zone the dates are shown in (the viewer's). */
  zone: string;
  priceMinor: number;
  currencyCode: string;
  /** A refusal of the whole series (SERIES_SLOT_UNAVAILABLE), already in words. */
  error?: string;
}

/**
 * "Book a series" in the booking flow: every week or every second week, a number of sessions
 * within the API's range (2-12), every date of the series and the total price (price × sessions,
 * in the provider's currency).
 */
export function SeriesChoice({
  slot,
  value,
  onChange,
  providerZone,
  zone,
  priceMinor,
  currencyCode,
  error,
}: SeriesChoiceProps) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const id = useId();
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const datesId = `${id}-dates`;
  const errorId = `${id}-error`;
  const sessions = value.enabled && slot ? seriesSessions(slot, value.occurrences, providerZone, value.cadence) : [];
  const free = priceMinor === 0;

  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4" data-testid="series-choice">
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
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t('bookingScreens.series.cadence')}</legend>
            <div className="flex flex-wrap gap-2">
              {SERIES_CADENCES.map((cadence) => (
                <label
                  key={cadence}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600',
                    value.cadence === cadence ? 'border-brand-700 bg-brand-50' : 'border-slate-300 bg-white',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-cadence`}
                    value={cadence}
                    checked={value.cadence === cadence}
                    onChange={() => onChange({ ...value, cadence })}
                    className="h-4 w-4 accent-brand-700"
                  />
                  {t(`bookingScreens.series.cadences.${cadence}`)}
                </label>
              ))}
            </div>
          </fieldset>
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
