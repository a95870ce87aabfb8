import { PERSON_NAME_PATTERN, PERSON_TITLE_PATTERN, PHONE_TYPED_PATTERN, phoneDigits } from '../people-rules.ts';
import { messageKey, z } from '../zod.ts';
import { PREFERENCE_LIST_NAMES } from './catalog.ts';
import { NamedItemSchema } from './common.ts';
import { StateSchema } from './region.ts';

/** A person's own gender (the "gender" preference list holds what a client prefers in a therapist). */
export const GENDERS = ['female', 'male', 'non-binary', 'prefer-not-to-say'] as const;
export type Gender = (typeof GENDERS)[number];

export const VERIFICATION_STATUSES = ['draft', 'submitted', 'approved', 'rejected'] as const;

/** Largest fee a provider may set, in minor units (10,000,000.00 of any currency). */
export const FEE_MAX_MINOR = 1_000_000_000;

/** Profile image variants the server keeps, in pixels (square, WebP). */
export const PROFILE_IMAGE_SIZES = { large: 512, thumbnail: 128 } as const;

const USERNAME = /^[A-Za-z0-9_@-]+$/;
const HEADLINE = /^[\p{L}\p{M} ()-]+$/u;
/** Letters and digits, with single spaces or hyphens inside (SW1A 1AA, 12345-6789). */
const ZIP = /^[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*$/;
const LETTER = /\p{L}/u;

/** Empty or blank strings become null (SPEC.md §5 "empty strings become null"). */
function blankToNull(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? null : value;
}

/** Absent: leave unchanged; null or "": clear; otherwise checked by `schema`. */
function clearable<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToNull, schema.nullable()).optional();
}

/** A required identifier: missing or "" answers "This field is required". */
const requiredId = z.preprocess((value) => (value === '' || value === null ? undefined : value), z.uuid());

/** SPEC.md §5's 3-32 characters, written by the one name rule of `people-rules`. */
const personName = z.string().trim().min(3).max(32).regex(PERSON_NAME_PATTERN, 'profiles.nameFormat');

/**
 * A phone number as typed (digits, spaces, ( ) - . / and a leading +), its digits counted between
 * `min` and `max`, one message at a time. The server stores it normalized.
 */
export function digitsNumber(min: number, max: number) {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') {
        ctx.addIssue({ code: 'custom', message: 'validation.required' });
        return;
      }
      if (!PHONE_TYPED_PATTERN.test(value)) {
        ctx.addIssue({ code: 'custom', message: 'profiles.numberDigits' });
        return;
      }
      const digits = phoneDigits(value).length;
      if (digits < min)
        ctx.addIssue({ code: 'custom', message: messageKey('profiles.numberTooShort', { minimum: min }) });
      if (digits > max)
        ctx.addIssue({ code: 'custom', message: messageKey('profiles.numberTooLong', { maximum: max }) });
    });
}

const zipCode = z.string().trim().min(5).max(10).regex(ZIP, 'profiles.zipFormat');
const dateOfBirth = z.iso.date({ error: 'profiles.dateFormat' });
const gender = z.enum(GENDERS, {
  error: (issue) =>
    issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalidEnum',
});
const timezone = z
  .string()
  .trim()
  .refine((value) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      return value.includes('/') || value === 'UTC';
    } catch {
      return false;
    }
  }, 'profiles.timezoneInvalid');
const headline = z.string().trim().min(3).max(32).regex(HEADLINE, 'profiles.headlineFormat');
const title = z.string().trim().min(2).max(32).regex(PERSON_TITLE_PATTERN, 'profiles.titleFormat');

/** Response fields both profiles read from the user row: place, birth date, religion, background, gender. */
const personDetailsFields = {
  countryIdentifier: z.uuid().nullable(),
  stateIdentifier: z.uuid().nullable(),
  dob: z.string().nullable(),
  religionIdentifier: z.uuid().nullable(),
  ethnicityIdentifier: z.uuid().nullable(),
  gender: gender.nullable(),
};

// ---------------------------------------------------------------------------
// Client
// ---------------------------------------------------------------------------

export const EmergencyContactSchema = z.object({
  name: personName,
  phoneNumber: digitsNumber(3, 32),
});
export type EmergencyContact = z.infer<typeof EmergencyContactSchema>;

/**
 * PUT /client. userName is required; every other field may be left out (unchanged) or sent
 * as null / "" (cleared). Fields a client may not set (email, role, photo, isSocial) are dropped.
 */
export const ClientProfileUpdateSchema = z.object({
  firstName: clearable(personName),
  lastName: clearable(personName),
  userName: z.string().trim().min(3).max(32).regex(USERNAME, 'profiles.userNameFormat'),
  zipCode: clearable(zipCode),
  countryIdentifier: clearable(z.uuid()),
  stateIdentifier: clearable(z.uuid()),
  dob: clearable(dateOfBirth),
  religionIdentifier: clearable(z.uuid()),
  ethnicityIdentifier: clearable(z.uuid()),
  gender: clearable(gender),
  timezone: timezone.optional(),
});
export type ClientProfileUpdate = z.infer<typeof ClientProfileUpdateSchema>;

export const ClientProfileSchema = z.object({
  identifier: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  photoUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  avatarIdentifier: z.uuid().nullable(),
  userName: z.string().nullable(),
  email: z.string(),
  zipCode: z.string().nullable(),
  ...personDetailsFields,
  timezone: z.string(),
  isSocial: z.boolean(),
  emergencyContact: z.object({ name: z.string(), phoneNumber: z.string() }).nullable(),
});
export type ClientProfile = z.infer<typeof ClientProfileSchema>;

export const PhotoSchema = z.object({ photoUrl: z.string().nullable(), thumbnailUrl: z.string().nullable() });
export type Photo = z.infer<typeof PhotoSchema>;

export const AvatarSchema = z.object({ identifier: z.uuid(), photoUrl: z.string() });
export type Avatar = z.infer<typeof AvatarSchema>;

// ---------------------------------------------------------------------------
// Preferences
// ---------------------------------------------------------------------------

const listName = z.enum(PREFERENCE_LIST_NAMES, { error: 'validation.unknownList' });

/** PUT body: the lists sent are replaced; lists left out stay as they are. */
export const PreferencesUpdateSchema = z.partialRecord(listName, z.array(z.uuid()).max(50), {
  // A key outside the enum is reported as `unrecognized_keys` (zod's types only list the key issues).
  error: (issue) => ((issue.code as string) === 'unrecognized_keys' ? 'validation.unknownList' : undefined),
});
export type PreferencesUpdate = z.infer<typeof PreferencesUpdateSchema>;

/** Every list, with the chosen options (empty when none). */
export const PreferencesSchema = z.record(listName, z.array(NamedItemSchema));
export type Preferences = z.infer<typeof PreferencesSchema>;

// ---------------------------------------------------------------------------
// Provider
// ---------------------------------------------------------------------------

/** POST /provider/update/info (SPEC.md §5 "Provider profile"). */
export const ProviderInfoUpdateSchema = z.object({
  firstName: personName,
  lastName: personName,
  phoneNumber: digitsNumber(10, 13),
  headline: clearable(headline),
  title: clearable(title),
  officeAddress: clearable(z.string().trim().min(3).max(200)),
  bio: clearable(z.string().trim().max(2000)),
  zipCode: clearable(zipCode),
  countryIdentifier: requiredId,
  stateIdentifier: requiredId,
  dob: clearable(dateOfBirth),
  religionIdentifier: clearable(z.uuid()),
  ethnicityIdentifier: requiredId,
  gender,
  disciplineIdentifier: clearable(z.uuid()),
});
export type ProviderInfoUpdate = z.infer<typeof ProviderInfoUpdateSchema>;

/** POST /provider/setup (SPEC.md §5 "Provider setup"): the onboarding step. */
export const ProviderSetupSchema = z.object({
  countryIdentifier: requiredId,
  stateIdentifier: requiredId,
  title,
  gender,
  officeAddress: z.string().trim().min(5).max(200).regex(LETTER, 'profiles.addressLetter'),
  zipCode,
  therapyIdentifiers: z.array(z.uuid()).min(1, 'profiles.therapyRequired').max(50),
  modalityIdentifiers: z.array(z.uuid()).min(1, 'profiles.modalityRequired').max(50),
  specialityIdentifiers: z.array(z.uuid()).min(1, 'profiles.specialityRequired').max(50),
});
export type ProviderSetup = z.infer<typeof ProviderSetupSchema>;

const feeFields = {
  fee: z.number().int().min(0).max(FEE_MAX_MINOR).optional(),
  isFree: z.boolean().default(false),
};

function requireFeeUnlessFree(value: { fee?: number; isFree: boolean }, ctx: z.RefinementCtx) {
  if (!value.isFree && value.fee === undefined) {
    ctx.addIssue({ code: 'custom', path: ['fee'], message: 'validation.required' });
  }
}

/** POST /provider/booking-fee/general: fee in minor units; isFree forces 0. */
export const GeneralFeeUpdateSchema = z.object(feeFields).superRefine(requireFeeUnlessFree);
export type GeneralFeeUpdate = z.infer<typeof GeneralFeeUpdateSchema>;

/** POST /provider/booking-fee/therapy: the same for one therapy category. */
export const TherapyFeeUpdateSchema = z
  .object({ ...feeFields, therapyIdentifier: z.uuid() })
  .superRefine(requireFeeUnlessFree);
export type TherapyFeeUpdate = z.infer<typeof TherapyFeeUpdateSchema>;

export const FeeSchema = z.object({ fee: z.number().int(), isFree: z.boolean(), currencyCode: z.string() });
export type Fee = z.infer<typeof FeeSchema>;

export const BookingFeeSchema = z.object({
  general: FeeSchema.nullable(),
  therapy: z.array(FeeSchema.extend({ therapyIdentifier: z.uuid(), therapyName: z.string() })),
});
export type BookingFee = z.infer<typeof BookingFeeSchema>;

export const SETUP_ITEMS = [
  'country',
  'state',
  'title',
  'gender',
  'officeAddress',
  'zipCode',
  'therapy',
  'modality',
  'specialities',
  'bookingFee',
] as const;
export type SetupItem = (typeof SETUP_ITEMS)[number];

export const ProviderProfileSchema = z.object({
  profileInfo: z.object({
    identifier: z.uuid(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
    photo: z.string().nullable(),
    thumbnail: z.string().nullable(),
    headline: z.string().nullable(),
    title: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    officeAddress: z.string().nullable(),
    bio: z.string().nullable(),
    zipCode: z.string().nullable(),
    country: z.object({ identifier: z.uuid(), code: z.string() }).nullable(),
    ...personDetailsFields,
    disciplineIdentifier: z.uuid().nullable(),
  }),
  bookingFee: BookingFeeSchema,
  setup: z.object({
    isComplete: z.boolean(),
    /** When the setup step was last saved (complete or not). */
    savedAt: z.string().nullable(),
    missing: z.array(z.enum(SETUP_ITEMS)),
  }),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  preferences: PreferencesSchema,
});
export type ProviderProfile = z.infer<typeof ProviderProfileSchema>;

export const LicenseStatesUpdateSchema = z.object({ stateIdentifiers: z.array(z.uuid()).max(60) });
export type LicenseStatesUpdate = z.infer<typeof LicenseStatesUpdateSchema>;
export const LicenseStatesSchema = z.array(StateSchema);
