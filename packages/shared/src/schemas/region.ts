import { z } from '../zod.ts';
import { queryBoolean } from './common.ts';

export const CountrySchema = z.object({
  identifier: z.uuid(),
  code: z.string(),
  name: z.string(),
  currencyCode: z.string().nullable(),
  timezones: z.array(z.string()),
  operating: z.boolean(),
});
export type Country = z.infer<typeof CountrySchema>;

export const StateSchema = z.object({ identifier: z.uuid(), code: z.string(), name: z.string() });
export type State = z.infer<typeof StateSchema>;

export const LanguageSchema = z.object({ identifier: z.uuid(), code: z.string(), name: z.string() });
export type LanguageItem = z.infer<typeof LanguageSchema>;

export const CountryCodeSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'validation.countryCode')
  .transform((code) => code.toUpperCase());

export const CountriesQuerySchema = z.object({ all: queryBoolean.optional() });
export const LanguagesQuerySchema = z.object({ primary: queryBoolean.optional() });
export const CountryCodeParamsSchema = z.object({ code: CountryCodeSchema });

export const StateStatsQuerySchema = z.object({
  countryCode: CountryCodeSchema,
  top: z.coerce.number().int().min(1).max(50).default(3),
});
export const StateStatSchema = StateSchema.extend({ providerCount: z.number().int() });
export type StateStat = z.infer<typeof StateStatSchema>;
