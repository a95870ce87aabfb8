import { messageKey, z } from '../zod.ts';

/**
 * Feature flags the product knows (SPEC.md §1, §7). A new flag is one line here and its words
 * under `flags.<key>` in en.json and de.json; its rule is edited in the back office.
 */
export const FLAG_KEYS = ['show_support_livechat'] as const;
export type FlagKey = (typeof FLAG_KEYS)[number];

export function isFlagKey(value: unknown): value is FlagKey {
  return typeof value === 'string' && (FLAG_KEYS as readonly string[]).includes(value);
}

const CountryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'flags.countryInvalid')
  .transform((value) => value.toUpperCase());

/**
 * A flag's rule: off unless `enabled`; when `countries` is not empty, on only for visitors of
 * those countries; then on for `rolloutPercent` % of visitors (by a stable hash of the visitor id).
 */
export const FlagRuleSchema = z.object({
  enabled: z.boolean(),
  countries: z.array(CountryCode).max(250),
  rolloutPercent: z
    .number()
    .int('flags.rolloutInvalid')
    .min(0, messageKey('flags.rolloutInvalid'))
    .max(100, messageKey('flags.rolloutInvalid')),
});
export type FlagRule = z.infer<typeof FlagRuleSchema>;

export const FlagKeyParamsSchema = z.object({ key: z.enum(FLAG_KEYS) });

/** A flag as the back office lists it (answers carry plain values: no transforms). */
export const AdminFlagSchema = z.object({
  key: z.enum(FLAG_KEYS),
  enabled: z.boolean(),
  countries: z.array(z.string()),
  rolloutPercent: z.number().int(),
  updatedAt: z.string().nullable(),
  /** The admin who changed it last (name as it is now), null if never edited. */
  updatedBy: z.string().nullable(),
});
export type AdminFlag = z.infer<typeof AdminFlagSchema>;

export const AdminFlagListSchema = z.object({
  data: z.array(AdminFlagSchema),
  /** Which provider answers evaluations: `database` (edits here apply) or an external module's name. */
  provider: z.string(),
});
export type AdminFlagList = z.infer<typeof AdminFlagListSchema>;

/** What a visitor's page needs: every flag, evaluated for them. */
export const VisitorFlagsSchema = z.object({
  flags: z.record(z.enum(FLAG_KEYS), z.boolean()),
});
export type VisitorFlags = z.infer<typeof VisitorFlagsSchema>;
