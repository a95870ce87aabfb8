import type { RecommendationReason } from '@app/shared/schemas/directory';

/**
 * How a provider is scored for a client (docs/decisions/directory-recommendations.md): integer points,
 * the same inputs always give the same score and the same reasons. Each preference list the
 * client filled counts once, however many of its options match; its reason names the options
 * that matched. Availability and rating add points of their own.
 */
export const LIST_POINTS = {
  language: 30,
  therapy: 25,
  specialities: 20,
  therapyApproach: 15,
  modality: 10,
  gender: 10,
  ageGroup: 8,
  communication: 6,
  trait: 5,
  religion: 5,
  background: 5,
  country: 5,
} as const;
export type ScoredList = keyof typeof LIST_POINTS;
export const SCORED_LISTS = Object.keys(LIST_POINTS) as ScoredList[];

export const STATE_POINTS = 8;
export const AVAILABLE_THIS_WEEK_POINTS = 15;
export const AVAILABLE_SOON_POINTS = 8;
export const TOP_RATED_POINTS = 6;
export const WELL_RATED_POINTS = 3;

const DAY_MS = 24 * 3600_000;

export interface ClientWishes {
  /** The client's chosen option ids per list (gender: only real genders, "no preference" dropped). */
  options: Partial<Record<ScoredList, string[]>>;
  /** The client's state (own residence), to match the provider's state or licence states. */
  stateId: string | null;
}

export interface CandidateFacts {
  providerId: string;
  /** Option ids the provider chose, among those the client asked for. */
  options: ReadonlySet<string>;
  /** The provider's own profile fields that also answer a list: gender (as the option id of that key), religion, background, country. */
  ownOptions: ReadonlySet<string>;
  stateId: string | null;
  licenseStateIds: ReadonlySet<string>;
  nextAvailableAt: Date | null;
  rating: number | null;
  reviewCount: number;
}

/** Words for the reasons, already in the reader's language. */
export interface ReasonWords {
  optionName(optionId: string): string;
  stateName(stateId: string): string;
  label(code: RecommendationReason['code'], params: Record<string, unknown>): string;
  /** A rating as the reader writes it: 4.5 / 4,5. */
  rating(value: number): string;
}

export interface Scored {
  providerId: string;
  score: number;
  reasons: RecommendationReason[];
}

/** The score of one provider for one client at `now`, with the reasons, highest points first. */
export function scoreCandidate(wishes: ClientWishes, facts: CandidateFacts, now: Date, words: ReasonWords): Scored {
  const reasons: RecommendationReason[] = [];
  for (const list of SCORED_LISTS) {
    const wanted = wishes.options[list] ?? [];
    const matched = wanted.filter((id) => facts.options.has(id) || facts.ownOptions.has(id));
    if (matched.length === 0) continue;
    reasons.push({
      code: list,
      label: words.label(list, { name: matched.map((id) => words.optionName(id)).join(', ') }),
      points: LIST_POINTS[list],
    });
  }
  if (wishes.stateId && (facts.stateId === wishes.stateId || facts.licenseStateIds.has(wishes.stateId))) {
    reasons.push({
      code: 'state',
      label: words.label('state', { name: words.stateName(wishes.stateId) }),
      points: STATE_POINTS,
    });
  }
  if (facts.nextAvailableAt) {
    const waitMs = facts.nextAvailableAt.getTime() - now.getTime();
    if (waitMs <= 7 * DAY_MS) {
      reasons.push({
        code: 'availableThisWeek',
        label: words.label('availableThisWeek', {}),
        points: AVAILABLE_THIS_WEEK_POINTS,
      });
    } else if (waitMs <= 14 * DAY_MS) {
      reasons.push({ code: 'availableSoon', label: words.label('availableSoon', {}), points: AVAILABLE_SOON_POINTS });
    }
  }
  if (facts.rating !== null && facts.reviewCount > 0) {
    const points =
      facts.rating >= 4.5 && facts.reviewCount >= 3 ? TOP_RATED_POINTS : facts.rating >= 4 ? WELL_RATED_POINTS : 0;
    if (points > 0) {
      reasons.push({
        code: 'rating',
        label: words.label('rating', { rating: words.rating(facts.rating), count: facts.reviewCount }),
        points,
      });
    }
  }
  reasons.sort((a, b) => b.points - a.points);
  return { providerId: facts.providerId, score: reasons.reduce((sum, reason) => sum + reason.points, 0), reasons };
}

/** The final order: score, then rating, then the sooner free slot, then the id (a total order). */
export function compareScored(
  a: Scored & { rating: number | null; nextAvailableAt: Date | null },
  b: Scored & { rating: number | null; nextAvailableAt: Date | null },
): number {
  if (a.score !== b.score) return b.score - a.score;
  const ratingA = a.rating ?? -1;
  const ratingB = b.rating ?? -1;
  if (ratingA !== ratingB) return ratingB - ratingA;
  const nextA = a.nextAvailableAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const nextB = b.nextAvailableAt?.getTime() ?? Number.POSITIVE_INFINITY;
  if (nextA !== nextB) return nextA - nextB;
  return a.providerId < b.providerId ? -1 : a.providerId > b.providerId ? 1 : 0;
}
