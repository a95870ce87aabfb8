import { LISTING_REQUIREMENTS } from '../listing-rules.ts';
import { messageKey, z } from '../zod.ts';

/** SPEC.md §3 "Qualification types". */
export const QUALIFICATION_TYPES = ['license', 'education', 'association', 'certification', 'conduct'] as const;
export type QualificationType = (typeof QUALIFICATION_TYPES)[number];

/** SPEC.md §5: doc, docx, pdf, jpg, jpeg, png (recognized by content on the server). */
export const QUALIFICATION_FILE_EXTENSIONS = ['doc', 'docx', 'pdf', 'jpg', 'jpeg', 'png'] as const;
export const CREDENTIAL_FILE_ACCEPT = '.doc,.docx,.pdf,.jpg,.jpeg,.png';
/** Files per qualification upload. */
export const MAX_FILES_PER_UPLOAD = 10;
/** Reminders before an indemnity insurance expires, in days. */
export const INSURANCE_REMINDER_DAYS = [30, 7] as const;

/** SPEC.md §5 "Credential number: letters, digits, dash, slash". */
const CREDENTIAL_NUMBER = /^[A-Za-z0-9/-]+$/;
/** SPEC.md §5 "month inputs 1900-01 to 2099-12, four-digit year". */
const MONTH = /^(19\d\d|20\d\d)-(0[1-9]|1[0-2])$/;

/** The text fields of a qualification upload or update (multipart fields, all strings). */
export const QualificationDetailsSchema = z
  .object({
    type: z.enum(QUALIFICATION_TYPES),
    body: z.string().trim().max(200).optional(),
    credentialNumber: z.string().trim().max(64).optional(),
    title: z.string().trim().max(200).optional(),
  })
  .superRefine((value, context) => {
    if (value.type === 'license') {
      if (!value.body || value.body.length < 2)
        context.addIssue({ code: 'custom', path: ['body'], message: 'validation.required' });
      if (!value.credentialNumber)
        context.addIssue({ code: 'custom', path: ['credentialNumber'], message: 'validation.required' });
      else if (!CREDENTIAL_NUMBER.test(value.credentialNumber))
        context.addIssue({ code: 'custom', path: ['credentialNumber'], message: 'credentials.credentialNumberFormat' });
    } else if (!value.title || value.title.length < 2) {
      context.addIssue({ code: 'custom', path: ['title'], message: 'validation.required' });
    }
  });
export type QualificationDetails = z.infer<typeof QualificationDetailsSchema>;

export const CredentialFileSchema = z.object({
  identifier: z.uuid(),
  filename: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  /** A short-lived signed link (GET /api/files/<token>). */
  url: z.string(),
});
export type CredentialFile = z.infer<typeof CredentialFileSchema>;

export const QualificationSchema = z.object({
  identifier: z.uuid(),
  type: z.enum(QUALIFICATION_TYPES),
  body: z.string().nullable(),
  credentialNumber: z.string().nullable(),
  title: z.string().nullable(),
  files: z.array(CredentialFileSchema),
  createdAt: z.string(),
});
export type Qualification = z.infer<typeof QualificationSchema>;

export const QualificationListSchema = z.object({ data: z.array(QualificationSchema) });

export const Month = z.string().regex(MONTH, 'credentials.monthFormat');

export const WorkHistoryInputSchema = z
  .object({
    companyName: z.string().trim().min(2).max(100),
    jobTitle: z.string().trim().min(2).max(100),
    startDate: Month,
    endDate: z.preprocess((v) => (v === '' ? null : v), Month.nullable()).optional(),
    currentlyWorksHere: z.boolean().default(false),
    description: z.string().trim().max(2000).optional().nullable(),
  })
  .transform((value) => ({ ...value, endDate: value.currentlyWorksHere ? null : (value.endDate ?? null) }))
  .superRefine((value, context) => {
    if (!value.currentlyWorksHere && !value.endDate)
      context.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.required' });
    if (value.endDate && value.endDate < value.startDate)
      context.addIssue({ code: 'custom', path: ['endDate'], message: 'credentials.endBeforeStart' });
  });
export type WorkHistoryInput = z.input<typeof WorkHistoryInputSchema>;

export const WorkHistorySchema = z.object({
  identifier: z.uuid(),
  companyName: z.string(),
  jobTitle: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  currentlyWorksHere: z.boolean(),
  description: z.string().nullable(),
});
export type WorkHistory = z.infer<typeof WorkHistorySchema>;
export const WorkHistoryListSchema = z.object({ data: z.array(WorkHistorySchema) });

/** YYYY-MM-DD. */
export const ExpiryDateSchema = z
  .string()
  .regex(/^(19|20)\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'credentials.dateFormat');

export const InsuranceSchema = CredentialFileSchema.extend({
  expiresOn: z.string(),
  expired: z.boolean(),
  createdAt: z.string(),
});
export type Insurance = z.infer<typeof InsuranceSchema>;
export const InsuranceListSchema = z.object({ data: z.array(InsuranceSchema) });

export const VERIFICATION_STATUS_VALUES = ['draft', 'submitted', 'approved', 'rejected'] as const;
export type VerificationStatusValue = (typeof VERIFICATION_STATUS_VALUES)[number];

/** What is still missing before a submission is accepted. */
export const MISSING_ITEMS = ['license', 'insurance'] as const;
export type MissingItem = (typeof MISSING_ITEMS)[number];

export const VerificationDecisionSchema = z.object({
  decision: z.enum(['approved', 'rejected']),
  note: z.string().nullable(),
  adminUserId: z.string().nullable(),
  decidedAt: z.string(),
});
export type VerificationDecisionEntry = z.infer<typeof VerificationDecisionSchema>;

/** GET /provider/qualification/verification-note: the status, the reviewer's last note and what is missing. */
export const VerificationNoteSchema = z.object({
  status: z.enum(VERIFICATION_STATUS_VALUES),
  /** Still shown in the directory (approved before, under review again or covered). */
  listed: z.boolean(),
  note: z.string().nullable(),
  decidedAt: z.string().nullable(),
  missing: z.array(z.enum(MISSING_ITEMS)),
  /** What the listing rule still lacks (@app/shared/listing-rules): the "ready to go live" checklist. */
  listingMissing: z.array(z.enum(LISTING_REQUIREMENTS)),
});
export type VerificationNote = z.infer<typeof VerificationNoteSchema>;

export const RejectNoteSchema = z
  .string()
  .trim()
  .min(3, messageKey('validation.tooShort', { minimum: 3 }))
  .max(2000);
