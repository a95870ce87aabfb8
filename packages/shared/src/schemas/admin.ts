import { LISTING_REQUIREMENTS } from '../listing-rules.ts';
import { z } from '../zod.ts';
import { USER_ROLES } from './auth-token.ts';
import { pageSchema } from './common.ts';
import {
  InsuranceSchema,
  MISSING_ITEMS,
  QualificationSchema,
  RejectNoteSchema,
  VERIFICATION_STATUS_VALUES,
  VerificationDecisionSchema,
  WorkHistorySchema,
} from './credentials.ts';

/** A search box: trimmed, at most 100 characters; empty means no filter. */
const SearchQuery = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((value) => (value ? value : undefined));

const Page = {
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
};

// -- Review queue and dossier ----------------------------------------------------------------

/** GET /admin/providers: the review queue (status `submitted` by default). */
export const AdminProviderQuerySchema = z.object({
  status: z.enum(VERIFICATION_STATUS_VALUES).default('submitted'),
  searchQuery: SearchQuery,
  ...Page,
});
export type AdminProviderQuery = z.input<typeof AdminProviderQuerySchema>;

export const AdminProviderRowSchema = z.object({
  identifier: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  countryCode: z.string().nullable(),
  status: z.enum(VERIFICATION_STATUS_VALUES),
  /** Shown in the directory right now (the listing rule). */
  listed: z.boolean(),
  suspended: z.boolean(),
  /** When the profile last changed state (submission, decision). */
  updatedAt: z.string(),
  createdAt: z.string(),
});
export type AdminProviderRow = z.infer<typeof AdminProviderRowSchema>;
export const AdminProviderPageSchema = pageSchema(AdminProviderRowSchema);
export type AdminProviderPage = z.infer<typeof AdminProviderPageSchema>;

/** GET /admin/providers/{id}: everything an admin reviews for one provider. */
export const ProviderDossierSchema = z.object({
  provider: z.object({
    userId: z.uuid(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    countryCode: z.string().nullable(),
    language: z.string(),
    createdAt: z.string(),
  }),
  verification: z.object({
    status: z.enum(VERIFICATION_STATUS_VALUES),
    approvedAt: z.string().nullable(),
    listed: z.boolean(),
    missing: z.array(z.enum(MISSING_ITEMS)),
    /** What the listing rule still lacks (@app/shared/listing-rules), approval included. */
    listingMissing: z.array(z.enum(LISTING_REQUIREMENTS)),
  }),
  suspended: z.boolean(),
  qualifications: z.array(QualificationSchema),
  workHistory: z.array(WorkHistorySchema),
  insurance: z.array(InsuranceSchema),
  decisions: z.array(VerificationDecisionSchema),
});
export type ProviderDossierView = z.infer<typeof ProviderDossierSchema>;

/** POST /admin/providers/{id}/reject: the note the provider reads (at /my-credentials and in the email). */
export const RejectProviderBodySchema = z.object({ note: RejectNoteSchema });
export type RejectProviderBody = z.infer<typeof RejectProviderBodySchema>;

export const DecisionAnswerSchema = z.object({
  message: z.string(),
  status: z.enum(['approved', 'rejected']),
});

// -- Users --------------------------------------------------------------------------------

export const USER_ACCOUNT_STATUSES = ['active', 'suspended', 'unverified'] as const;
export type UserAccountStatus = (typeof USER_ACCOUNT_STATUSES)[number];

/** GET /admin/users: search by email or name, filter by role and status. */
export const AdminUserQuerySchema = z.object({
  searchQuery: SearchQuery,
  role: z.enum(USER_ROLES).optional(),
  status: z.enum(USER_ACCOUNT_STATUSES).optional(),
  ...Page,
});
export type AdminUserQuery = z.input<typeof AdminUserQuerySchema>;

export const AdminUserSchema = z.object({
  identifier: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(USER_ROLES),
  status: z.enum(USER_ACCOUNT_STATUSES),
  countryCode: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
const userPage = pageSchema(AdminUserSchema);
/** A page of accounts; the count stops at a limit (`moreThanTotal`: more match than `total`). */
export const AdminUserPageSchema = userPage.extend({
  meta: userPage.shape.meta.extend({ moreThanTotal: z.boolean() }),
});
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

/** POST /admin/users/{id}/suspend and /reactivate: the message for a toast and the user as they are now. */
export const SuspensionAnswerSchema = z.object({ message: z.string(), user: AdminUserSchema });

// -- View mode ----------------------------------------------------------------------------

export const StartViewModeBodySchema = z.object({ userIdentifier: z.uuid() });

/** POST /admin/view-mode: a short-lived read-only token to see the app as one user. */
export const ViewModeAnswerSchema = z.object({
  /** The view session: DELETE /admin/view-mode/{identifier} ends it (and the token) at once. */
  identifier: z.uuid(),
  token: z.string(),
  /** Seconds from now. */
  expiresIn: z.number().int(),
  user: z.object({
    identifier: z.uuid(),
    role: z.enum(USER_ROLES),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
});
export type ViewModeAnswer = z.infer<typeof ViewModeAnswerSchema>;

// -- Audit trail --------------------------------------------------------------------------

export const AuditQuerySchema = z.object({
  /** A dotted action (`provider.approve`) or its domain (`provider`). */
  action: z
    .string()
    .trim()
    .max(64)
    .regex(/^[a-z_.]*$/)
    .optional(),
  targetIdentifier: z.string().trim().max(64).optional(),
  ...Page,
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  identifier: z.uuid(),
  at: z.string(),
  actor: z.object({ identifier: z.string().nullable(), role: z.string(), email: z.string().nullable() }),
  action: z.string(),
  targetType: z.string(),
  targetIdentifier: z.string().nullable(),
  /** The target's email when it is a user (for the reader; not stored in the trail). */
  targetLabel: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditPageSchema = pageSchema(AuditEntrySchema);
export type AuditPage = z.infer<typeof AuditPageSchema>;

// -- Operations ---------------------------------------------------------------------------

export const BOOKING_STATUS_VALUES = ['pending', 'confirmed', 'completed', 'cancelled', 'rejected', 'expired'] as const;

export const OperationsBookingQuerySchema = z.object({
  status: z.enum(BOOKING_STATUS_VALUES).default('pending'),
  ...Page,
});

export const OperationsBookingSchema = z.object({
  identifier: z.uuid(),
  status: z.enum(BOOKING_STATUS_VALUES),
  startsAt: z.string().nullable(),
  createdAt: z.string(),
  priceMinor: z.number(),
  currencyCode: z.string(),
  paid: z.boolean(),
  client: z.object({ identifier: z.uuid(), email: z.string() }),
  provider: z.object({ identifier: z.uuid(), email: z.string() }),
});
export type OperationsBooking = z.infer<typeof OperationsBookingSchema>;

export const OperationsBookingsSchema = pageSchema(OperationsBookingSchema).extend({
  /** How many bookings are in each status (all of them, not only this page). */
  counts: z.record(z.string(), z.number()),
});
export type OperationsBookings = z.infer<typeof OperationsBookingsSchema>;

export const OperationsPaymentSchema = z.object({
  identifier: z.uuid(),
  reference: z.string(),
  purpose: z.enum(['top_up', 'booking', 'booking_series']),
  channel: z.string(),
  gateway: z.string(),
  amountMinor: z.number(),
  currencyCode: z.string(),
  createdAt: z.string(),
  lastCheckedAt: z.string().nullable(),
  /** Older than the reconciliation job's grace period: the webhook did not come. */
  overdue: z.boolean(),
  user: z.object({ identifier: z.uuid(), email: z.string() }),
});
export type OperationsPayment = z.infer<typeof OperationsPaymentSchema>;

export const OperationsPayoutSchema = z.object({
  identifier: z.uuid(),
  reference: z.string(),
  gateway: z.string(),
  amountMinor: z.number(),
  currencyCode: z.string(),
  createdAt: z.string(),
  lastCheckedAt: z.string().nullable(),
  overdue: z.boolean(),
  user: z.object({ identifier: z.uuid(), email: z.string() }),
});
export type OperationsPayout = z.infer<typeof OperationsPayoutSchema>;

/** GET /admin/operations/money: top-ups, card payments and payouts awaiting the gateway, oldest first. */
export const OperationsMoneySchema = z.object({
  pendingPayments: z.array(OperationsPaymentSchema),
  pendingPayouts: z.array(OperationsPayoutSchema),
});
export type OperationsMoney = z.infer<typeof OperationsMoneySchema>;

/** GET /admin/operations/reconciliation: the ledger check, run now (healthy: three empty lists). */
export const ReconciliationSchema = z.object({
  checkedAt: z.string(),
  unbalancedTransactions: z.array(z.string()),
  mismatchedAccounts: z.array(z.string()),
  negativeAccounts: z.array(z.string()),
});
export type Reconciliation = z.infer<typeof ReconciliationSchema>;
