import { DateTime } from 'luxon';
import { isValidTimeZone } from './time-zones.ts';

/**
 * The calendar day around `now` on the wall clocks of `zone` (an unknown zone counts as UTC), as
 * the instants it starts and ends at: "today's sessions" of a person are those of their own day.
 */
export function dayBounds(now: Date, zone: string): { start: Date; end: Date } {
  const local = DateTime.fromJSDate(now, { zone: isValidTimeZone(zone) ? zone : 'UTC' });
  return { start: local.startOf('day').toJSDate(), end: local.plus({ days: 1 }).startOf('day').toJSDate() };
}
