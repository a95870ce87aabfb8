import { messageKey, z } from '../zod.ts';

/** A consent document's words: plain paragraphs, long enough for a practice policy. */
export const CONSENT_BODY_MIN = 20;
export const CONSENT_BODY_MAX = 30_000;
/** The typed name of a signature (any script; compared to nothing: docs/decisions/consent-signatures.md). */
export const CONSENT_NAME_MAX = 200;

const instant = z.string();

/** POST /consent/documents: a new version of the provider's consent and practice policy. */
export const SaveConsentBodySchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, { message: 'telehealthConsent.bodyRequired', abort: true })
    .min(CONSENT_BODY_MIN, messageKey('validation.tooShort', { minimum: CONSENT_BODY_MIN }))
    .max(CONSENT_BODY_MAX, messageKey('validation.tooLong', { maximum: CONSENT_BODY_MAX })),
});
export type SaveConsentBody = z.input<typeof SaveConsentBodySchema>;

/** PUT /consent/settings: whether the session room waits for the client's signature. */
export const ConsentSettingsSchema = z.object({ required: z.boolean() });
export type ConsentSettings = z.infer<typeof ConsentSettingsSchema>;

export const ConsentVersionSchema = z.object({
  version: z.number().int(),
  body: z.string(),
  sha256: z.string(),
  createdAt: instant,
});
export type ConsentVersion = z.infer<typeof ConsentVersionSchema>;

/** GET /consent/documents (provider): every version, newest first, and the setting. */
export const OwnConsentSchema = z.object({
  required: z.boolean(),
  versions: z.array(ConsentVersionSchema.extend({ signatures: z.number().int() })),
});
export type OwnConsent = z.infer<typeof OwnConsentSchema>;

export const ConsentSignatureSchema = z.object({
  identifier: z.uuid(),
  version: z.number().int(),
  signedName: z.string(),
  signedAt: instant,
  ip: z.string().nullable(),
  sha256: z.string(),
});
export type ConsentSignature = z.infer<typeof ConsentSignatureSchema>;

/** POST /booking/{id}/consent (the client): the version read, the typed name and the explicit yes. */
export const SignConsentBodySchema = z.object({
  version: z.number().int().positive(),
  signedName: z
    .string()
    .trim()
    .min(1, 'telehealthConsent.nameRequired')
    .max(CONSENT_NAME_MAX, messageKey('validation.tooLong', { maximum: CONSENT_NAME_MAX })),
  agreed: z.boolean().refine((value) => value, 'telehealthConsent.agreeRequired'),
});
export type SignConsentBody = z.input<typeof SignConsentBodySchema>;

/**
 * GET /booking/{id}/consent (either party): the provider's current consent for this booking's
 * client, whether the room waits for it, and the client's signature of that version (if any).
 * `document` is null when the provider has none (nothing to sign, no gate).
 */
export const BookingConsentSchema = z.object({
  bookingIdentifier: z.uuid(),
  party: z.enum(['client', 'provider']),
  provider: z.object({ identifier: z.uuid(), name: z.string() }),
  client: z.object({ identifier: z.uuid(), name: z.string() }),
  required: z.boolean(),
  document: ConsentVersionSchema.nullable(),
  signature: ConsentSignatureSchema.nullable(),
});
export type BookingConsent = z.infer<typeof BookingConsentSchema>;

/** GET /consent/pending (client): the providers of upcoming sessions waiting for a signature. */
export const PendingConsentsSchema = z.object({
  data: z.array(
    z.object({
      bookingIdentifier: z.uuid(),
      provider: z.object({ identifier: z.uuid(), name: z.string() }),
      version: z.number().int(),
      required: z.boolean(),
      startAt: instant.nullable(),
    }),
  ),
});
export type PendingConsents = z.infer<typeof PendingConsentsSchema>;

/** GET /consent/clients/{id} (provider): a client's signatures of this provider's consent, newest first. */
export const ClientConsentStateSchema = z.object({
  currentVersion: z.number().int().nullable(),
  required: z.boolean(),
  signedCurrent: z.boolean(),
  signatures: z.array(ConsentSignatureSchema),
});
export type ClientConsentState = z.infer<typeof ClientConsentStateSchema>;
