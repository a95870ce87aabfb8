import { z } from '../zod.ts';
import { BOOKING_STATUSES, BookingSchema } from './bookings.ts';
import { PageQuerySchema, pageSchema, queryBoolean } from './common.ts';

// The lists of a party's bookings (GET /booking, GET /appointment, GET /appointment/client/{id}):
// apart from bookings.ts, which the booking route's first load carries, as the lists are not on it.

/** ?statuses=pending,confirmed (or repeated); unknown values are refused. */
const StatusesQuerySchema = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    (Array.isArray(value) ? value : value ? [value] : [])
      .flatMap((item) => item.split(','))
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(BOOKING_STATUSES)));

export const BookingListQuerySchema = PageQuerySchema.extend({
  statuses: StatusesQuerySchema,
  /**
   * GET /booking and GET /appointment: a series is one line (its first session the filter
   * matches, with every session of the series beneath), counted once in the page.
   */
  groupSeries: queryBoolean.default(false),
});
export type BookingListQuery = z.output<typeof BookingListQuerySchema>;
/**
 * A line of a client's or provider's list: a booking and, for a series' line (groupSeries), every
 * session of the series in order (null for a booking outside a series, or ungrouped).
 */
export const BookingLineSchema = BookingSchema.extend({ seriesSessions: z.array(BookingSchema).nullable() });
export type BookingLine = z.infer<typeof BookingLineSchema>;
export const BookingLinePageSchema = pageSchema(BookingLineSchema);
export type BookingLinePage = z.infer<typeof BookingLinePageSchema>;
