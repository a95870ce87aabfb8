import {
  DIAGNOSES_MAX,
  isValidNpi,
  MONTH_PATTERN,
  normalizeIcd10,
  TELEHEALTH_PLACES_OF_SERVICE,
} from '../billing-rules.ts';
import { messageKey, z } from '../zod.ts';

export const DOCUMENT_KINDS = ['receipt', 'refund_receipt', 'invoice'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** An issued receipt or invoice as lists show it (the PDF is GET /documents/{identifier}/pdf). */
export const DocumentSummarySchema = z.object({
  identifier: z.uuid(),
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string(),
  issuedAt: z.string(),
  amountMinor: z.number().int(),
  currencyCode: z.string(),
  bookingId: z.uuid().nullable(),
});
export type DocumentSummary = z.infer<typeof DocumentSummarySchema>;

/** GET /documents?bookingId= or ?transactionId=: the documents of one session or one wallet transaction. */
export const DocumentListQuerySchema = z
  .object({ bookingId: z.uuid().optional(), transactionId: z.uuid().optional() })
  .refine((query) => Boolean(query.bookingId) !== Boolean(query.transactionId), {
    message: 'documents.listNeedsOne',
  });
export type DocumentListQuery = z.infer<typeof DocumentListQuerySchema>;

export const DocumentListSchema = z.object({ data: z.array(DocumentSummarySchema) });
export type DocumentList = z.infer<typeof DocumentListSchema>;

export const MonthSchema = z.string().regex(MONTH_PATTERN, 'documents.invalidMonth');

export const StatementFormatSchema = z.enum(['pdf', 'csv']);
export const StatementQuerySchema = z.object({
  format: StatementFormatSchema.default('pdf'),
  /** An operator reading a provider's statement (audited). */
  providerId: z.uuid().optional(),
});
export type StatementQuery = z.infer<typeof StatementQuerySchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, messageKey('validation.tooLong', { maximum: max }))
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null);

/** PUT /provider/billing-details: what invoices and US superbills print about the provider. */
export const ProviderBillingDetailsUpdateSchema = z.object({
  practiceName: optionalText(100),
  npi: z
    .string()
    .trim()
    .refine((value) => value === '' || isValidNpi(value), 'documents.invalidNpi')
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null),
  licenseNumber: z
    .string()
    .trim()
    .max(32, messageKey('validation.tooLong', { maximum: 32 }))
    .refine((value) => value === '' || /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/.test(value), 'documents.invalidLicenseNumber')
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null),
  licenseStateIdentifier: z
    .union([z.uuid(), z.literal('')])
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null),
});
export type ProviderBillingDetailsUpdate = z.input<typeof ProviderBillingDetailsUpdateSchema>;

export const ProviderBillingDetailsSchema = z.object({
  practiceName: z.string().nullable(),
  npi: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  licenseStateIdentifier: z.uuid().nullable(),
});
export type ProviderBillingDetails = z.infer<typeof ProviderBillingDetailsSchema>;

/** PUT /note/booking/{id}/diagnosis: the ICD-10 codes of one session (none clears them). */
export const SessionDiagnosisUpdateSchema = z.object({
  codes: z
    .array(z.string().trim())
    .max(DIAGNOSES_MAX, messageKey('documents.tooManyDiagnoses', { maximum: DIAGNOSES_MAX }))
    .transform((codes, ctx) => {
      const normalized = codes.filter(Boolean).map((code) => normalizeIcd10(code));
      if (normalized.some((code) => code === undefined)) {
        ctx.addIssue({ code: 'custom', message: 'documents.invalidIcd10' });
        return z.NEVER;
      }
      return [...new Set(normalized as string[])];
    }),
  placeOfService: z.enum(TELEHEALTH_PLACES_OF_SERVICE).default('10'),
});
export type SessionDiagnosisUpdate = z.input<typeof SessionDiagnosisUpdateSchema>;

export const SessionDiagnosisSchema = z.object({
  codes: z.array(z.string()),
  placeOfService: z.enum(TELEHEALTH_PLACES_OF_SERVICE),
  updatedAt: z.string().nullable(),
});
export type SessionDiagnosis = z.infer<typeof SessionDiagnosisSchema>;
