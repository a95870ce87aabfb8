import { BOOKING_RULE_LIMITS, TIME_OFF_MAX_DAYS, TIME_OFF_NOTE_MAX } from '../calendar-rules.ts';
import {
  canonicalTimeZone,
  findOverlappingRange,
  isSessionMinutes,
  isValidIsoDate,
  isValidMonth,
  MAX_RANGES_PER_DAY,
  timeToMinutes,
} from '../slots.ts';
import { isValidTimeZone } from '../time-zones.ts';
import { messageKey, z } from '../zod.ts';

/** An optional uuid query parameter; an empty value (`?category=`) counts as absent. */
const optionalUuidQuery = z.preprocess((value) => (value === '' ? undefined : value), z.uuid().optional());

export const SetupTypeSchema = z.enum(['GENERAL', 'BY_CATEGORY']);
export type SetupType = z.infer<typeof SetupTypeSchema>;

export const SessionMinutesSchema = z
  .number()
  .int('availability.sessionMinutes')
  .refine(isSessionMinutes, 'availability.sessionMinutes');

export const IsoDateSchema = z.string().refine(isValidIsoDate, 'availability.invalidDate');
export const MonthSchema = z.string().refine(isValidMonth, 'availability.invalidMonth');
export const TimeZoneSchema = z
  .string()
  .refine(isValidTimeZone, 'availability.invalidTimezone')
  .transform((zone) => canonicalTimeZone(zone));

const StartTimeSchema = z.string().refine((value) => {
  const minutes = timeToMinutes(value);
  return minutes !== null && minutes < 24 * 60;
}, 'availability.invalidTime');
const EndTimeSchema = z.string().refine((value) => timeToMinutes(value) !== null, 'availability.invalidTime');

/** A wall-clock range in the provider's zone: HH:MM inside 00:00–24:00, end after start. */
export const TimeRangeSchema = z.object({ startTime: StartTimeSchema, endTime: EndTimeSchema }).refine(
  (range) => {
    const start = timeToMinutes(range.startTime);
    const end = timeToMinutes(range.endTime);
    // A malformed or "24:00" start is reported on startTime alone.
    return start === null || start >= 24 * 60 || end === null || end > start;
  },
  { message: 'availability.endAfterStart', path: ['endTime'] },
);

/** The ranges of one day: no two overlap (touching is fine). */
export const TimeRangesSchema = z
  .array(TimeRangeSchema)
  .max(MAX_RANGES_PER_DAY, messageKey('availability.tooManyRanges', { maximum: MAX_RANGES_PER_DAY }))
  .superRefine((ranges, ctx) => {
    const index = findOverlappingRange(ranges);
    if (index >= 0) ctx.addIssue({ code: 'custom', message: 'availability.overlap', path: [index] });
  });

export const TimeRangeOutSchema = z.object({ startTime: z.string(), endTime: z.string() });

// Booking rules -----------------------------------------------------------------------

/** A whole number inside a rule's limits; the message names them. */
function ruleNumber(key: string, limits: { min: number; max: number }) {
  const message = messageKey(key, limits);
  return z.number(message).int(message).min(limits.min, message).max(limits.max, message);
}

/** A provider's booking rules (defaults and limits: @app/shared/calendar-rules). The form validates with it too. */
export const BookingRulesSchema = z
  .object({
    minNoticeHours: ruleNumber('availability.minNoticeHours', BOOKING_RULE_LIMITS.minNoticeHours),
    horizonDays: ruleNumber('availability.horizonDays', BOOKING_RULE_LIMITS.horizonDays),
    bufferBeforeMinutes: ruleNumber('availability.bufferMinutes', BOOKING_RULE_LIMITS.bufferMinutes),
    bufferAfterMinutes: ruleNumber('availability.bufferMinutes', BOOKING_RULE_LIMITS.bufferMinutes),
    dailyMax: ruleNumber('availability.dailyMax', BOOKING_RULE_LIMITS.dailyMax).nullable(),
    weeklyMax: ruleNumber('availability.weeklyMax', BOOKING_RULE_LIMITS.weeklyMax).nullable(),
  })
  .refine((rules) => rules.dailyMax === null || rules.weeklyMax === null || rules.weeklyMax >= rules.dailyMax, {
    message: 'availability.weeklyBelowDaily',
    path: ['weeklyMax'],
  });
export type BookingRulesInput = z.infer<typeof BookingRulesSchema>;

// Settings ------------------------------------------------------------------------------

export const AvailabilitySettingsSchema = z.object({
  setupType: SetupTypeSchema,
  sessionMinutes: z.number().int(),
  sessionMinutesOptions: z.array(z.number().int()),
  /** The provider's IANA zone: every HH:MM of the calendar is wall-clock time there. */
  timezone: z.string(),
  /** Session lengths of category calendars (used with BY_CATEGORY). */
  categories: z.array(z.object({ categoryIdentifier: z.uuid(), sessionMinutes: z.number().int() })),
  /** The booking rules every calendar of the provider follows. */
  bookingRules: z.object({
    minNoticeHours: z.number().int(),
    horizonDays: z.number().int(),
    bufferBeforeMinutes: z.number().int(),
    bufferAfterMinutes: z.number().int(),
    dailyMax: z.number().int().nullable(),
    weeklyMax: z.number().int().nullable(),
  }),
});
export type AvailabilitySettings = z.infer<typeof AvailabilitySettingsSchema>;

export const UpdateAvailabilitySettingsSchema = z.object({
  setupType: SetupTypeSchema.optional(),
  sessionMinutes: SessionMinutesSchema.optional(),
  /** All the rules at once (the form sends them together). */
  bookingRules: BookingRulesSchema.optional(),
});
export type UpdateAvailabilitySettings = z.infer<typeof UpdateAvailabilitySettingsSchema>;

/** The settings as one calendar (a category's, or the general one) sees them. */
export const CategoryAvailabilitySettingSchema = z.object({
  setupType: SetupTypeSchema,
  sessionMinutes: z.number().int(),
  categoryIdentifier: z.uuid().nullable(),
  timezone: z.string(),
});
export type CategoryAvailabilitySetting = z.infer<typeof CategoryAvailabilitySettingSchema>;

export const CategoryQuerySchema = z.object({ category: optionalUuidQuery });

// Time off ------------------------------------------------------------------------------

/**
 * A range of time off, as wall-clock dates and times in the provider's zone: from the start
 * (inclusive) to the end (exclusive), end after start, at most TIME_OFF_MAX_DAYS long.
 */
export const TimeOffInputSchema = z
  .object({
    startDate: IsoDateSchema,
    startTime: StartTimeSchema,
    endDate: IsoDateSchema,
    endTime: EndTimeSchema,
    note: z.string().trim().max(TIME_OFF_NOTE_MAX).nullish(),
  })
  .refine(
    (range) =>
      !isValidIsoDate(range.startDate) ||
      !isValidIsoDate(range.endDate) ||
      timeToMinutes(range.startTime) === null ||
      timeToMinutes(range.endTime) === null ||
      `${range.endDate} ${range.endTime}` > `${range.startDate} ${range.startTime}`,
    { message: 'availability.timeOffEndAfterStart', path: ['endDate'] },
  )
  .refine(
    (range) =>
      !isValidIsoDate(range.startDate) ||
      !isValidIsoDate(range.endDate) ||
      Date.parse(range.endDate) - Date.parse(range.startDate) <= TIME_OFF_MAX_DAYS * 86_400_000,
    { message: messageKey('availability.timeOffTooLong', { maximum: TIME_OFF_MAX_DAYS }), path: ['endDate'] },
  );
export type TimeOffInput = z.infer<typeof TimeOffInputSchema>;

/** A session already booked inside a time off range: the provider moves or cancels it. */
export const TimeOffSessionSchema = z.object({
  bookingIdentifier: z.uuid(),
  startAt: z.string(),
  endAt: z.string(),
  status: z.enum(['pending', 'confirmed']),
  clientName: z.string().nullable(),
});
export type TimeOffSession = z.infer<typeof TimeOffSessionSchema>;

export const TimeOffSchema = z.object({
  identifier: z.uuid(),
  /** Wall-clock in the provider's zone (timezone). */
  startDate: z.string(),
  startTime: z.string(),
  endDate: z.string(),
  endTime: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  note: z.string().nullable(),
  sessions: z.array(TimeOffSessionSchema),
});
export type TimeOff = z.infer<typeof TimeOffSchema>;

export const TimeOffListSchema = z.object({ timezone: z.string(), timeOff: z.array(TimeOffSchema) });
export type TimeOffList = z.infer<typeof TimeOffListSchema>;

// Weekly pattern ------------------------------------------------------------------------

export const DayOfWeekSchema = z.number().int().min(1).max(7);

export const WeeklyDaySchema = z.object({
  identifier: z.uuid().nullable(),
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  dayOfWeek: z.number().int(),
  isAvailable: z.boolean(),
  timeslotIntervals: z.array(TimeRangeOutSchema),
  categoryIdentifier: z.uuid().nullable(),
});
export type WeeklyDay = z.infer<typeof WeeklyDaySchema>;

export const WeeklyDayInputSchema = z.object({
  dayOfWeek: DayOfWeekSchema,
  isAvailable: z.boolean(),
  timeslotIntervals: TimeRangesSchema.optional(),
});

export const RecurringDaysInputSchema = z.object({
  categoryIdentifier: z.uuid().nullish(),
  days: z
    .array(WeeklyDayInputSchema)
    .min(1)
    .max(7)
    .superRefine((days, ctx) => {
      const seen = new Set<number>();
      days.forEach((day, index) => {
        if (seen.has(day.dayOfWeek)) {
          ctx.addIssue({ code: 'custom', message: 'availability.duplicateDay', path: [index, 'dayOfWeek'] });
        }
        seen.add(day.dayOfWeek);
      });
    }),
});
export type RecurringDaysInput = z.infer<typeof RecurringDaysInputSchema>;

// Specific dates ------------------------------------------------------------------------

export const CalendarDaySchema = z.object({
  identifier: z.uuid(),
  date: z.string(),
  isAvailable: z.boolean(),
  timeslotIntervals: z.array(TimeRangeOutSchema),
  categoryIdentifier: z.uuid().nullable(),
});
export type CalendarDay = z.infer<typeof CalendarDaySchema>;

/** The calendar save (SPEC.md §7): identifier (to edit one), date, isAvailable, timeSlotsInterval, categoryIdentifier. */
export const CustomDayInputSchema = z.object({
  identifier: z.uuid().nullish(),
  date: IsoDateSchema,
  isAvailable: z.boolean(),
  timeSlotsInterval: TimeRangesSchema.optional(),
  categoryIdentifier: z.uuid().nullish(),
});
export type CustomDayInput = z.infer<typeof CustomDayInputSchema>;

export const CustomDaysQuerySchema = z.object({
  category: optionalUuidQuery,
  month: z.preprocess((value) => (value === '' ? undefined : value), MonthSchema.optional()),
});

// Slots -------------------------------------------------------------------------------

export const MonthParamsSchema = z.object({ month: MonthSchema });
export const ProviderDateParamsSchema = z.object({ providerId: z.uuid(), date: IsoDateSchema });
export const ProviderMonthParamsSchema = z.object({ providerId: z.uuid(), month: MonthSchema });
export const PublicSlotsQuerySchema = z.object({
  category: optionalUuidQuery,
  timezone: z.preprocess((value) => (value === '' ? undefined : value), TimeZoneSchema.optional()),
});

export const TimeSlotSchema = z.object({
  /** Opaque and signed: send it back as timeslotIdentifier to book. */
  identifier: z.string(),
  /** HH:MM in the zone of the answer. */
  startTime: z.string(),
  endTime: z.string(),
  /** ISO 8601 UTC instants. */
  startAt: z.string(),
  endAt: z.string(),
});
export type TimeSlot = z.infer<typeof TimeSlotSchema>;

export const AvailabilityDaySchema = z.object({
  date: z.string(),
  isAvailable: z.boolean(),
  timeSlot: z.array(TimeSlotSchema),
});
export type AvailabilityDay = z.infer<typeof AvailabilityDaySchema>;

export const PublicTimeslotsSchema = z.object({
  providerIdentifier: z.uuid(),
  categoryIdentifier: z.uuid().nullable(),
  /** The zone the dates and HH:MM times are in (the caller's). */
  timezone: z.string(),
  providerTimezone: z.string(),
  sessionMinutes: z.number().int(),
  days: z.array(AvailabilityDaySchema),
});
export type PublicTimeslots = z.infer<typeof PublicTimeslotsSchema>;

export const MonthSummarySchema = z.object({
  providerIdentifier: z.uuid(),
  categoryIdentifier: z.uuid().nullable(),
  month: z.string(),
  timezone: z.string(),
  /** The bookable window in the caller's zone: today … last day of the month two months ahead. */
  from: z.string(),
  to: z.string(),
  /** Only the days of the month with at least one free slot. */
  days: z.array(z.object({ date: z.string(), slotCount: z.number().int() })),
});
export type MonthSummary = z.infer<typeof MonthSummarySchema>;

export const ProviderTimeSlotSchema = TimeSlotSchema.extend({
  isPast: z.boolean(),
  /** A confirmed booking occupies it. */
  isBooked: z.boolean(),
  /** A pending booking holds it (payment or approval outstanding). */
  isHeld: z.boolean(),
  bookingIdentifier: z.uuid().nullable(),
});
export type ProviderTimeSlot = z.infer<typeof ProviderTimeSlotSchema>;

export const ProviderMonthSchema = z.object({
  month: z.string(),
  timezone: z.string(),
  setupType: SetupTypeSchema,
  sessionMinutes: z.number().int(),
  categoryIdentifier: z.uuid().nullable(),
  days: z.array(z.object({ date: z.string(), isAvailable: z.boolean(), timeSlot: z.array(ProviderTimeSlotSchema) })),
  bookedSlots: z.array(z.object({ date: z.string(), timeslotIdentifier: z.string() })),
});
export type ProviderMonth = z.infer<typeof ProviderMonthSchema>;
