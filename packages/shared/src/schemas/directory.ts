import {
  AVAILABLE_WITHIN_MAX_DAYS,
  DIRECTORY_FILTER_LISTS,
  DIRECTORY_PAGE_SIZE,
  DIRECTORY_SORTS,
  type DirectoryFilterList,
  SEARCH_TEXT_MAX,
} from '../directory-rules.ts';
import { z } from '../zod.ts';
import { DirectoryProviderSchema } from './bookings.ts';
import { StateStatSchema } from './region.ts';

export {
  AVAILABLE_WITHIN_MAX_DAYS,
  DIRECTORY_FILTER_LISTS,
  DIRECTORY_PAGE_SIZE,
  DIRECTORY_SORTS,
  type DirectoryFilterList,
  type DirectorySort,
  SEARCH_TEXT_MAX,
} from '../directory-rules.ts';

const optionKey = z.string().regex(/^[a-z0-9-]{1,64}$/, 'validation.invalidFormat');

/** A list filter: repeated (`?language=yo&language=ig`) or comma-separated (`?language=yo,ig`). */
const keyList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    [value]
      .flat()
      .flatMap((item) => item.split(','))
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(optionKey).max(20));

const minor = z.coerce.number().int().min(0).max(1_000_000_000);

const listFilters = Object.fromEntries(DIRECTORY_FILTER_LISTS.map((list) => [list, keyList.optional()])) as Record<
  DirectoryFilterList,
  z.ZodOptional<typeof keyList>
>;

export const DirectorySearchQuerySchema = z.object({
  /** Free text over names, titles, headlines and bios (German and English stemming). */
  q: z.string().trim().max(SEARCH_TEXT_MAX).optional(),
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'validation.countryCode')
    .transform((value) => value.toUpperCase())
    .optional(),
  /** A state by code (`US-CA`): the provider's own state or a state they are licensed in. */
  state: z
    .string()
    .regex(/^[A-Za-z]{2}-[A-Za-z0-9]{1,3}$/, 'validation.invalidFormat')
    .transform((value) => value.toUpperCase())
    .optional(),
  ...listFilters,
  /** The general session fee range in minor units of `currency` (default: the visitor's). */
  feeMin: minor.optional(),
  feeMax: minor.optional(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'validation.invalidFormat')
    .transform((value) => value.toUpperCase())
    .optional(),
  /** Has a free slot within this many days from now. */
  availableWithinDays: z.coerce.number().int().min(1).max(AVAILABLE_WITHIN_MAX_DAYS).optional(),
  sort: z.enum(DIRECTORY_SORTS).default('relevance'),
  cursor: z.string().max(400).optional(),
  perPage: z.coerce.number().int().min(1).max(50).default(DIRECTORY_PAGE_SIZE),
});
export type DirectorySearchQuery = z.output<typeof DirectorySearchQuerySchema>;

export const DirectorySearchPageSchema = z.object({
  data: z.array(DirectoryProviderSchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
  /** How many providers match the filters, counted up to a limit. */
  total: z.number().int(),
  /** More providers match than `total`, the limit of the count. */
  moreThanTotal: z.boolean(),
});
export type DirectorySearchPage = z.infer<typeof DirectorySearchPageSchema>;

// ---------------------------------------------------------------- recommendations

export const RECOMMENDATION_LIMIT = 6;

export const RecommendedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(20).default(RECOMMENDATION_LIMIT),
});

/** Why a provider was recommended: a key under `recommendations.reasons` and its words' values. */
export const RecommendationReasonSchema = z.object({
  code: z.enum([
    'language',
    'therapy',
    'therapyApproach',
    'specialities',
    'modality',
    'gender',
    'ageGroup',
    'religion',
    'background',
    'trait',
    'communication',
    'country',
    'state',
    'availableThisWeek',
    'availableSoon',
    'rating',
  ]),
  /** Ready to show: "Speaks Yoruba", "CBT", "Available this week" (the reader's language). */
  label: z.string(),
  points: z.number().int(),
});
export type RecommendationReason = z.infer<typeof RecommendationReasonSchema>;

export const RecommendedProviderSchema = DirectoryProviderSchema.extend({
  score: z.number().int(),
  reasons: z.array(RecommendationReasonSchema),
});
export type RecommendedProvider = z.infer<typeof RecommendedProviderSchema>;

export const RecommendedAnswerSchema = z.object({
  data: z.array(RecommendedProviderSchema),
  /** False when the client has chosen no preferences yet (recommendations then rest on availability and rating). */
  hasPreferences: z.boolean(),
});
export type RecommendedAnswer = z.infer<typeof RecommendedAnswerSchema>;

export const HomeCountsQuerySchema = z.object({
  /** The visitor's country; none counts every country (what the directory lists for a visitor outside them). */
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'validation.countryCode')
    .transform((value) => value.toUpperCase())
    .optional(),
});

/** How many providers each home link lists (the same WHERE as GET /providers). */
export const HomeCountsSchema = z.object({
  countryCode: z.string().nullable(),
  topStates: z.array(StateStatSchema),
  /** Providers per option key; options with none are absent. */
  therapy: z.record(z.string(), z.number().int()),
  specialities: z.record(z.string(), z.number().int()),
});
export type HomeCounts = z.infer<typeof HomeCountsSchema>;
