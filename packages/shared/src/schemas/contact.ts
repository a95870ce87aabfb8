import { PHONE_TYPED_PATTERN } from '../people-rules.ts';
import { messageKey, z } from '../zod.ts';
import { pageSchema } from './common.ts';

/** SPEC.md §5 "Contact form": first name, last name, email, message required; phone optional, 10-32 characters of digits, spaces and ( ) + - . / (as typed). */
export const CONTACT_PHONE_MIN = 10;
export const CONTACT_PHONE_MAX = 32;
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_NAME_MAX = 64;

const required = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(max, messageKey('validation.tooLong', { maximum: max }));

export const ContactBodySchema = z.object({
  firstName: required(CONTACT_NAME_MAX),
  lastName: required(CONTACT_NAME_MAX),
  email: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').pipe(z.email()),
  phoneNumber: z
    .string()
    .trim()
    .refine((value) => value === '' || PHONE_TYPED_PATTERN.test(value), 'contact.phoneInvalid')
    .refine(
      (value) => value === '' || (value.length >= CONTACT_PHONE_MIN && value.length <= CONTACT_PHONE_MAX),
      messageKey('contact.phoneLength', { minimum: CONTACT_PHONE_MIN, maximum: CONTACT_PHONE_MAX }),
    )
    .nullish()
    .transform((value) => (value ? value : null)),
  message: required(CONTACT_MESSAGE_MAX),
});
export type ContactBody = z.input<typeof ContactBodySchema>;

export const ContactAnswerSchema = z.object({ identifier: z.uuid(), message: z.string() });

/** GET /admin/contact-messages (admin). */
export const ContactMessagesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});

export const ContactMessageSchema = z.object({
  identifier: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  message: z.string(),
  language: z.enum(['en', 'de']),
  /** The signed-in sender's account, when they were signed in. */
  userIdentifier: z.uuid().nullable(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
export const ContactMessagePageSchema = pageSchema(ContactMessageSchema);
export type ContactMessagePage = z.infer<typeof ContactMessagePageSchema>;
