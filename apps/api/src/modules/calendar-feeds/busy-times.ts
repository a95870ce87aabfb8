import type { Interval } from '@app/shared/slots';
import { zonedInstant } from '@app/shared/slots';
import { isValidTimeZone } from '@app/shared/time-zones';
import ICAL from 'ical.js';
import { CalendarFetchError } from './safe-fetch.ts';

/** Busy times kept per calendar: a bound on rows and on the work of one expansion. */
export const MAX_BUSY_PER_CALENDAR = 5000;
/** Recurrence steps one calendar may take in total (a daily event from 2005 is ~7,500). */
const MAX_RECURRENCE_STEPS = 100_000;

type IcalTime = InstanceType<typeof ICAL.Time>;
type IcalEvent = InstanceType<typeof ICAL.Event>;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The instant of an iCalendar time: its own VTIMEZONE (or UTC) when the file has one; else its
 * TZID as an IANA zone (what Google and Apple write); else (floating times, all-day dates) the
 * provider's zone, as their calendar app would show it.
 */
function instantOf(time: IcalTime, tzid: string | null, fallbackZone: string): number {
  const date = `${time.year}-${pad(time.month)}-${pad(time.day)}`;
  if (time.isDate) return zonedInstant(date, 0, fallbackZone, 'earlier');
  const zone = time.zone;
  const floating = !zone || zone === ICAL.Timezone.localTimezone || zone.tzid === 'floating';
  if (!floating) return time.toUnixTime() * 1000;
  const wallZone = tzid && isValidTimeZone(tzid) ? tzid : fallbackZone;
  return zonedInstant(date, time.hour * 60 + time.minute, wallZone, 'earlier') + time.second * 1000;
}

function tzidOf(event: IcalEvent, property: 'dtstart' | 'dtend'): string | null {
  const value = event.component.getFirstProperty(property)?.getParameter('tzid');
  return typeof value === 'string' ? value : null;
}

/** Free time in the other calendar: cancelled entries and ones marked "show as free" (TRANSP:TRANSPARENT). */
function blocksTime(event: IcalEvent): boolean {
  const status = String(event.component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transparency = String(event.component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  return status !== 'CANCELLED' && transparency !== 'TRANSPARENT';
}

function nextDay(date: IcalTime, zone: string): number {
  const next = date.clone();
  next.day += 1;
  return instantOf(next, null, zone);
}

function occurrence(item: IcalEvent, start: IcalTime, end: IcalTime | null, zone: string): Interval | null {
  const startMs = instantOf(start, tzidOf(item, 'dtstart'), zone);
  // No end: an all-day entry lasts its day; a timed one without a duration holds no time.
  const endMs = end
    ? instantOf(end, tzidOf(item, 'dtend') ?? tzidOf(item, 'dtstart'), zone)
    : start.isDate
      ? nextDay(start, zone)
      : startMs;
  return endMs > startMs ? { startMs, endMs } : null;
}

/** Overlapping or touching intervals as one (fewer rows, same slots blocked). */
function merge(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.startMs - b.startMs);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.startMs <= last.endMs) last.endMs = Math.max(last.endMs, interval.endMs);
    else merged.push({ ...interval });
  }
  return merged;
}

/**
 * The busy times of an iCalendar file inside [fromMs, toMs): single events, recurring events
 * expanded by ical.js (RRULE, RDATE, EXDATE) with their changed or cancelled occurrences
 * (RECURRENCE-ID exceptions) applied. Throws CalendarFetchError('notCalendar') for anything that
 * is not a VCALENDAR.
 */
export function busyTimesOf(text: string, window: { fromMs: number; toMs: number; zone: string }): Interval[] {
  let root: InstanceType<typeof ICAL.Component>;
  try {
    root = new ICAL.Component(ICAL.parse(text) as never);
  } catch {
    throw new CalendarFetchError('notCalendar');
  }
  if (root.name !== 'vcalendar') throw new CalendarFetchError('notCalendar');

  const masters = new Map<string, IcalEvent>();
  const singles: IcalEvent[] = [];
  const exceptions: IcalEvent[] = [];
  for (const component of root.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    if (!component.getFirstProperty('dtstart')) continue;
    if (component.hasProperty('recurrence-id')) exceptions.push(event);
    else if (event.uid && !masters.has(event.uid)) masters.set(event.uid, event);
    else singles.push(event);
  }
  for (const exception of exceptions) {
    const master = exception.uid ? masters.get(exception.uid) : undefined;
    if (master) master.relateException(exception);
    else singles.push(exception);
  }

  const busy: Interval[] = [];
  const keep = (interval: Interval | null) => {
    if (interval && interval.endMs > window.fromMs && interval.startMs < window.toMs) busy.push(interval);
  };
  let steps = 0;
  for (const event of [...masters.values(), ...singles]) {
    if (!event.isRecurring()) {
      if (blocksTime(event)) keep(occurrence(event, event.startDate, event.endDate ?? null, window.zone));
      continue;
    }
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      steps += 1;
      if (steps > MAX_RECURRENCE_STEPS || busy.length > MAX_BUSY_PER_CALENDAR * 2) break;
      const details = event.getOccurrenceDetails(next);
      const item = details.item ?? event;
      const interval = occurrence(item, details.startDate, details.endDate ?? null, window.zone);
      // Occurrences come in order of their original time; past the window nothing follows.
      if (
        instantOf(next, tzidOf(event, 'dtstart'), window.zone) >= window.toMs &&
        (!interval || interval.startMs >= window.toMs)
      ) {
        break;
      }
      if (blocksTime(item)) keep(interval);
    }
  }
  return merge(busy).slice(0, MAX_BUSY_PER_CALENDAR);
}
