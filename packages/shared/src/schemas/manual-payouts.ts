import { z } from '../zod.ts';
import { PageQuerySchema, pageSchema } from './common.ts';
import { PAYOUT_STATUSES } from './wallet.ts';

/**
 * Payouts an operator makes by hand (a bank transfer outside the product, in currencies whose
 * gateway pays out to no bank): the back office lists them and records the outcome.
 */
export const MANUAL_PAYOUT_STATES = ['awaiting', 'paid', 'failed'] as const;
export type ManualPayoutState = (typeof MANUAL_PAYOUT_STATES)[number];

export const ManualPayoutQuerySchema = PageQuerySchema.extend({
  /** awaiting: not recorded yet (oldest first); paid / failed: recorded (newest record first). */
  state: z.enum(MANUAL_PAYOUT_STATES).default('awaiting'),
});

export const ManualPayoutParamsSchema = z.object({ payoutId: z.uuid() });

export const MarkPayoutPaidBodySchema = z.object({
  /** The bank's reference of the transfer the operator made. */
  bankReference: z.string().trim().min(1).max(100),
  note: z.string().trim().max(500).optional(),
});
export type MarkPayoutPaidBody = z.infer<typeof MarkPayoutPaidBodySchema>;

export const MarkPayoutFailedBodySchema = z.object({
  /** Why the transfer could not be made (the earnings go back to the provider). */
  note: z.string().trim().min(1).max(500),
});
export type MarkPayoutFailedBody = z.infer<typeof MarkPayoutFailedBodySchema>;

export const ManualPayoutSchema = z.object({
  identifier: z.uuid(),
  reference: z.string(),
  amount: z.number().int(),
  currencyCode: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  createdAt: z.string(),
  provider: z.object({ identifier: z.uuid(), name: z.string(), email: z.string() }),
  /** Where to send the money: the provider's bank details as they were when the payout was requested. */
  bankAccount: z.object({
    variant: z.string().nullable(),
    accountName: z.string().nullable(),
    bankName: z.string().nullable(),
    bankCode: z.string().nullable(),
    accountNumber: z.string().nullable(),
    address: z.string().nullable(),
    postalCode: z.string().nullable(),
    accountType: z.string().nullable(),
    accountOwnership: z.string().nullable(),
  }),
  record: z
    .object({
      outcome: z.enum(['paid', 'failed']),
      bankReference: z.string().nullable(),
      note: z.string().nullable(),
      recordedBy: z.object({ identifier: z.uuid(), name: z.string() }),
      recordedAt: z.string(),
    })
    .nullable(),
});
export type ManualPayout = z.infer<typeof ManualPayoutSchema>;

export const ManualPayoutPageSchema = pageSchema(ManualPayoutSchema);
export type ManualPayoutPage = z.infer<typeof ManualPayoutPageSchema>;
