import { NO_REFUND_WINDOW_HOURS } from '../constants.ts';
import { z } from '../zod.ts';
import { PageQuerySchema, pageSchema } from './common.ts';
import { CardPaymentAnswerSchema, LocalPathSchema } from './wallet.ts';

/** DESIGN.md §4: every status a booking can have. */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'rejected', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_PARTIES = ['client', 'provider'] as const;
export type BookingParty = (typeof BOOKING_PARTIES)[number];

export const RESCHEDULE_STATUSES = ['pending', 'accepted', 'rejected', 'expired'] as const;
export type RescheduleStatus = (typeof RESCHEDULE_STATUSES)[number];

export const PARTICIPANT_STATUSES = ['awaiting', 'acknowledged', 'rejected'] as const;
export const REFUND_STATUSES = ['refunded', 'none', 'not_paid'] as const;
export const BOOKING_PAYMENT_METHODS = ['wallet', 'card', 'free'] as const;

/** SPEC.md §5 and §9. */
export const BOOKING_NOTE_MAX = 400;
export { NO_REFUND_WINDOW_HOURS };
export const RESCHEDULE_APPROVAL_WINDOW_HOURS = 48;
export const RESCHEDULES_PER_PARTY = 2;
/** DESIGN.md §4: a scheduled unpaid booking holds its slot this long. */
export const HOLD_MINUTES = 15;
/** A session a provider booked for a client waits this long for the client's answer (never past its start). */
export const PARTICIPANT_HOLD_HOURS = 24;
export const SERIES_MIN_OCCURRENCES = 2;
export const SERIES_MAX_OCCURRENCES = 12;
/** How often a series' sessions come: the same wall-clock time every week or every second week. */
export const SERIES_CADENCES = ['weekly', 'fortnightly'] as const;
export type SeriesCadence = (typeof SERIES_CADENCES)[number];
export const SERIES_INTERVAL_WEEKS: Readonly<Record<SeriesCadence, number>> = { weekly: 1, fortnightly: 2 };

// ---------------------------------------------------------------- requests

/** The booking note: optional, at most 400 characters ('Note must not exceed 400 characters'). */
export const BookingNoteSchema = z
  .string()
  .trim()
  .max(BOOKING_NOTE_MAX, 'bookings.noteTooLong')
  .nullish()
  .transform((value) => (value ? value : null));

const TimeslotIdentifierSchema = z
  .string({ error: 'bookings.selectTimeSlot' })
  .trim()
  .min(1, 'bookings.selectTimeSlot')
  .max(200, 'bookings.selectTimeSlot');

/** POST /booking (client). */
export const CreateBookingBodySchema = z.object({
  providerIdentifier: z.uuid({ error: 'bookings.selectProvider' }),
  modalityIdentifier: z.uuid({ error: 'bookings.selectModality' }),
  therapyIdentifier: z.uuid({ error: 'bookings.selectTherapy' }),
  note: BookingNoteSchema,
});
export type CreateBookingBody = z.input<typeof CreateBookingBodySchema>;

/** POST /booking/{id}/schedule, /booking/{id}/reschedule, /appointment/{id}/reschedule. */
export const ScheduleBookingBodySchema = z.object({
  timeslotIdentifier: TimeslotIdentifierSchema,
  note: BookingNoteSchema,
});
export type ScheduleBookingBody = z.input<typeof ScheduleBookingBodySchema>;

/** POST /booking/{id}/cancel and /appointment/{id}/cancel: the reason is required. */
export const CancelBookingBodySchema = z.object({
  note: z
    .string({ error: 'bookings.cancelReasonRequired' })
    .trim()
    .min(1, 'bookings.cancelReasonRequired')
    .max(BOOKING_NOTE_MAX, 'bookings.noteTooLong'),
});
export type CancelBookingBody = z.input<typeof CancelBookingBodySchema>;

/** How many sessions a series has: 2-12 ('Choose between 2 and 12 sessions'). */
export const SeriesOccurrencesSchema = z
  .number({ error: 'bookings.occurrencesRange' })
  .int('bookings.occurrencesRange')
  .min(SERIES_MIN_OCCURRENCES, 'bookings.occurrencesRange')
  .max(SERIES_MAX_OCCURRENCES, 'bookings.occurrencesRange');

/** POST /booking/series: the first session's slot, then the same time every week or second week. */
export const CreateSeriesBodySchema = CreateBookingBodySchema.extend({
  timeslotIdentifier: TimeslotIdentifierSchema,
  occurrences: SeriesOccurrencesSchema,
  cadence: z.enum(SERIES_CADENCES).default('weekly'),
  /**
   * Optional: the client's booking from booking step 1 (pending, no time yet). It becomes the
   * series' first session instead of being left behind to expire.
   */
  bookingIdentifier: z.uuid().optional(),
});
export type CreateSeriesBody = z.input<typeof CreateSeriesBodySchema>;

/** POST /appointment (provider): a session for one of the provider's clients. */
export const CreateAppointmentBodySchema = z.object({
  clientIdentifier: z.uuid({ error: 'bookings.selectClient' }),
  timeslotIdentifier: TimeslotIdentifierSchema,
  modalityIdentifier: z.uuid({ error: 'bookings.selectModality' }),
  therapyIdentifier: z.uuid({ error: 'bookings.selectTherapy' }),
  note: BookingNoteSchema,
});
export type CreateAppointmentBody = z.input<typeof CreateAppointmentBodySchema>;

/** POST /appointment/{id}/reschedule-permission: the provider lets the client reschedule without their approval. */
export const ReschedulePermissionBodySchema = z.object({ allow: z.boolean() });
export type ReschedulePermissionBody = z.input<typeof ReschedulePermissionBodySchema>;

export const RescheduleActionParamsSchema = z.object({
  id: z.uuid(),
  action: z.enum(['accept', 'reject']),
});

/** POST /appointment/{id}/reschedule-update. */
export const RescheduleUpdateBodySchema = z.object({ status: z.enum(['accepted', 'rejected']) });

/** POST /booking/participant/{id}/status (the client answers a session the provider booked). */
export const ParticipantStatusBodySchema = z.object({
  status: z.enum(['acknowledged', 'rejected']),
  note: BookingNoteSchema,
});

/** POST /appointment/participant/{id}/reject-booking. */
/**
 * POST /appointment/participant/{id}/reject-booking: the provider declines a client's booking.
 * Declining is final and the client is told why, so the reason is required.
 */
export const RejectBookingBodySchema = z.object({
  note: z
    .string({ error: 'bookings.declineReasonRequired' })
    .trim()
    .min(1, 'bookings.declineReasonRequired')
    .max(BOOKING_NOTE_MAX, 'bookings.noteTooLong'),
});
export type RejectBookingBody = z.input<typeof RejectBookingBodySchema>;

/** POST /share-booking: the booking summary goes to an address the user names, with consent. */
export const ShareBookingBodySchema = z.object({
  bookingIdentifier: z.uuid(),
  email: z.email('validation.invalidEmail').max(254),
  consent: z.literal(true, { error: 'bookings.shareConsentRequired' }),
});

/** POST /payment/booking/{bookingId}. */
export const PayBookingBodySchema = z.object({
  method: z.enum(['wallet', 'card'], { error: 'bookings.selectPaymentMethod' }),
  /** Card only: where the checkout returns the payer (default /payment/{bookingId}/). */
  callbackUrl: LocalPathSchema.optional(),
});
export type PayBookingBody = z.input<typeof PayBookingBodySchema>;

export const BookingIdParamsSchema = z.object({ bookingId: z.uuid() });

// ---------------------------------------------------------------- answers

const PersonSchema = z.object({
  identifier: z.uuid(),
  name: z.string(),
  photo: z.string().nullable(),
});

export const RescheduleInfoSchema = z.object({
  /** The latest reschedule's status; null before any. */
  status: z.enum(RESCHEDULE_STATUSES).nullable(),
  remainingClientReschedule: z.number().int(),
  remainingProviderReschedule: z.number().int(),
  requestedBy: z.enum(BOOKING_PARTIES).nullable(),
  /** The slot a pending request proposes. */
  proposedStartAt: z.string().nullable(),
  proposedEndAt: z.string().nullable(),
  note: z.string().nullable(),
});

export const BookingSchema = z.object({
  identifier: z.uuid(),
  status: z.enum(BOOKING_STATUSES),
  previousStatus: z.enum(BOOKING_STATUSES).nullable(),
  provider: PersonSchema,
  client: PersonSchema,
  therapyCategory: z.object({ identifier: z.uuid(), name: z.string() }).nullable(),
  modality: z.object({ identifier: z.uuid(), key: z.string(), name: z.string() }).nullable(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  /** A scheduled unpaid booking's hold: after this instant the slot is released. */
  holdExpiresAt: z.string().nullable(),
  priceMinor: z.number().int(),
  currencyCode: z.string(),
  isPaid: z.boolean(),
  paymentMethod: z.enum(BOOKING_PAYMENT_METHODS).nullable(),
  note: z.string().nullable(),
  createdBy: z.enum(BOOKING_PARTIES),
  /** The other party's answer: the provider's for a client booking, the client's for an appointment. */
  participantStatus: z.enum(PARTICIPANT_STATUSES),
  allowRescheduleCompletedBooking: z.boolean(),
  rescheduleInfo: RescheduleInfoSchema,
  cancellation: z
    .object({
      cancelledBy: z.enum(['client', 'provider', 'system']),
      reason: z.string().nullable(),
      refundStatus: z.enum(REFUND_STATUSES),
      refundMinor: z.number().int(),
      cancelledAt: z.string(),
    })
    .nullable(),
  /** The client reviewed the session: told to the booking's client only (false to the provider). */
  feedbackProvided: z.boolean(),
  series: z.object({ identifier: z.uuid(), index: z.number().int(), occurrences: z.number().int() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Booking = z.infer<typeof BookingSchema>;

export const BookingPageSchema = pageSchema(BookingSchema);
export type BookingPage = z.infer<typeof BookingPageSchema>;

export const CancellationPolicySchema = z.object({
  bookingIdentifier: z.uuid(),
  /** Whether the caller may cancel now, and if not why (an error code). */
  canCancel: z.boolean(),
  reason: z.string().nullable(),
  isRefundable: z.boolean(),
  /** What the client gets back if the caller cancels now (minor units). */
  refundAmount: z.number().int(),
  currencyCode: z.string(),
  noRefundWindowHours: z.number().int(),
  /** The last instant a client cancellation is refunded (start − 48 h); null when unscheduled. */
  refundableUntil: z.string().nullable(),
});
export type CancellationPolicy = z.infer<typeof CancellationPolicySchema>;

/** The cancellation-status check (SPEC.md §3). */
export const CancellationStatusSchema = z.object({
  isRefundable: z.boolean(),
  refundAmount: z.number().int(),
  currencyCode: z.string(),
});

export const ReschedulePolicySchema = z.object({
  bookingIdentifier: z.uuid(),
  canReschedule: z.boolean(),
  reason: z.string().nullable(),
  needsApproval: z.boolean(),
  /** The caller's remaining reschedules, and both parties'. */
  remainingReschedule: z.number().int(),
  remainingClientReschedule: z.number().int(),
  remainingProviderReschedule: z.number().int(),
  approvalWindowHours: z.number().int(),
});
export type ReschedulePolicy = z.infer<typeof ReschedulePolicySchema>;

/** The reschedule approval check (SPEC.md §3). */
export const RescheduleApprovalSchema = z.object({ needsApproval: z.boolean() });

export const BookingEventSchema = z.object({
  type: z.string(),
  actor: z.enum(['client', 'provider', 'system']),
  at: z.string(),
  data: z.record(z.string(), z.unknown()),
});

export const BookingDetailsSchema = BookingSchema.extend({
  events: z.array(BookingEventSchema),
  cancellationPolicy: CancellationPolicySchema,
  reschedulePolicy: ReschedulePolicySchema,
});
export type BookingDetails = z.infer<typeof BookingDetailsSchema>;

export const BookingSeriesSchema = z.object({
  /** null: the booking is not part of a series (the list then holds just it). */
  identifier: z.uuid().nullable(),
  occurrences: z.number().int(),
  /** null for a single booking. */
  cadence: z.enum(SERIES_CADENCES).nullable(),
  bookings: z.array(BookingSchema),
});
export type BookingSeries = z.infer<typeof BookingSeriesSchema>;

/** Wallet: the confirmed booking. Card: the checkout to open, followed by GET /payment/status/{reference}. */
export const PayBookingAnswerSchema = z.union([BookingSchema, CardPaymentAnswerSchema]);

/** POST /payment/series/{seriesId}: wallet, every unpaid session confirmed; card, one checkout for all of them. */
export const PaySeriesAnswerSchema = z.union([BookingSeriesSchema, CardPaymentAnswerSchema]);

export const SeriesIdParamsSchema = z.object({ seriesId: z.uuid() });

export const MessageAnswerSchema = z.object({ message: z.string() });

// ---------------------------------------------------------------- provider directory

export const DirectoryQuerySchema = PageQuerySchema.extend({
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'validation.countryCode')
    .transform((value) => value.toUpperCase())
    .optional(),
});

const FeeSchema = z.object({ amount: z.number().int(), isFree: z.boolean(), currencyCode: z.string() });

export const DirectoryProviderSchema = z.object({
  identifier: z.uuid(),
  /** The name as readable URL words ("ada-okafor"), beside the id in the page's address; may be empty. */
  slug: z.string(),
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  title: z.string().nullable(),
  photo: z.string().nullable(),
  headline: z.string().nullable(),
  countryCode: z.string().nullable(),
  /** The general session fee in the provider's currency; null until set. */
  fee: FeeSchema.nullable(),
  /** The visitor's currency (from X-Country-Code / the country cookie), for display next to the fee. */
  visitorCurrencyCode: z.string(),
  /** The next free slot from now, or null when none in the booking window. */
  nextAvailableAt: z.string().nullable(),
  /** The fee converted at the configured reference rate, when the visitor's currency differs (approximate). */
  visitorFee: z.object({ amount: z.number().int(), currencyCode: z.string() }).nullable(),
  /** Mean of the visible reviews' ratings (one decimal), null without reviews. */
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
});
export type DirectoryProvider = z.infer<typeof DirectoryProviderSchema>;
export const DirectoryPageSchema = pageSchema(DirectoryProviderSchema);

const OfferedSchema = z.object({ identifier: z.uuid(), key: z.string(), name: z.string() });

export const PublicProviderSchema = DirectoryProviderSchema.extend({
  bio: z.string().nullable(),
  timezone: z.string(),
  sessionMinutes: z.number().int(),
  setupType: z.enum(['GENERAL', 'BY_CATEGORY']),
  modalities: z.array(OfferedSchema),
  /** Therapy categories offered; `identifier` is the therapy category id used to book. */
  therapies: z.array(OfferedSchema.extend({ fee: FeeSchema.nullable() })),
  specialities: z.array(OfferedSchema),
  /** Languages the provider works in (preference list `language`). */
  languages: z.array(OfferedSchema),
  /** Therapy approaches (preference list `therapyApproach`). */
  approaches: z.array(OfferedSchema),
  /** The next free slots from now (at most 6), across the provider's calendars. */
  nextSlots: z.array(z.string()),
  /** The operator approved the provider's credentials. */
  verified: z.boolean(),
  /** Licences as approved: the licensing body and the number. */
  licences: z.array(z.object({ body: z.string(), credentialNumber: z.string() })),
  /** Degrees and trainings as approved. */
  education: z.array(z.object({ title: z.string() })),
  /** Whole years covered by the work history; null without one. */
  yearsInPractice: z.number().int().nullable(),
  /** US states where the provider holds a licence. */
  licenseStates: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type PublicProvider = z.infer<typeof PublicProviderSchema>;
