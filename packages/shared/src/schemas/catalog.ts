import { PREFERENCE_LIST_NAMES } from '../directory-rules.ts';
import { z } from '../zod.ts';
import { NamedItemSchema, queryBoolean } from './common.ts';

export const TherapyCategorySchema = NamedItemSchema;
export type TherapyCategory = z.infer<typeof TherapyCategorySchema>;

export const ConcernSchema = NamedItemSchema.extend({ therapistCount: z.number().int() });
export type Concern = z.infer<typeof ConcernSchema>;

export const TopConcernsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  withTherapists: queryBoolean.optional(),
});

export { PREFERENCE_LIST_NAMES, type PreferenceListName } from '../directory-rules.ts';

export const PreferenceListParamsSchema = z.object({
  name: z.enum(PREFERENCE_LIST_NAMES, { error: 'validation.unknownList' }),
});
export const PreferenceListSchema = z.array(NamedItemSchema);
export const PreferenceListsSchema = z.record(z.enum(PREFERENCE_LIST_NAMES), PreferenceListSchema);
