import { intlLocale, type Language } from '@app/shared/constants';
import type { RecommendedAnswer } from '@app/shared/schemas/directory';
import { eq, inArray } from 'drizzle-orm';
import {
  countries,
  preferenceOptions,
  providerLicenseStates,
  states,
  userPreferences,
  users,
} from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { localizedName } from '../../platform/localized.ts';
import { nextFreeSlots } from '../availability/next-free-slot.ts';
import { cardContext, cardQuery, listedProvider, toCard } from './card.ts';
import {
  type CandidateFacts,
  type ClientWishes,
  compareScored,
  type ReasonWords,
  SCORED_LISTS,
  type ScoredList,
  scoreCandidate,
} from './recommendation-score.ts';

/** Options that say "no wish" rather than a wish. */
const NO_WISH = new Set(['no-preference', 'prefer-not-to-say']);
/** Candidates whose free slots are computed live (the best by preferences and the cached availability). */
const SHORTLIST = 30;

/**
 * GET /recommended-provider: the listed providers that fit the client best, each with its
 * reasons (recommendation-score.ts). Preferences are matched in SQL through the option index;
 * every listed provider is pre-scored with the cached next free slot, the best SHORTLIST are
 * scored again with their live next free slot, and the top `limit` are answered.
 */
export async function recommendProviders(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: {
    actor: Actor;
    language: Language;
    limit: number;
    visitorCountryCode: string | null;
    /**
     * False: rank by the directory's copy of each next free slot (at most a minute old) without
     * computing the shortlist's live ones: the overview's three suggestions, where one call must
     * stay fast. The recommendations page keeps the live slots.
     */
    liveSlots?: boolean;
  },
): Promise<RecommendedAnswer> {
  const { db } = deps;
  const now = deps.clock.now();
  // Two rounds of parallel reads: the client's place and wishes, then everything they decide.
  const [[client], chosen] = await Promise.all([
    db
      .select({ stateId: users.stateId, countryCode: countries.code })
      .from(users)
      .leftJoin(countries, eq(countries.id, users.countryId))
      .where(eq(users.id, input.actor.userId)),
    db
      .select({ id: preferenceOptions.id, list: preferenceOptions.list, key: preferenceOptions.key })
      .from(userPreferences)
      .innerJoin(preferenceOptions, eq(preferenceOptions.id, userPreferences.optionId))
      .where(eq(userPreferences.userId, input.actor.userId)),
  ]);
  const wishes: ClientWishes = { options: {}, stateId: client?.stateId ?? null };
  for (const option of chosen) {
    if (NO_WISH.has(option.key) || !SCORED_LISTS.includes(option.list as ScoredList)) continue;
    const list = option.list as ScoredList;
    wishes.options[list] = [...(wishes.options[list] ?? []), option.id];
  }
  const wantedIds = Object.values(wishes.options).flat();

  const [candidates, offered, licensed, listOptions, [stateRow], wantedNames] = await Promise.all([
    cardQuery(db).where(listedProvider(deps.clock.now())),
    wantedIds.length === 0
      ? []
      : db
          .select({ userId: userPreferences.userId, optionId: userPreferences.optionId })
          .from(userPreferences)
          .where(inArray(userPreferences.optionId, wantedIds)),
    wishes.stateId
      ? db
          .select({ providerId: providerLicenseStates.providerId })
          .from(providerLicenseStates)
          .where(eq(providerLicenseStates.stateId, wishes.stateId))
      : [],
    db
      .select({
        id: preferenceOptions.id,
        list: preferenceOptions.list,
        key: preferenceOptions.key,
        nameEn: preferenceOptions.nameEn,
        nameDe: preferenceOptions.nameDe,
      })
      .from(preferenceOptions)
      .where(inArray(preferenceOptions.list, ['gender', 'country', 'religion', 'background'])),
    wishes.stateId
      ? db.select({ nameEn: states.nameEn, nameDe: states.nameDe }).from(states).where(eq(states.id, wishes.stateId))
      : [],
    optionNames(deps, wantedIds),
  ]);
  const optionOf = (list: string, key: string | null | undefined) =>
    key ? listOptions.find((option) => option.list === list && option.key === key)?.id : undefined;
  const names = new Map(
    [...listOptions, ...wantedNames].map((option) => [option.id, localizedName(option, input.language)]),
  );
  const words: ReasonWords = {
    optionName: (id) => names.get(id) ?? '',
    stateName: () => (stateRow ? localizedName(stateRow, input.language) : ''),
    label: (code, params) => translate(input.language, `recommendations.reasons.${code}`, params),
    rating: (value) =>
      new Intl.NumberFormat(intlLocale(input.language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
        value,
      ),
  };
  const licensedHere = new Set(licensed.map((row) => row.providerId));

  const factsOf = (row: (typeof candidates)[number], nextAvailableAt: Date | null): CandidateFacts => {
    const reviewCount = row.reviewCount;
    return {
      providerId: row.id,
      options: new Set(offered.filter((item) => item.userId === row.id).map((item) => item.optionId)),
      ownOptions: new Set(
        [
          optionOf('gender', row.gender),
          row.religionId ?? undefined,
          row.ethnicityId ?? undefined,
          optionOf('country', row.countryCode?.toLowerCase()),
        ].filter((id): id is string => Boolean(id)),
      ),
      stateId: row.stateId,
      licenseStateIds: licensedHere.has(row.id) && wishes.stateId ? new Set([wishes.stateId]) : new Set(),
      nextAvailableAt,
      rating: reviewCount > 0 ? Math.round((row.ratingSumHalves / 2 / reviewCount) * 10) / 10 : null,
      reviewCount,
    };
  };
  const rank = (facts: CandidateFacts) => ({
    ...scoreCandidate(wishes, facts, now, words),
    rating: facts.rating,
    nextAvailableAt: facts.nextAvailableAt,
  });

  const shortlist = candidates
    .map((row) => ({ row, ranked: rank(factsOf(row, row.nextAvailableAt)) }))
    .sort((a, b) => compareScored(a.ranked, b.ranked))
    .slice(0, Math.max(SHORTLIST, input.limit));
  const live =
    input.liveSlots === false
      ? null
      : await nextFreeSlots(
          db,
          shortlist.map(({ row }) => ({ providerId: row.id, timezone: row.timezone })),
          now,
        );
  const slotOf = (row: (typeof candidates)[number]) => (live ? (live.get(row.id) ?? null) : row.nextAvailableAt);
  const context = cardContext(deps, input);
  const chosenOnes = shortlist
    .map(({ row }) => ({ row, ranked: rank(factsOf(row, slotOf(row))) }))
    .sort((a, b) => compareScored(a.ranked, b.ranked))
    .slice(0, input.limit);
  return {
    data: chosenOnes.map(({ row, ranked }) => ({
      ...toCard(row, context, slotOf(row)),
      score: ranked.score,
      reasons: ranked.reasons,
    })),
    hasPreferences: wantedIds.length > 0,
  };
}

async function optionNames(deps: Pick<AppDeps, 'db'>, ids: string[]) {
  if (ids.length === 0) return [];
  return deps.db
    .select({ id: preferenceOptions.id, nameEn: preferenceOptions.nameEn, nameDe: preferenceOptions.nameDe })
    .from(preferenceOptions)
    .where(inArray(preferenceOptions.id, ids));
}
