import { LISTING_REQUIREMENTS } from '../listing-rules.ts';
import { z } from '../zod.ts';
import { BookingLineSchema } from './booking-lists.ts';
import { BookingSchema } from './bookings.ts';
import { RecommendedProviderSchema } from './directory.ts';
import { WalletBalanceSchema } from './wallet.ts';

/**
 * GET /overview: what matters now for the signed-in person, one answer shaped by role
 * (docs/decisions/web-one-overview-answer-shaped-by-role-read-through.md).
 */

/** How many of each list the overview carries (the full lists live on their own pages). */
export const OVERVIEW_LIMITS = {
  awaitingPayment: 5,
  recommended: 3,
  upcoming: 5,
  rescheduleRequests: 5,
} as const;

/** A provider's insurance counts as "expiring" this many days ahead of its date. */
export const INSURANCE_EXPIRY_WARNING_DAYS = 30;

const Counts = {
  unreadMessages: z.number().int().nonnegative(),
  unreadNotifications: z.number().int().nonnegative(),
};

const Person = {
  firstName: z.string().nullable(),
  /** The person's IANA zone: every day and time on the overview is shown in it. */
  timezone: z.string(),
};

export const ClientOverviewSchema = z.object({
  role: z.literal('client'),
  ...Person,
  /** The next confirmed session that has not ended yet (it may be under way). */
  nextSession: BookingSchema.nullable(),
  /**
   * Scheduled bookings whose hold is still running, soonest hold end first; a series is one line
   * (its next such session, with every session beneath), counted once.
   */
  awaitingPayment: z.array(BookingLineSchema),
  wallet: WalletBalanceSchema,
  ...Counts,
  recommended: z.array(RecommendedProviderSchema),
  /** False while the client has chosen no preferences (the empty state asks for them). */
  hasPreferences: z.boolean(),
  /** False for a client who has never booked: the overview then welcomes them. */
  hasBookings: z.boolean(),
});
export type ClientOverview = z.infer<typeof ClientOverviewSchema>;

/** Where a provider stands in the directory. */
export const PROVIDER_STANDINGS = [
  'live',
  'awaitingReview',
  'notSubmitted',
  'rejected',
  'insuranceLapsed',
  /** Approved, but something else the listing rule asks is missing (a fee, free times). */
  'incomplete',
  'suspended',
] as const;
export type ProviderStanding = (typeof PROVIDER_STANDINGS)[number];

/** One line of the provider's checklist; each links to where it is fixed. */
export const PROVIDER_CHECKLIST_ITEMS = ['profile', 'fees', 'availability', 'credentials', 'insurance'] as const;
export type ProviderChecklistItem = (typeof PROVIDER_CHECKLIST_ITEMS)[number];

export const ProviderChecklistEntrySchema = z.object({
  item: z.enum(PROVIDER_CHECKLIST_ITEMS),
  done: z.boolean(),
  /** Insurance only: the latest expiry on file (YYYY-MM-DD), and whether it falls within the warning days. */
  expiresOn: z.string().nullable(),
  expiringSoon: z.boolean(),
});
export type ProviderChecklistEntry = z.infer<typeof ProviderChecklistEntrySchema>;

export const ProviderOverviewSchema = z.object({
  role: z.literal('provider'),
  ...Person,
  standing: z.enum(PROVIDER_STANDINGS),
  checklist: z.array(ProviderChecklistEntrySchema),
  /** What the listing rule still lacks (@app/shared/listing-rules): the "ready to go live" checklist. */
  listingMissing: z.array(z.enum(LISTING_REQUIREMENTS)),
  /**
   * Confirmed sessions starting today (the provider's day) that have not ended. In both lists a
   * series is one line, its next session with every session beneath, counted once: a series
   * whose next session is today is not listed again under upcoming.
   */
  today: z.array(BookingLineSchema),
  /** The next confirmed sessions after today. */
  upcoming: z.array(BookingLineSchema),
  /** Reschedules the client asked for, waiting on the provider's answer. */
  rescheduleRequests: z.array(BookingSchema),
  earnings: z.object({ currency: z.string(), thisMonth: z.number().int(), available: z.number().int() }),
  ...Counts,
});
export type ProviderOverview = z.infer<typeof ProviderOverviewSchema>;

export const AdminOverviewSchema = z.object({
  role: z.literal('admin'),
  ...Person,
  counts: z.object({
    /** Providers whose submission waits for a decision (the /admin/ queue). */
    providersAwaitingReview: z.number().int().nonnegative(),
    /** Reviews reported since their last decision (/admin/reviews/). */
    reportedReviews: z.number().int().nonnegative(),
    /** Contact messages received in the last OVERVIEW_RECENT_DAYS days (/admin/contact/). */
    contactMessages: z.number().int().nonnegative(),
    /** Card payments and payouts still pending past the webhook's grace period (/admin/operations/). */
    unreconciledPayments: z.number().int().nonnegative(),
    /** Card payments that failed in the last OVERVIEW_RECENT_DAYS days (/admin/operations/). */
    failedPayments: z.number().int().nonnegative(),
    /** Confirmed sessions starting today, in the operator's zone. */
    bookingsToday: z.number().int().nonnegative(),
    /** Successful wallet top-ups today, in the operator's zone. */
    topUpsToday: z.number().int().nonnegative(),
  }),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

/** The window of "recent" contact messages and failed payments on the operator's overview. */
export const OVERVIEW_RECENT_DAYS = 7;

export const OverviewSchema = z.discriminatedUnion('role', [
  ClientOverviewSchema,
  ProviderOverviewSchema,
  AdminOverviewSchema,
]);
export type Overview = z.infer<typeof OverviewSchema>;
