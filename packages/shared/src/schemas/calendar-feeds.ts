import { z } from '../zod.ts';

/** How often the job fetches each external calendar again (the promise to providers). */
export const EXTERNAL_CALENDAR_REFRESH_MINUTES = 15;
/** External calendars one provider may add. */
export const MAX_EXTERNAL_CALENDARS = 5;
export const EXTERNAL_CALENDAR_NAME_MAX = 80;
export const EXTERNAL_CALENDAR_URL_MAX = 2000;

/** Why the last fetch of an external calendar failed: a key under availabilityScreens.externalCalendars.errors. */
export const EXTERNAL_CALENDAR_ERRORS = [
  'insecure',
  'forbiddenAddress',
  'unreachable',
  'timeout',
  'tooLarge',
  'tooManyRedirects',
  'httpStatus',
  'notCalendar',
] as const;
export type ExternalCalendarError = (typeof EXTERNAL_CALENDAR_ERRORS)[number];

/** A person's own calendar feed: the subscription addresses (null until made) and their choice. */
export const CalendarFeedSchema = z.object({
  /** The https address and the same as webcal:// (calendar apps subscribe to it on a click). */
  httpsUrl: z.string().nullable(),
  webcalUrl: z.string().nullable(),
  /** Entries name the other party's first name. */
  showNames: z.boolean(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

export const UpdateCalendarFeedBodySchema = z.object({ showNames: z.boolean() });
export type UpdateCalendarFeedBody = z.infer<typeof UpdateCalendarFeedBodySchema>;

/** A web address that can be a calendar: https (or webcal, its alias), or http where the operator allows it. */
const CalendarUrlSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(EXTERNAL_CALENDAR_URL_MAX, 'availability.externalCalendarUrl')
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    return ['https:', 'http:', 'webcal:'].includes(new URL(value).protocol);
  }, 'availability.externalCalendarUrl');

export const AddExternalCalendarBodySchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(EXTERNAL_CALENDAR_NAME_MAX),
  url: CalendarUrlSchema,
});
export type AddExternalCalendarBody = z.infer<typeof AddExternalCalendarBodySchema>;

export const ExternalCalendarSchema = z.object({
  identifier: z.uuid(),
  name: z.string(),
  /** The address's host and a hint of its end: the secret address itself is never shown back. */
  urlHint: z.string(),
  /** pending: not fetched yet; ok: busy times in use; failing: the last fetch failed (`error`). */
  status: z.enum(['pending', 'ok', 'failing']),
  error: z.enum(EXTERNAL_CALENDAR_ERRORS).nullable(),
  checkedAt: z.string().nullable(),
  syncedAt: z.string().nullable(),
  busyCount: z.number().int(),
});
export type ExternalCalendar = z.infer<typeof ExternalCalendarSchema>;

export const ExternalCalendarListSchema = z.object({ calendars: z.array(ExternalCalendarSchema) });
export type ExternalCalendarList = z.infer<typeof ExternalCalendarListSchema>;

export const ExternalCalendarParamsSchema = z.object({ calendarId: z.uuid() });
