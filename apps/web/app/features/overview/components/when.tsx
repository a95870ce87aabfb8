import { useTranslation } from 'react-i18next';
import { dateInZone } from '#app/lib/dates';
import { longDateOf, timeRangeOf } from '#app/lib/format';

/** Whole calendar days from today to the instant's day, both on the zone's wall clocks. */
export function daysUntil(instant: string, zone: string, now: number): number {
  const day = (date: string) => Date.parse(`${date}T00:00:00Z`);
  return Math.round((day(dateInZone(instant, zone)) - day(dateInZone(now, zone))) / 86_400_000);
}

/** "today", "tomorrow", "in 3 days" (heute, morgen, in 3 Tagen) in the reader's language. */
export function relativeDay(instant: string, zone: string, now: number, language: string): string {
  return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(daysUntil(instant, zone, now), 'day');
}

/** A session's day and time in the reader's zone, with how far away it is. */
export function SessionWhen({
  startAt,
  endAt,
  zone,
  now,
}: {
  startAt: string;
  endAt: string | null;
  zone: string;
  now: number;
}) {
  const { i18n } = useTranslation();
  return (
    <p className="text-slate-800">
      <span className="font-semibold" data-testid="session-relative">
        {relativeDay(startAt, zone, now, i18n.language)}
      </span>
      {' · '}
      <span data-testid="session-date">{longDateOf(startAt, zone, i18n.language)}</span>
      {' · '}
      <span className="tabular-nums" data-testid="session-time">
        {timeRangeOf(startAt, endAt, zone, i18n.language)}
      </span>
    </p>
  );
}
