import { z } from '../zod.ts';

/** Where a person's data export stands (GET/POST /user/data-export). */
export const DATA_EXPORT_STATUSES = ['pending', 'running', 'ready', 'failed'] as const;

export const DataExportSchema = z.object({
  identifier: z.uuid(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the archive is deleted (ready exports). */
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** A signed link to the JSON archive, valid a few minutes (ready exports only). */
  download: z.object({ url: z.string(), expiresAt: z.string() }).nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** The caller's latest export, or null when they never asked (or it expired). */
export const DataExportStateSchema = z.object({ export: DataExportSchema.nullable() });
export type DataExportState = z.infer<typeof DataExportStateSchema>;

/** What an erased account kept because the law requires it, in the reader's language. */
export const KeptRecordSchema = z.object({
  kind: z.enum([
    'bookings',
    'ledger',
    'treatmentNotes',
    'clinicalNotes',
    'formAnswers',
    'clinicalForms',
    'audit',
    'documents',
    'consentSignatures',
    'consentDocuments',
  ]),
  count: z.number().int(),
  title: z.string(),
  reason: z.string(),
});

/** DELETE /user/profile/delete-account: the confirmation and what was kept, and why. */
export const DeleteAccountAnswerSchema = z.object({ message: z.string(), kept: z.array(KeptRecordSchema) });
export type DeleteAccountAnswer = z.infer<typeof DeleteAccountAnswerSchema>;
