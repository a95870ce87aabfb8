import { PERSON_NAME_MAX, PERSON_NAME_PATTERN, PHONE_TYPED_PATTERN, phoneDigits } from '../people-rules.ts';
import { isValidTimeZone } from '../time-zones.ts';
import { messageKey, z } from '../zod.ts';
import { UserRoleSchema } from './auth-token.ts';

/** DESIGN.md §4: 8-64 characters with a letter (the common-password check runs on the server). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 13;
export const NAME_MAX = PERSON_NAME_MAX;
export const EMAIL_MAX = 254;
/** SPEC.md §5 "Update email": the new address is 6-32 characters. */
export const CHANGE_EMAIL_MIN = 6;
export const CHANGE_EMAIL_MAX = 32;
export const EMAIL_CODE_LENGTH = 6;

/** A required string: empty input says "This field is required" once, and no other rule runs. */
function requiredString() {
  return z.string().trim().min(1, { abort: true });
}

export const EmailSchema = requiredString().toLowerCase().pipe(z.email().max(EMAIL_MAX));

/** A new password: the sign-up rules (also used by reset and change). */
export const NewPasswordSchema = z
  .string()
  .min(1, { abort: true })
  .min(PASSWORD_MIN, 'auth.passwordTooShort')
  .max(PASSWORD_MAX, 'auth.passwordTooLong')
  .regex(/\p{L}/u, 'auth.passwordNeedsLetter');

/** A password typed to prove who you are: anything sign-up accepted (DESIGN.md §4). */
export const CurrentPasswordSchema = z.string().min(1).max(PASSWORD_MAX, 'auth.passwordTooLong');

/**
 * A person's name: starts with a letter of any script; letters, spaces, hyphens and apostrophes
 * (docs/decisions/profiles-real-names.md: SPEC.md §5 said letters, digits and spaces).
 */
export const PersonNameSchema = requiredString()
  .max(NAME_MAX, messageKey('validation.tooLong', { maximum: NAME_MAX }))
  .regex(PERSON_NAME_PATTERN, 'auth.nameInvalid');

const digitCount = (value: string) => phoneDigits(value).length;

/**
 * A phone number as typed, spaces and separators included; 10-13 digits (SPEC.md §5). The
 * server stores it normalized (E.164 where the country is known).
 */
export const PhoneSchema = requiredString()
  .regex(PHONE_TYPED_PATTERN, { message: 'auth.phoneInvalid', abort: true })
  .refine((value) => digitCount(value) >= PHONE_MIN_DIGITS, 'auth.phoneTooShort')
  .refine((value) => digitCount(value) <= PHONE_MAX_DIGITS, 'auth.phoneTooLong');

/** An IANA zone name the runtime knows (Intl). */
export const TimeZoneSchema = requiredString().max(64).refine(isValidTimeZone, 'auth.timezoneInvalid');

const AgreeToTermsSchema = z.literal(true, { error: 'auth.agreeToTerms' });

/** Adds "second equals first" on `path: [second]`, checked even when other fields failed (both must be strings). */
function requireMatch<T extends z.ZodObject>(schema: T, first: string, second: string, key: string): T {
  return schema.refine((value: Record<string, unknown>) => value[first] === value[second], {
    path: [second],
    message: key,
    when: (payload) => {
      const value = payload.value as Record<string, unknown> | undefined;
      return typeof value?.[first] === 'string' && typeof value?.[second] === 'string';
    },
  });
}

/** SPEC.md §5 "Sign up (client)". */
export const ClientRegisterSchema = requireMatch(
  z.object({
    userType: z.literal('client'),
    email: EmailSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string(),
    firstName: PersonNameSchema,
    lastName: PersonNameSchema,
    phoneNumber: PhoneSchema,
    agreeToTerms: AgreeToTermsSchema,
    /** Optional: else the X-Country-Code header's country, if known. */
    countryIdentifier: z.uuid().optional(),
    /** Optional: the browser's zone; else the country's main zone. */
    timezone: TimeZoneSchema.optional(),
  }),
  'password',
  'confirmPassword',
  'auth.passwordsMustMatch',
);

/** SPEC.md §5 "Sign up (provider)". Names are optional here (the profile asks for them later). */
export const ProviderRegisterSchema = requireMatch(
  requireMatch(
    z.object({
      userType: z.literal('provider'),
      email: EmailSchema,
      confirmEmail: requiredString().toLowerCase(),
      password: NewPasswordSchema,
      confirmPassword: z.string().optional(),
      countryIdentifier: z.uuid({
        error: (issue) =>
          issue.input === undefined || issue.input === null ? 'auth.countryRequired' : 'validation.invalidUuid',
      }),
      agreeToTerms: AgreeToTermsSchema,
      firstName: PersonNameSchema.optional(),
      lastName: PersonNameSchema.optional(),
      timezone: TimeZoneSchema.optional(),
    }),
    'email',
    'confirmEmail',
    'auth.emailsMustMatch',
  ),
  'password',
  'confirmPassword',
  'auth.passwordsMustMatch',
);

/** `userType` picks the form; admins are never created by sign-up. */
export const RegisterSchema = z.discriminatedUnion('userType', [ClientRegisterSchema, ProviderRegisterSchema], {
  error: 'auth.userTypeInvalid',
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const LoginSchema = z.object({
  email: EmailSchema,
  password: CurrentPasswordSchema,
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const EmailOnlySchema = z.object({ email: EmailSchema });

/** Verification and reset links carry a random token (base64url of 32 bytes). */
export const LinkTokenSchema = z.object({ token: requiredString().max(128) });

export const PasswordResetSchema = requireMatch(
  z.object({
    token: requiredString().max(128),
    password: NewPasswordSchema,
    confirmPassword: z.string().optional(),
  }),
  'password',
  'confirmPassword',
  'auth.passwordsMustMatch',
);

export const UpdatePasswordSchema = requireMatch(
  z.object({
    oldPassword: CurrentPasswordSchema,
    newPassword: NewPasswordSchema,
    confirmPassword: z.string(),
  }),
  'newPassword',
  'confirmPassword',
  'auth.passwordsMustMatch',
);

/** SPEC.md §5 "Update email": 6-32 characters, confirmation must match. */
export const ChangeEmailSchema = requireMatch(
  z.object({
    email: requiredString()
      .toLowerCase()
      .min(CHANGE_EMAIL_MIN, messageKey('validation.tooShort', { minimum: CHANGE_EMAIL_MIN }))
      .max(CHANGE_EMAIL_MAX, messageKey('validation.tooLong', { maximum: CHANGE_EMAIL_MAX }))
      .pipe(z.email()),
    confirmEmail: requiredString().toLowerCase(),
  }),
  'email',
  'confirmEmail',
  'auth.emailMustMatch',
);

/** The 6-digit one-time code of the email change. */
export const EmailCodeSchema = z.object({
  token: requiredString().regex(/^\d{6}$/, 'auth.codeFormat'),
});

/** DELETE /user/profile/delete-account: the password unless the account signed up socially. */
export const DeleteAccountSchema = z.object({ password: z.string().max(PASSWORD_MAX).optional() }).nullish();

export const TimezoneBodySchema = z.object({ timezone: TimeZoneSchema });
export const TimezoneResponseSchema = z.object({ timezone: z.string() });
export const UserTimezoneGuessSchema = z.object({
  timezone: z.string(),
  source: z.enum(['user', 'country', 'default']),
  countryCode: z.string().nullable(),
});

export const UserInfoSchema = z.object({
  identifier: z.uuid(),
  email: z.string(),
  role: UserRoleSchema,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  timezone: z.string(),
  language: z.string(),
  country: z.object({ identifier: z.uuid(), code: z.string() }).nullable(),
  isSocial: z.boolean(),
  emailVerified: z.boolean(),
  /** Providers: the document-review state; null for clients and admins. */
  verificationStatus: z.enum(['draft', 'submitted', 'approved', 'rejected']).nullable(),
  /** The "account-active" flag of SPEC.md §3: providers once approved; everyone else always. */
  accountActive: z.boolean(),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** Login and refresh (DESIGN.md §3): TTLs in seconds from now. */
export const TokenPairSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
  refreshTokenExp: z.number().int(),
});
export type TokenPair = z.infer<typeof TokenPairSchema>;

export const LoginResponseSchema = TokenPairSchema.extend({ user: UserInfoSchema });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const InvalidateSchema = z.object({ everywhere: z.boolean().optional() }).nullish();

/** Answer of the calls that only report "done" (a sentence fit for a toast). */
export const MessageResponseSchema = z.object({ message: z.string() });

export const EmailChangeStartedSchema = z.object({ email: z.string(), expiresIn: z.number().int() });
