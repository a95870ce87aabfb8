import {
  offeredSlots,
  REFUSAL_ERROR,
  RULE_REFUSALS,
  type RuleInput,
  rulesReach,
  slotRefusals,
} from '@app/shared/calendar-rules';
import type {
  MonthSummary,
  ProviderMonth,
  ProviderTimeSlot,
  PublicTimeslots,
  TimeSlot,
} from '@app/shared/schemas/availability';
import {
  bookingWindow,
  dateInterval,
  datesOfMonth,
  dayRuleFor,
  generateSlots,
  type Interval,
  isoInstant,
  monthInterval,
  overlappingBusy,
  slotsForDate,
  toZoned,
  zonedDate,
} from '@app/shared/slots';
import { isValidTimeZone } from '@app/shared/time-zones';
import type { Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { hasDatabaseError } from '../../platform/db-errors.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { independentReads } from '../../platform/prepared.ts';
import { loadProviderBlockedTime } from './blocked-time.ts';
import {
  type BusyInterval,
  loadBusy,
  loadCalendar,
  loadOverrides,
  loadSlotCheck,
  loadWeekly,
  overrideRules,
  type ProviderCalendar,
  weeklyRules,
} from './calendar-data.ts';
import { encodeSlotId, slotOfProvider } from './slot-id.ts';

/** What the slot engine weighs for a window of one calendar (ruleInput turns it into its input). */
interface CalendarWindow {
  slots: Interval[];
  /** Sessions that hold time around the window (wide enough for the caps and buffers), sorted. */
  busy: BusyInterval[];
  /** Time the provider cannot be booked (blocked-time.ts), sorted. */
  blocked: Interval[];
}

/** The calendar's slots starting in a window and what decides which are offered: four queries at once. */
async function calendarSlots(
  db: Tx,
  calendar: ProviderCalendar,
  window: Interval,
  now: Date,
  /** Whose waitlist claims stay offered (a public read's viewer; null: nobody's); absent: claims are not read. */
  claimant?: string | null,
): Promise<CalendarWindow> {
  if (window.endMs <= window.startMs) return { slots: [], busy: [], blocked: [] };
  const zone = calendar.timezone;
  const range = { from: zonedDate(window.startMs, zone), to: zonedDate(window.endMs - 1, zone) };
  const maxSessionMs = calendar.sessionMinutes * 60_000;
  const reach = rulesReach(window.startMs, window.endMs + maxSessionMs, zone, calendar.rules);
  const [weekly, overrides, busy, blocked] = await independentReads(db, [
    () => loadWeekly(db, calendar.providerId, calendar.categoryId),
    () => loadOverrides(db, calendar.providerId, calendar.categoryId, range),
    () => loadBusy(db, { providerId: calendar.providerId, fromMs: reach.startMs, toMs: reach.endMs, now, claimant }),
    () => loadProviderBlockedTime(db, calendar.providerId, reach),
  ]);
  const slots = generateSlots({
    zone,
    sessionMinutes: calendar.sessionMinutes,
    fromMs: window.startMs,
    toMs: window.endMs,
    weekly: weeklyRules(weekly),
    overrides: overrideRules(overrides),
  });
  return { slots, busy, blocked };
}

function ruleInput(calendar: ProviderCalendar, data: CalendarWindow, now: Date): RuleInput {
  return {
    zone: calendar.timezone,
    rules: calendar.rules,
    nowMs: now.getTime(),
    busy: data.busy,
    blocked: data.blocked,
  };
}

function toTimeSlot(secret: string, calendar: ProviderCalendar, slot: Interval, zone: string): TimeSlot {
  const start = toZoned(slot.startMs, zone);
  return {
    identifier: encodeSlotId(secret, {
      providerId: calendar.providerId,
      categoryId: calendar.categoryId,
      startMs: slot.startMs,
      durationMinutes: calendar.sessionMinutes,
      revision: calendar.revision,
    }),
    startTime: start.time,
    endTime: toZoned(slot.endMs, zone).time,
    startAt: isoInstant(slot.startMs),
    endAt: isoInstant(slot.endMs),
  };
}

function intersect(a: Interval, b: Interval): Interval {
  return { startMs: Math.max(a.startMs, b.startMs), endMs: Math.min(a.endMs, b.endMs) };
}

export interface PublicSlotsOptions {
  secret: string;
  providerId: string;
  category?: string;
  /** The caller's zone from ?timezone= or X-Timezone (already validated). */
  timezone?: string;
  /** The signed-in caller, whose own zone applies when no zone was given. */
  viewerId?: string | null;
  now: Date;
}

/** What the slot reads use: the database, the clock, and the secret that signs slot identifiers. */
export type SlotDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** The caller's part of a public slot read (the services add the secret and the time). */
export type PublicSlotsInput = Omit<PublicSlotsOptions, 'secret' | 'now'>;

function slotContext(deps: SlotDeps) {
  return { secret: deps.config.APP_SECRET, now: deps.clock.now() };
}

async function publicCalendar(db: Tx, options: PublicSlotsOptions) {
  const calendar = await loadCalendar(db, {
    providerId: options.providerId,
    category: options.category,
    viewerId: options.viewerId,
  });
  if (!calendar.isPublic) throw new AppError('NOT_FOUND');
  const viewerZone =
    calendar.viewerTimezone && isValidTimeZone(calendar.viewerTimezone) ? calendar.viewerTimezone : null;
  const zone = options.timezone ?? viewerZone ?? calendar.timezone;
  return { calendar, zone, window: bookingWindow(options.now.getTime(), zone) };
}

/**
 * The free slots of one date in the caller's zone. A date outside the bookable window (today …
 * end of the month two months ahead, in the caller's zone) answers an empty day.
 */
export async function publicDateSlots(
  deps: SlotDeps,
  input: PublicSlotsInput & { date: string },
): Promise<PublicTimeslots> {
  const { db } = deps;
  const options = { ...input, ...slotContext(deps) };
  const { calendar, zone, window } = await publicCalendar(db, options);
  const data = await calendarSlots(
    db,
    calendar,
    intersect(dateInterval(options.date, zone), window),
    options.now,
    options.viewerId ?? null,
  );
  const free = offeredSlots(data.slots, ruleInput(calendar, data, options.now)).map((slot) =>
    toTimeSlot(options.secret, calendar, slot, zone),
  );
  return {
    providerIdentifier: calendar.providerId,
    categoryIdentifier: calendar.categoryId,
    timezone: zone,
    providerTimezone: calendar.timezone,
    sessionMinutes: calendar.sessionMinutes,
    days: [{ date: options.date, isAvailable: free.length > 0, timeSlot: free }],
  };
}

/** Which days of a month (caller's zone) have free slots; months outside the window have none. */
export async function publicMonthSummary(
  deps: SlotDeps,
  input: PublicSlotsInput & { month: string },
): Promise<MonthSummary> {
  const { db } = deps;
  const options = { ...input, ...slotContext(deps) };
  const { calendar, zone, window } = await publicCalendar(db, options);
  const data = await calendarSlots(
    db,
    calendar,
    intersect(monthInterval(options.month, zone), window),
    options.now,
    options.viewerId ?? null,
  );
  const counts = new Map<string, number>();
  for (const slot of offeredSlots(data.slots, ruleInput(calendar, data, options.now))) {
    const date = zonedDate(slot.startMs, zone);
    counts.set(date, (counts.get(date) ?? 0) + 1);
  }
  return {
    providerIdentifier: calendar.providerId,
    categoryIdentifier: calendar.categoryId,
    month: options.month,
    timezone: zone,
    from: window.from,
    to: window.to,
    days: [...counts].map(([date, slotCount]) => ({ date, slotCount })),
  };
}

/** The provider's own month (provider's zone): every slot of every date, flagged past, booked or held. */
export async function providerMonth(
  deps: SlotDeps,
  input: { actor: Actor; month: string; category?: string },
): Promise<ProviderMonth> {
  const { db } = deps;
  const options = { ...input, ...slotContext(deps) };
  if (options.actor.role !== 'provider') throw new AppError('FORBIDDEN');
  const calendar = await loadCalendar(db, { providerId: options.actor.userId, category: options.category });
  const zone = calendar.timezone;
  const data = await calendarSlots(db, calendar, monthInterval(options.month, zone), options.now);
  const { slots, busy } = data;
  const taken = overlappingBusy(slots, busy);
  const refusals = slotRefusals(slots, ruleInput(calendar, data, options.now));
  const nowMs = options.now.getTime();
  const byDate = new Map<string, ProviderTimeSlot[]>();
  const bookedSlots: ProviderMonth['bookedSlots'] = [];
  slots.forEach((slot, index) => {
    // A slot a rule withholds (notice, horizon, time off, buffers, caps) is not the provider's to
    // offer either: it leaves the month like it leaves the public page.
    const refusal = refusals[index] ?? null;
    if (refusal && RULE_REFUSALS.has(refusal)) return;
    const busyIndex = taken[index] ?? -1;
    const booking = busyIndex >= 0 ? busy[busyIndex] : undefined;
    const timeSlot: ProviderTimeSlot = {
      ...toTimeSlot(options.secret, calendar, slot, zone),
      isPast: slot.startMs <= nowMs,
      isBooked: booking?.status === 'confirmed',
      isHeld: booking?.status === 'pending',
      bookingIdentifier: booking?.bookingId ?? null,
    };
    const date = zonedDate(slot.startMs, zone);
    if (booking) bookedSlots.push({ date, timeslotIdentifier: timeSlot.identifier });
    const list = byDate.get(date) ?? [];
    list.push(timeSlot);
    byDate.set(date, list);
  });
  return {
    month: options.month,
    timezone: zone,
    setupType: calendar.setupType,
    sessionMinutes: calendar.sessionMinutes,
    categoryIdentifier: calendar.categoryId,
    days: datesOfMonth(options.month).map((date) => {
      const timeSlot = byDate.get(date) ?? [];
      return { date, isAvailable: timeSlot.length > 0, timeSlot };
    }),
    bookedSlots,
  };
}

/**
 * For the waitlist: the slots of a listed provider's calendar starting in [fromMs, toMs) that
 * anyone could book now (the booking rules, busy and blocked time, and every waitlist claim
 * applied), sorted by start. An unlisted provider has none.
 */
export async function freeSlotsBetween(
  db: Tx,
  input: { providerId: string; categoryId: string | null; fromMs: number; toMs: number; now: Date },
): Promise<Interval[]> {
  const calendar = await loadCalendar(db, { providerId: input.providerId, category: input.categoryId });
  if (!calendar.isPublic) return [];
  const window = intersect(
    { startMs: input.fromMs, endMs: input.toMs },
    bookingWindow(input.now.getTime(), calendar.timezone),
  );
  const data = await calendarSlots(db, calendar, window, input.now, null);
  return offeredSlots(data.slots, ruleInput(calendar, data, input.now));
}

export interface BookableSlot {
  providerId: string;
  /** The calendar the slot belongs to (null: the general calendar). */
  categoryId: string | null;
  startsAt: Date;
  endsAt: Date;
  sessionMinutes: number;
  providerTimezone: string;
}

/**
 * For the bookings module: checks a timeslotIdentifier before a booking takes it. The identifier
 * must be signed by us and name this provider and calendar (else 400 on timeslotIdentifier); the
 * provider must be public (else 404); the slot must still be one of the provider's current slots,
 * in the future, inside the booking window and free (else 409 SLOT_UNAVAILABLE). Call it inside
 * the booking's transaction; the bookings_no_overlap constraint still guards the insert against
 * a race (see isSlotConflictError).
 */
export async function resolveBookableSlot(
  db: Tx,
  options: {
    providerId: string;
    slotId: string;
    now: Date;
    categoryId?: string | null;
    /** deps.config.APP_SECRET. */
    secret: string;
    /** A booking being rescheduled does not block its own new slot. */
    ignoreBookingId?: string;
    /** The caller's zone for the window's end (default the provider's). */
    timezone?: string;
    /**
     * What a future slot that another booking holds answers (default SLOT_UNAVAILABLE); booking
     * a slot asks for SLOT_TAKEN, whatever else keeps it from being offered.
     */
    whenBusy?: 'SLOT_TAKEN' | 'SLOT_UNAVAILABLE';
  },
): Promise<BookableSlot> {
  const invalid = () => fieldError('timeslotIdentifier', 'availability.slotInvalid');
  const ref = slotOfProvider(options.secret, options.slotId, options.providerId);
  const slot = { startMs: ref.startMs, endMs: ref.endMs };
  // One round trip (it runs inside booking transactions): the calendar, its days around the slot, busy or not.
  const { calendar, weekly, overrides, busy } = await loadSlotCheck(db, {
    providerId: options.providerId,
    category: options.categoryId ?? ref.categoryId,
    categoryField: 'therapyIdentifier',
    fromMs: slot.startMs,
    toMs: slot.endMs,
    now: options.now,
    ignoreBookingId: options.ignoreBookingId,
  });
  if (!calendar.isPublic) throw new AppError('NOT_FOUND');
  if (calendar.categoryId !== ref.categoryId) throw invalid();

  const nowMs = options.now.getTime();
  const unavailable = () =>
    new AppError(busy && slot.startMs > nowMs ? (options.whenBusy ?? 'SLOT_UNAVAILABLE') : 'SLOT_UNAVAILABLE');
  if (ref.durationMinutes !== calendar.sessionMinutes || slot.startMs <= nowMs) throw unavailable();
  const zone = options.timezone && isValidTimeZone(options.timezone) ? options.timezone : calendar.timezone;
  if (slot.startMs >= bookingWindow(nowMs, zone).endMs) throw unavailable();

  const date = zonedDate(slot.startMs, calendar.timezone);
  const rule = dayRuleFor(date, weeklyRules(weekly), overrideRules(overrides));
  const current = rule?.isAvailable
    ? slotsForDate(date, rule.intervals, calendar.timezone, calendar.sessionMinutes)
    : [];
  if (!current.some((candidate) => candidate.startMs === slot.startMs && candidate.endMs === slot.endMs)) {
    throw unavailable();
  }
  if (busy) throw unavailable();
  // The booking rules, by the same engine and the same busy and blocked time as the listing: a
  // slot listed before a rule changed, or never listed, is refused with the rule's own error.
  const rules = calendar.rules;
  const reach = rulesReach(slot.startMs, slot.endMs, calendar.timezone, rules);
  const needsBusy =
    rules.dailyMax !== null || rules.weeklyMax !== null || rules.bufferBeforeMinutes + rules.bufferAfterMinutes > 0;
  const around = needsBusy
    ? await loadBusy(db, {
        providerId: calendar.providerId,
        fromMs: reach.startMs,
        toMs: reach.endMs,
        now: options.now,
        ignoreBookingId: options.ignoreBookingId,
      })
    : [];
  const blocked = await loadProviderBlockedTime(db, calendar.providerId, reach);
  const [refusal] = slotRefusals([slot], { zone: calendar.timezone, rules, nowMs, busy: around, blocked });
  if (refusal && refusal !== 'past' && refusal !== 'busy') throw new AppError(REFUSAL_ERROR[refusal]);
  if (refusal) throw unavailable();
  return {
    providerId: calendar.providerId,
    categoryId: calendar.categoryId,
    startsAt: new Date(slot.startMs),
    endsAt: new Date(slot.endMs),
    sessionMinutes: calendar.sessionMinutes,
    providerTimezone: calendar.timezone,
  };
}

/** True when a database error is the bookings_no_overlap exclusion (a slot taken in a race). */
export function isSlotConflictError(error: unknown): boolean {
  return hasDatabaseError(
    error,
    ({ code, constraint }) => code === '23P01' && (constraint === undefined || constraint === 'bookings_no_overlap'),
  );
}
