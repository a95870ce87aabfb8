import { type BookingRules, DEFAULT_BOOKING_RULES, offeredSlots, rulesReach } from '@app/shared/calendar-rules';
import { DEFAULT_SESSION_MINUTES } from '@app/shared/constants';
import {
  addDays,
  bookingWindow,
  type DayRule,
  generateSlots,
  type Interval,
  startOfZonedDate,
  type TimeRange,
  zonedDate,
} from '@app/shared/slots';
import { isValidTimeZone } from '@app/shared/time-zones';
import { and, asc, gte, inArray, lte } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  availabilityCategorySettings,
  availabilityDateOverrides,
  availabilitySettings,
  availabilityWeeklyDays,
  bookings,
} from '../../db/schema/index.ts';
import { independentReads } from '../../platform/prepared.ts';
import { loadBlockedTime } from './blocked-time.ts';
import { bookingRuleColumns, bookingRulesOf, busyWhere, overrideRules, weeklyRules } from './calendar-data.ts';

/** Searched a fortnight at a time, so a provider with a free slot tomorrow costs one step. */
const STEP_DAYS = 14;
const DAY_MS = 24 * 3600_000;

export interface CalendarOwner {
  providerId: string;
  timezone: string;
}

interface CalendarRules {
  weekly: Map<number, DayRule>;
  overrides: Map<string, DayRule>;
}

/**
 * The first free slot from now of each provider (across their calendars, inside the public
 * booking window), for a whole page of providers with four queries: settings, weekly patterns,
 * specific dates, busy time and blocked time, all `provider_id = ANY(...)`, busy time by the one
 * predicate (busyWhere), blocked time from its one place (blocked-time.ts). The slots then come
 * from the same engine as the calendar's own reads: weeklyRules/overrideRules, generateSlots and
 * the booking rules' offeredSlots.
 */
export async function nextFreeSlots(db: Tx, owners: CalendarOwner[], now: Date): Promise<Map<string, Date | null>> {
  const upcoming = await upcomingFreeSlots(db, owners, now, 1);
  return new Map([...upcoming].map(([providerId, starts]) => [providerId, starts[0] ?? null]));
}

/**
 * Like nextFreeSlots, but the first `limit` free slot starts of each provider, earliest first
 * (across their calendars; a start offered by two calendars counts once).
 */
export async function upcomingFreeSlots(
  db: Tx,
  owners: CalendarOwner[],
  now: Date,
  limit: number,
): Promise<Map<string, Date[]>> {
  if (owners.length === 0) return new Map();
  const nowMs = now.getTime();
  const lastEndMs = Math.max(...owners.map((owner) => bookingWindow(nowMs, zoneOf(owner)).endMs));
  const calendars = await loadCalendars(
    db,
    owners.map((owner) => owner.providerId),
    now,
    lastEndMs,
  );
  return freeSlotsOf(calendars, owners, now, limit);
}

/** A provider's zone for their calendar: their own when it is a real zone, else UTC. */
const zoneOf = (owner: CalendarOwner) => (isValidTimeZone(owner.timezone) ? owner.timezone : 'UTC');

type SettingsRow = { providerId: string; setupType: 'GENERAL' | 'BY_CATEGORY'; sessionMinutes: number } & {
  [K in keyof BookingRules]: BookingRules[K] | null;
};

/** The rows the next free slots are computed from, for some providers (each row names its provider). */
export interface CalendarRows {
  settings: SettingsRow[];
  categorySettings: { providerId: string; categoryId: string; sessionMinutes: number }[];
  weekly: {
    providerId: string;
    categoryId: string | null;
    dayOfWeek: number;
    isAvailable: boolean;
    intervals: TimeRange[];
  }[];
  overrides: {
    providerId: string;
    categoryId: string | null;
    date: string;
    isAvailable: boolean;
    intervals: TimeRange[];
  }[];
  busy: { providerId: string; startsAt: Date | null; endsAt: Date | null }[];
  /** Each provider's blocked time (blocked-time.ts), sorted by start. */
  blockedOf: Map<string, Interval[]>;
}

/** The dates whose overrides a search up to `lastEndMs` may read (a day either side, for any zone). */
export function overrideDates(now: Date, lastEndMs: number): { firstDate: string; lastDate: string } {
  return {
    firstDate: addDays(zonedDate(now.getTime(), 'UTC'), -1),
    lastDate: addDays(zonedDate(lastEndMs, 'UTC'), 1),
  };
}

/**
 * Busy and blocked time as far as any rule looks for a search up to `lastEndMs`: the whole ISO
 * weeks of the caps in any zone (a day either side of the UTC weeks) and past the longest buffers.
 */
export function rulesReachOf(now: Date, lastEndMs: number): Interval {
  const weeks = rulesReach(now.getTime(), lastEndMs, 'UTC', DEFAULT_BOOKING_RULES);
  return { startMs: weeks.startMs - DAY_MS, endMs: weeks.endMs + DAY_MS };
}

/**
 * The latest end of a booking window in any zone: today is latest in UTC+14, and a day ends
 * latest in UTC−12. Reading the rules up to there serves a provider whatever their zone.
 */
export function latestWindowEndMs(nowMs: number): number {
  const { to } = bookingWindow(nowMs, 'Etc/GMT-14');
  return startOfZonedDate(addDays(to, 1), 'Etc/GMT+12');
}

/**
 * The providers' calendar rows up to `lastEndMs`: settings, weekly patterns, specific dates, busy
 * time and blocked time, all `provider_id = ANY(...)`.
 */
async function loadCalendars(db: Tx, ids: string[], now: Date, lastEndMs: number): Promise<CalendarRows> {
  const { firstDate, lastDate } = overrideDates(now, lastEndMs);
  const reach = rulesReachOf(now, lastEndMs);
  const [settings, categorySettings, weekly, overrides, busy, blockedOf] = await independentReads(db, [
    () =>
      db
        .select({
          providerId: availabilitySettings.providerId,
          setupType: availabilitySettings.setupType,
          sessionMinutes: availabilitySettings.sessionMinutes,
          ...bookingRuleColumns(),
        })
        .from(availabilitySettings)
        .where(inArray(availabilitySettings.providerId, ids)),
    () =>
      db
        .select({
          providerId: availabilityCategorySettings.providerId,
          categoryId: availabilityCategorySettings.categoryId,
          sessionMinutes: availabilityCategorySettings.sessionMinutes,
        })
        .from(availabilityCategorySettings)
        .where(inArray(availabilityCategorySettings.providerId, ids)),
    () =>
      db
        .select({
          providerId: availabilityWeeklyDays.providerId,
          categoryId: availabilityWeeklyDays.categoryId,
          dayOfWeek: availabilityWeeklyDays.dayOfWeek,
          isAvailable: availabilityWeeklyDays.isAvailable,
          intervals: availabilityWeeklyDays.intervals,
        })
        .from(availabilityWeeklyDays)
        .where(inArray(availabilityWeeklyDays.providerId, ids)),
    () =>
      db
        .select({
          providerId: availabilityDateOverrides.providerId,
          categoryId: availabilityDateOverrides.categoryId,
          date: availabilityDateOverrides.date,
          isAvailable: availabilityDateOverrides.isAvailable,
          intervals: availabilityDateOverrides.intervals,
        })
        .from(availabilityDateOverrides)
        .where(
          and(
            inArray(availabilityDateOverrides.providerId, ids),
            gte(availabilityDateOverrides.date, firstDate),
            lte(availabilityDateOverrides.date, lastDate),
          ),
        ),
    () =>
      db
        .select({ providerId: bookings.providerId, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
        .from(bookings)
        .where(
          busyWhere({
            provider: inArray(bookings.providerId, ids),
            from: new Date(reach.startMs).toISOString(),
            to: new Date(reach.endMs).toISOString(),
            now: now.toISOString(),
          }),
        )
        .orderBy(asc(bookings.startsAt)),
    () => loadBlockedTime(db, ids, reach),
  ]);
  return { settings, categorySettings, weekly, overrides, busy, blockedOf };
}

/** The first `limit` free slot starts of each owner, earliest first, from their calendar rows. */
export function freeSlotsOf(
  { settings, categorySettings, weekly, overrides, busy, blockedOf }: CalendarRows,
  owners: CalendarOwner[],
  now: Date,
  limit: number,
): Map<string, Date[]> {
  const result = new Map<string, Date[]>();
  const nowMs = now.getTime();
  const windows = new Map(
    owners.map((owner) => {
      const zone = zoneOf(owner);
      return [owner.providerId, { zone, window: bookingWindow(nowMs, zone) }];
    }),
  );
  const key = (providerId: string, categoryId: string | null) => `${providerId}|${categoryId ?? ''}`;
  const weeklyOf = groupBy(weekly, (row) => key(row.providerId, row.categoryId));
  const overridesOf = groupBy(overrides, (row) => key(row.providerId, row.categoryId));
  const calendars = new Map<string, CalendarRules>(
    [...new Set([...weeklyOf.keys(), ...overridesOf.keys()])].map((calendar) => [
      calendar,
      { weekly: weeklyRules(weeklyOf.get(calendar) ?? []), overrides: overrideRules(overridesOf.get(calendar) ?? []) },
    ]),
  );
  const settingsOf = new Map(settings.map((row) => [row.providerId, row]));
  const categoryMinutes = new Map(
    categorySettings.map((row) => [key(row.providerId, row.categoryId), row.sessionMinutes]),
  );
  const busyOf = new Map<string, Interval[]>();
  for (const row of busy) {
    if (!row.startsAt || !row.endsAt) continue;
    const list = busyOf.get(row.providerId) ?? [];
    list.push({ startMs: row.startsAt.getTime(), endMs: row.endsAt.getTime() });
    busyOf.set(row.providerId, list);
  }

  for (const owner of owners) {
    const { zone, window } = windows.get(owner.providerId) as { zone: string; window: { endMs: number } };
    const setting = settingsOf.get(owner.providerId);
    const rules = bookingRulesOf(setting);
    const setupType = setting?.setupType ?? 'GENERAL';
    const general = setting?.sessionMinutes ?? DEFAULT_SESSION_MINUTES;
    const categories =
      setupType === 'GENERAL'
        ? [null]
        : [
            ...new Set(
              [...calendars.keys()]
                .filter((k) => k.startsWith(`${owner.providerId}|`))
                .map((k) => k.slice(owner.providerId.length + 1))
                .filter(Boolean),
            ),
          ];
    const starts = new Set<number>();
    for (const categoryId of categories) {
      const calendar = calendars.get(key(owner.providerId, categoryId));
      if (!calendar) continue;
      const sessionMinutes = categoryId ? (categoryMinutes.get(key(owner.providerId, categoryId)) ?? general) : general;
      const found = firstFree({
        zone,
        sessionMinutes,
        calendar,
        rules,
        busy: busyOf.get(owner.providerId) ?? [],
        blocked: blockedOf.get(owner.providerId) ?? [],
        now,
        endMs: window.endMs,
        limit,
      });
      for (const start of found) starts.add(start);
    }
    const earliest = [...starts].sort((a, b) => a - b).slice(0, limit);
    result.set(
      owner.providerId,
      earliest.map((start) => new Date(start)),
    );
  }
  return result;
}

/** The first `limit` free slots of one calendar in (now, endMs): the slot engine, a fortnight at a time. */
function firstFree(input: {
  zone: string;
  sessionMinutes: number;
  calendar: CalendarRules;
  rules: BookingRules;
  busy: Interval[];
  blocked: Interval[];
  now: Date;
  endMs: number;
  limit: number;
}): number[] {
  const { zone, now, limit } = input;
  const stepMs = STEP_DAYS * 24 * 3600_000;
  const ruleInput = { zone, rules: input.rules, nowMs: now.getTime(), busy: input.busy, blocked: input.blocked };
  const found: number[] = [];
  for (let fromMs = now.getTime() + 1; fromMs < input.endMs && found.length < limit; fromMs += stepMs) {
    const slots = generateSlots({
      zone,
      sessionMinutes: input.sessionMinutes,
      fromMs,
      toMs: Math.min(input.endMs, fromMs + stepMs),
      weekly: input.calendar.weekly,
      overrides: input.calendar.overrides,
    });
    for (const slot of offeredSlots(slots, ruleInput)) {
      if (found.length >= limit) break;
      found.push(slot.startMs);
    }
  }
  return found;
}

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(keyOf(row)) ?? [];
    list.push(row);
    groups.set(keyOf(row), list);
  }
  return groups;
}
