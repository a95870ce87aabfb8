import { timeToMinutes } from '../day-times.ts';
import { z } from '../zod.ts';
import { IsoDateSchema, TimeZoneSchema } from './availability.ts';

const FromTimeSchema = z.string().refine((value) => {
  const minutes = timeToMinutes(value);
  return minutes !== null && minutes < 24 * 60;
}, 'availability.invalidTime');
const ToTimeSchema = z.string().refine((value) => timeToMinutes(value) !== null, 'availability.invalidTime');

/**
 * POST /waitlist: a client asks to be offered an earlier slot with a provider, before `beforeDate`,
 * on `days` (ISO weekdays; none: any day), between `fromTime` and `toTime`, read in `timezone`
 * (default: the client's own).
 */
export const JoinWaitlistBodySchema = z
  .object({
    providerIdentifier: z.uuid(),
    /** A BY_CATEGORY provider's calendar. */
    categoryIdentifier: z.uuid().nullish(),
    beforeDate: IsoDateSchema,
    days: z
      .array(z.number().int().min(1).max(7))
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'waitlist.duplicateDay'),
    fromTime: FromTimeSchema,
    toTime: ToTimeSchema,
    timezone: TimeZoneSchema.optional(),
  })
  .refine(
    (body) => {
      const from = timeToMinutes(body.fromTime);
      const to = timeToMinutes(body.toTime);
      return from === null || to === null || to > from;
    },
    { message: 'waitlist.toAfterFrom', path: ['toTime'] },
  );
export type JoinWaitlistBody = z.input<typeof JoinWaitlistBodySchema>;

export const WaitlistEntryParamsSchema = z.object({ entryId: z.uuid() });

/** The slot offered to the client, theirs alone until `expiresAt`. */
export const WaitlistClaimSchema = z.object({
  identifier: z.uuid(),
  startAt: z.string(),
  endAt: z.string(),
  expiresAt: z.string(),
});
export type WaitlistClaim = z.infer<typeof WaitlistClaimSchema>;

/** One of the client's waiting entries. */
export const WaitlistEntrySchema = z.object({
  identifier: z.uuid(),
  providerIdentifier: z.uuid(),
  providerName: z.string().nullable(),
  categoryIdentifier: z.uuid().nullable(),
  beforeDate: z.string(),
  timezone: z.string(),
  days: z.array(z.number().int()),
  fromTime: z.string(),
  toTime: z.string(),
  joinedAt: z.string(),
  /** The slot offered now, if any. */
  claim: WaitlistClaimSchema.nullable(),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>;

export const WaitlistEntryListSchema = z.object({ entries: z.array(WaitlistEntrySchema) });
export type WaitlistEntryList = z.infer<typeof WaitlistEntryListSchema>;
