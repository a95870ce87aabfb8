import { LANGUAGES } from '../constants.ts';
import { messageKey, z } from '../zod.ts';
import { EmailSchema, PersonNameSchema } from './auth.ts';

export const CLIENTS_PAGE_SIZE = 20;
/** Rows of one manual import (one form). */
export const MANUAL_IMPORT_MAX = 50;
/** Rows of one CSV file (header not counted). */
export const CSV_IMPORT_MAX_ROWS = 5000;

export const CLIENT_FIELDS = ['firstName', 'lastName', 'email', 'language'] as const;
export type ClientField = (typeof CLIENT_FIELDS)[number];

export const ImportedClientSchema = z.object({
  firstName: PersonNameSchema,
  lastName: PersonNameSchema,
  email: EmailSchema,
  language: z.enum(LANGUAGES).optional(),
});
export type ImportedClientInput = z.input<typeof ImportedClientSchema>;

/** POST /clients/import (email / manual entry): names and emails; an invitation when allowInvite. */
export const ImportClientsBodySchema = z.object({
  clients: z
    .array(ImportedClientSchema)
    .min(1, 'clients.atLeastOne')
    .max(MANUAL_IMPORT_MAX, messageKey('clients.tooMany', { maximum: MANUAL_IMPORT_MAX })),
  allowInvite: z.boolean().default(false),
});
export type ImportClientsBody = z.input<typeof ImportClientsBodySchema>;

/**
 * What became of each row: `imported` (a new record of what was typed), `invited` (the same, and
 * an invitation went out), `duplicate` (already their client). Never whether the address has an
 * account: that would tell a provider who is a client of the platform.
 */
export const IMPORT_OUTCOMES = ['imported', 'invited', 'duplicate'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
export const ImportClientsAnswerSchema = z.object({
  message: z.string(),
  imported: z.number().int(),
  invited: z.number().int(),
  results: z.array(
    z.object({
      email: z.string(),
      outcome: z.enum(IMPORT_OUTCOMES),
      /** The provider's record of the person (never an account id). */
      identifier: z.uuid().nullable(),
    }),
  ),
});
export type ImportClientsAnswer = z.infer<typeof ImportClientsAnswerSchema>;

/** The header mapping of a CSV import: which column (by its header text) holds each field. */
export const CsvMappingSchema = z.object({
  firstName: z.string().max(200).optional(),
  lastName: z.string().max(200).optional(),
  /** One column with the whole name, split at the last space, when first and last are not mapped. */
  fullName: z.string().max(200).optional(),
  email: z.string().max(200).optional(),
  language: z.string().max(200).optional(),
});
export type CsvMapping = z.infer<typeof CsvMappingSchema>;

export const CSV_ROW_STATUSES = ['ok', 'invalid', 'duplicate', 'imported'] as const;
export type CsvRowStatus = (typeof CSV_ROW_STATUSES)[number];

export const CsvRowReportSchema = z.object({
  /** The line of the file (the header is line 1). */
  line: z.number().int(),
  status: z.enum(CSV_ROW_STATUSES),
  /** Translated reasons for an invalid row, or what the row duplicates. */
  reasons: z.array(z.string()),
  duplicateOf: z.enum(['existing', 'row']).nullable(),
  /** For a duplicate of another row: that row's line. */
  duplicateLine: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type CsvRowReport = z.infer<typeof CsvRowReportSchema>;

export const CsvImportReportSchema = z.object({
  dryRun: z.boolean(),
  message: z.string(),
  headers: z.array(z.string()),
  mapping: CsvMappingSchema,
  /** Fields no column is mapped to (the rows are checked once nothing is missing). */
  missing: z.array(z.enum(['firstName', 'lastName', 'email'])),
  delimiter: z.string(),
  rows: z.array(CsvRowReportSchema),
  counts: z.object({
    total: z.number().int(),
    ok: z.number().int(),
    invalid: z.number().int(),
    duplicate: z.number().int(),
    imported: z.number().int(),
    invited: z.number().int(),
  }),
});
export type CsvImportReport = z.infer<typeof CsvImportReportSchema>;

export const ClientsQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  cursor: z.string().max(400).optional(),
  /** `imported`: only the clients the provider imported (SPEC.md §2 /clients/imported/). */
  source: z.enum(['all', 'imported']).default('all'),
  perPage: z.coerce.number().int().min(1).max(100).default(CLIENTS_PAGE_SIZE),
});
export type ClientsQuery = z.input<typeof ClientsQuerySchema>;

export const ClientSummarySchema = z.object({
  /** The client's account id when they have one, else the provider's record of them. */
  identifier: z.uuid(),
  /** An active relation with an account: they accepted the invitation or booked (never just imported). */
  hasAccount: z.boolean(),
  /** The person erased their account: shown as "Deleted client", without name, email or picture. */
  deleted: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  photoUrl: z.string().nullable(),
  booked: z.boolean(),
  imported: z.boolean(),
  lastSessionAt: z.string().nullable(),
  nextSessionAt: z.string().nullable(),
});
export type ClientSummary = z.infer<typeof ClientSummarySchema>;

export const ClientPageSchema = z.object({ data: z.array(ClientSummarySchema), nextCursor: z.string().nullable() });
export type ClientPage = z.infer<typeof ClientPageSchema>;

/** GET /client/profile/{id}: what the provider may see of their client. */
export const ClientProfileSchema = z.object({
  identifier: z.uuid(),
  hasAccount: z.boolean(),
  /** The person erased their account: nothing that names them is shown. */
  deleted: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  /** Account details only for a client who booked the provider (their own choice to share). */
  phoneNumber: z.string().nullable(),
  photoUrl: z.string().nullable(),
  timezone: z.string().nullable(),
  countryCode: z.string().nullable(),
});
export type ClientProfile = z.infer<typeof ClientProfileSchema>;

/** GET /clients/relation/{id}: how the client is the provider's, and what the provider can do. */
export const ClientRelationSchema = z.object({
  identifier: z.uuid(),
  booked: z.boolean(),
  imported: z.boolean(),
  importedAt: z.string().nullable(),
  invitedAt: z.string().nullable(),
  sessionsCount: z.number().int(),
  firstSessionAt: z.string().nullable(),
  lastSessionAt: z.string().nullable(),
  nextSessionAt: z.string().nullable(),
  /** The account to message or book for (null without an account). */
  userIdentifier: z.uuid().nullable(),
  canMessage: z.boolean(),
  canBook: z.boolean(),
});
export type ClientRelation = z.infer<typeof ClientRelationSchema>;

/** GET /client/invitations: providers who imported the client and asked them to accept. */
export const ClientInvitationSchema = z.object({
  /** The provider's record of the client: the id to accept or decline. */
  identifier: z.uuid(),
  provider: z.object({
    identifier: z.uuid(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    title: z.string().nullable(),
    photoUrl: z.string().nullable(),
  }),
  invitedAt: z.string(),
});
export type ClientInvitation = z.infer<typeof ClientInvitationSchema>;
export const ClientInvitationListSchema = z.object({ data: z.array(ClientInvitationSchema) });
export type ClientInvitationList = z.infer<typeof ClientInvitationListSchema>;

export const INVITATION_DECISIONS = ['accept', 'decline'] as const;
export type InvitationDecision = (typeof INVITATION_DECISIONS)[number];
export const InvitationDecisionParamsSchema = z.object({ id: z.uuid(), decision: z.enum(INVITATION_DECISIONS) });
export const InvitationAnswerSchema = z.object({ message: z.string(), decision: z.enum(INVITATION_DECISIONS) });
export type InvitationAnswer = z.infer<typeof InvitationAnswerSchema>;
