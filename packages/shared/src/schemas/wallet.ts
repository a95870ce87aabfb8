import {
  BANK_ACCOUNT_VARIANTS,
  type BankAccountVariant,
  bankAccountVariant,
  digitsOnly,
  isValidAbaRouting,
  isValidBic,
  isValidIban,
  isValidNuban,
  nigerianBankName,
  normalizeIban,
  SORT_CODE,
} from '../bank-rules.ts';
import { type CurrencyCode, MIN_TOP_UP_MAJOR, minTopUpMinor } from '../currency.ts';
import { ACCOUNT_HOLDER_PATTERN } from '../people-rules.ts';
import { messageKey, z } from '../zod.ts';
import { PageQuerySchema, pageSchema } from './common.ts';

/** Ledger transaction types a user can see (wallet and earnings history). */
export const TRANSACTION_TYPES = [
  'top_up',
  'booking_payment',
  'refund',
  'earning',
  'payout',
  'payout_reversal',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'abandoned'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYOUT_STATUSES = ['pending', 'success', 'failed', 'reversed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Largest amount one request may move: far above any real top-up, far below 2^53. */
export const MAX_AMOUNT_MINOR = 1_000_000_000_000;

const amountMinor = z.number().int().positive().max(MAX_AMOUNT_MINOR);

/** A path on this site (no scheme, no host, no `//`): where a gateway sends the payer back. */
export const LocalPathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'validation.invalidFormat');

// ---------------------------------------------------------------- wallet

const CurrencyBalanceSchema = z.object({ balance: z.number().int(), currency: z.string() });

/**
 * The wallet in the currency of the owner's country, and any money it holds in other currencies
 * (refunds of sessions priced in another country's currency, or a balance from before the owner
 * moved country): never hidden, spent on sessions priced in that currency.
 */
export const WalletBalanceSchema = CurrencyBalanceSchema.extend({ others: z.array(CurrencyBalanceSchema) });
export type WalletBalance = z.infer<typeof WalletBalanceSchema>;

export const WalletStatsSchema = z.object({
  currency: z.string(),
  /** Everything ever credited / debited, minor units, both positive. */
  totalIn: z.number().int(),
  totalOut: z.number().int(),
  /** The same for the current calendar month in the user's time zone. */
  thisMonthIn: z.number().int(),
  thisMonthOut: z.number().int(),
  transactionCount: z.number().int(),
});
export type WalletStats = z.infer<typeof WalletStatsSchema>;

export const WalletTransactionSchema = z.object({
  identifier: z.uuid(),
  type: z.enum(TRANSACTION_TYPES),
  direction: z.enum(['credit', 'debit']),
  /** Always positive; `direction` says which way it moved. */
  amount: z.number().int(),
  currencyCode: z.string(),
  balanceAfter: z.number().int(),
  /** Localized label of the type and channel, e.g. "Card top-up". */
  title: z.string(),
  description: z.string().nullable(),
  reference: z.string(),
  createdAt: z.string(),
});
export type WalletTransaction = z.infer<typeof WalletTransactionSchema>;

export const WalletTransactionDetailSchema = WalletTransactionSchema.extend({
  payment: z
    .object({ reference: z.string(), channel: z.enum(['card', 'bank_transfer']), status: z.enum(PAYMENT_STATUSES) })
    .nullable(),
});
export type WalletTransactionDetail = z.infer<typeof WalletTransactionDetailSchema>;

export const WalletTransactionsQuerySchema = PageQuerySchema.extend({
  fromDate: z.iso.date().optional(),
  toDate: z.iso.date().optional(),
  transactionType: z.enum(TRANSACTION_TYPES).optional(),
}).refine((query) => !query.fromDate || !query.toDate || query.fromDate <= query.toDate, {
  message: 'wallet.dateRangeInvalid',
  path: ['toDate'],
});

export const WalletTransactionPageSchema = pageSchema(WalletTransactionSchema);

// ---------------------------------------------------------------- card payments

export const TopUpBodySchema = z.object({
  /** Minor units (the typed major amount times 100). */
  amount: amountMinor,
  /** Where the checkout returns the payer; default /wallet/. */
  callbackUrl: LocalPathSchema.optional(),
});
export type TopUpBody = z.infer<typeof TopUpBodySchema>;

/** The top-up rule for a form that knows the wallet currency: SPEC.md §5 "Top-up". */
export function topUpAmountSchema(currency: CurrencyCode) {
  return amountMinor.min(
    minTopUpMinor(currency),
    messageKey('wallet.topUpMinimum', { amount: MIN_TOP_UP_MAJOR[currency], currency }),
  );
}

export const CardPaymentAnswerSchema = z.object({
  metadata: z.object({ authorizationUrl: z.string() }),
  payment: z.object({ reference: z.string(), status: z.enum(PAYMENT_STATUSES) }),
});
export type CardPaymentAnswer = z.infer<typeof CardPaymentAnswerSchema>;

export const PaymentReferenceParamsSchema = z.object({
  reference: z.string().regex(/^[A-Za-z0-9._=-]{1,100}$/, 'validation.invalidFormat'),
});

export const PaymentStatusAnswerSchema = z.object({
  reference: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number().int(),
  currencyCode: z.string(),
  purpose: z.enum(['top_up', 'booking', 'booking_series']),
  /** Where a successful payment went: the wallet, or straight to the booking it paid for. */
  creditedTo: z.enum(['wallet', 'booking']).nullable(),
});
export type PaymentStatusAnswer = z.infer<typeof PaymentStatusAnswerSchema>;

// ---------------------------------------------------------------- bank transfer top-up

export const VirtualAccountSchema = z.object({
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
});
export type VirtualAccount = z.infer<typeof VirtualAccountSchema>;

export const SandboxTransferParamsSchema = z.object({ accountNumber: z.string().regex(/^\d{6,20}$/) });
export const SandboxTransferBodySchema = z.object({
  amount: amountMinor,
  /** The bank's transfer reference; sending the same one twice simulates a repeated notification. */
  reference: z
    .string()
    .regex(/^[A-Za-z0-9._=-]{6,100}$/, 'validation.invalidFormat')
    .optional(),
});
export const SandboxTransferAnswerSchema = z.object({
  reference: z.string(),
  credited: z.boolean(),
  amount: z.number().int(),
  currencyCode: z.string(),
});

export const SandboxDecisionAnswerSchema = z.object({
  reference: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  redirectUrl: z.string(),
});

// ---------------------------------------------------------------- earnings and payouts

export const EarningsSummarySchema = z.object({
  currency: z.string(),
  /** What can be paid out now. */
  available: z.number().int(),
  /** Earned but held for the dispute window after each session (or until a report is decided). */
  held: z.number().int(),
  /** The held earnings one by one, soonest released first; `until` null: waiting for a decision on a report. */
  heldItems: z.array(z.object({ bookingIdentifier: z.uuid(), amount: z.number().int(), until: z.string().nullable() })),
  /** Net earnings ever credited (after commission), and the commission kept. */
  totalEarned: z.number().int(),
  totalCommission: z.number().int(),
  /** Paid out (settled or on the way), net of reversals. */
  totalWithdrawn: z.number().int(),
  pendingPayouts: z.number().int(),
  thisMonthEarned: z.number().int(),
  /** Platform commission in percent, e.g. 15. */
  commissionRate: z.number(),
});
export type EarningsSummary = z.infer<typeof EarningsSummarySchema>;

export const EarningsHistoryItemSchema = WalletTransactionSchema.extend({
  /** Payouts only: where the transfer stands. */
  payoutStatus: z.enum(PAYOUT_STATUSES).nullable(),
  /** Earnings only: the session price and the commission taken from it. */
  grossAmount: z.number().int().nullable(),
  commission: z.number().int().nullable(),
});
export type EarningsHistoryItem = z.infer<typeof EarningsHistoryItemSchema>;
export const EarningsHistoryPageSchema = pageSchema(EarningsHistoryItemSchema);

export const ACCOUNT_TYPES = ['checking', 'savings'] as const;
export const ACCOUNT_OWNERSHIPS = ['business', 'personal'] as const;

/**
 * 3-32 characters of a name as banks print it: letters of any script, spaces, hyphens, commas,
 * apostrophes, periods (SPEC.md §5 "Bank (general)"; the US variant takes the same, as "Maya
 * O'Patel" is a US name too: docs/decisions/profiles-real-names.md).
 */
const accountHolder = (key: string) => z.string().min(3, key).max(32, key).regex(ACCOUNT_HOLDER_PATTERN, key);
const DIGITS_3_32 = /^\d{3,32}$/;

/** Required text, trimmed: empty says "required"; otherwise the first failed rule speaks. */
const field = <T extends z.ZodType<string, string>>(rule: T) =>
  z.string().trim().min(1, 'validation.required').pipe(rule);

/** Every field any variant accepts; the route's body. The provider's country picks the rules. */
export const BankAccountBodySchema = z.object({
  accountName: z.string().max(200).optional(),
  bankCode: z.string().max(200).optional(),
  bankName: z.string().max(200).optional(),
  accountNumber: z.string().max(200).optional(),
  address: z.string().max(500).nullable().optional(),
  postalCode: z.string().max(200).nullable().optional(),
  accountType: z.string().max(50).nullable().optional(),
  accountOwnership: z.string().max(50).nullable().optional(),
  dateOfBirth: z.string().max(50).nullable().optional(),
});
export type BankAccountBody = z.infer<typeof BankAccountBodySchema>;

const generalFields = {
  accountName: field(accountHolder('wallet.bank.accountName')),
  bankCode: field(z.string().regex(DIGITS_3_32, 'wallet.bank.bankCode')),
  bankName: field(z.string().min(3, 'wallet.bank.bankName').max(100, 'wallet.bank.bankName')),
  accountNumber: field(z.string().regex(DIGITS_3_32, 'wallet.bank.accountNumber')),
};

const ukFields = {
  address: field(z.string().min(5, 'wallet.bank.address').max(100, 'wallet.bank.address')),
  postalCode: field(z.string().min(3, 'wallet.bank.postalCode').max(10, 'wallet.bank.postalCode')),
  accountType: z.enum(ACCOUNT_TYPES, 'wallet.bank.accountType'),
  accountOwnership: z.enum(ACCOUNT_OWNERSHIPS, 'wallet.bank.accountOwnership'),
  /** YYYY-MM-DD from 1900; the server also refuses a date that has not happened yet. */
  dateOfBirth: field(
    z.iso.date('wallet.bank.dateOfBirth').refine((value) => value >= '1900-01-01', 'wallet.bank.dateOfBirth'),
  ),
};

/** Any country without rules of its own: name, bank code, bank, number (SPEC.md §5 "Bank (general)"). */
export const BankAccountGeneralSchema = z.object(generalFields);
/** United Kingdom: sort code and 8-digit account number; also address, postal code, account type, ownership and date of birth. */
export const BankAccountUkSchema = z.object({
  ...generalFields,
  ...ukFields,
  bankCode: field(z.string().regex(SORT_CODE, 'wallet.bank.sortCode').transform(digitsOnly)),
  accountNumber: field(z.string().regex(/^\d{8}$/, 'wallet.bank.ukAccountNumber')),
});
/** United States: the UK's extra fields; the name is letters, hyphen and spaces; bankCode is the ABA routing number. */
export const BankAccountUsSchema = z.object({
  ...generalFields,
  ...ukFields,
  accountName: field(accountHolder('wallet.bank.accountNameUs')),
  bankCode: field(
    z
      .string()
      .regex(/^\d{9}$/, 'wallet.bank.routingNumber')
      .refine((routing) => !/^\d{9}$/.test(routing) || isValidAbaRouting(routing), 'wallet.bank.routingCheck'),
  ),
  accountNumber: field(z.string().regex(/^\d{4,17}$/, 'wallet.bank.usAccountNumber')),
});
/** Nigeria: a bank from the list (its name follows from it) and a 10-digit NUBAN whose check digit fits that bank. */
export const BankAccountNgSchema = z
  .object({
    accountName: generalFields.accountName,
    bankCode: field(z.string().refine((code) => nigerianBankName(code) !== undefined, 'wallet.bank.nigerianBank')),
    bankName: z.string().optional(),
    accountNumber: field(z.string().regex(/^\d{10}$/, 'wallet.bank.nuban')),
  })
  .superRefine((value, ctx) => {
    // Only a well-formed number at a listed bank can fail its check digit; the rest already said why.
    const checkable = /^\d{10}$/.test(value.accountNumber) && nigerianBankName(value.bankCode) !== undefined;
    if (checkable && !isValidNuban(value.bankCode, value.accountNumber)) {
      ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: 'wallet.bank.nubanCheck' });
    }
  })
  .transform((value) => ({ ...value, bankName: nigerianBankName(value.bankCode) as string }));
/** Germany and every other IBAN country: the IBAN (kept in its electronic form), the bank's name, an optional BIC. */
export const BankAccountIbanSchema = z.object({
  accountName: generalFields.accountName,
  bankName: generalFields.bankName,
  accountNumber: field(z.string().refine(isValidIban, 'wallet.bank.iban').transform(normalizeIban)),
  bankCode: z
    .string()
    .trim()
    .refine((bic) => bic === '' || isValidBic(bic), 'wallet.bank.bic')
    .transform((bic) => bic.replace(/\s/g, '').toUpperCase())
    .optional()
    .default(''),
});

export { type BankAccountVariant, bankAccountVariant };

/** The schema a form and the server use for a provider of this country. */
export function bankAccountSchemaFor(countryCode: string | null | undefined) {
  return BANK_ACCOUNT_SCHEMAS[bankAccountVariant(countryCode)];
}

export const BANK_ACCOUNT_SCHEMAS = {
  general: BankAccountGeneralSchema,
  NG: BankAccountNgSchema,
  GB: BankAccountUkSchema,
  US: BankAccountUsSchema,
  IBAN: BankAccountIbanSchema,
} as const;

export const BankAccountSchema = z.object({
  accountName: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  accountType: z.enum(ACCOUNT_TYPES).nullable(),
  accountOwnership: z.enum(ACCOUNT_OWNERSHIPS).nullable(),
  dateOfBirth: z.string().nullable(),
  /** Which rules applied (bank-rules.ts); the web labels bankCode and accountNumber by it. */
  variant: z.enum(BANK_ACCOUNT_VARIANTS),
  updatedAt: z.string(),
});
export type BankAccount = z.infer<typeof BankAccountSchema>;

export const PayoutBodySchema = z.object({ amount: amountMinor });

export const PayoutSchema = z.object({
  identifier: z.uuid(),
  reference: z.string(),
  amount: z.number().int(),
  currencyCode: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  createdAt: z.string(),
});
export type Payout = z.infer<typeof PayoutSchema>;
