import type { Language } from '@app/shared/constants';
import type { RecommendedAnswer } from '@app/shared/schemas/directory';
import { type ClientOverview, OVERVIEW_LIMITS } from '@app/shared/schemas/overview';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';
import { recommendProviders } from '../directory/recommend.ts';
import { getWalletBalance } from '../money/wallet-statement.ts';
import { listAwaitingPayment, listComingSessions, withSeriesOf } from './booking-lists.ts';
import { loadPersonWithCounts } from './person.ts';

/** Suggestions change slowly (they rank by next free slots at most a minute old): each client's are kept a minute. */
const SUGGESTIONS_TTL_MS = 60_000;
const suggestionCache = new TtlCache<RecommendedAnswer>({ ttlMs: SUGGESTIONS_TTL_MS, maxEntries: 10_000 });

/**
 * The three suggestions of the directory's recommendation service, ranked by the cached next free
 * slots, kept per client, language, country and minute of the clock (a preference change shows
 * within a minute).
 */
function suggestions(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { actor: Actor; language: Language; visitorCountryCode: string | null; now: Date },
): Promise<RecommendedAnswer> {
  const minute = Math.floor(input.now.getTime() / SUGGESTIONS_TTL_MS);
  const key = `${input.actor.userId}|${input.language}|${input.visitorCountryCode ?? ''}|${minute}`;
  return suggestionCache
    .getOrCompute(key, () =>
      recommendProviders(deps, {
        actor: input.actor,
        language: input.language,
        limit: OVERVIEW_LIMITS.recommended,
        visitorCountryCode: input.visitorCountryCode,
        liveSlots: false,
      }),
    )
    .then((answer) => answer ?? { data: [], hasPreferences: false });
}

/** A client's overview: the next session, what waits for payment, the wallet, the counts, three suggestions. */
export async function clientOverview(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { actor: Actor; language: Language; visitorCountryCode: string | null },
): Promise<ClientOverview> {
  const { actor, language } = input;
  const now = deps.clock.now();
  const userId = actor.userId;
  const [person, coming, awaiting, wallet, recommended] = await Promise.all([
    loadPersonWithCounts(deps, userId),
    listComingSessions(deps, { userId, party: 'client', now, limit: 1, language }),
    listAwaitingPayment(deps, { clientId: userId, now, limit: OVERVIEW_LIMITS.awaitingPayment, language }),
    getWalletBalance(deps.db, { userId }),
    suggestions(deps, { actor, language, visitorCountryCode: input.visitorCountryCode, now }),
  ]);
  const [awaitingPayment = []] = await withSeriesOf(deps, { userId, party: 'client', language }, [awaiting]);
  return {
    role: 'client',
    firstName: person.firstName,
    timezone: person.timezone,
    nextSession: coming[0] ?? null,
    awaitingPayment,
    wallet,
    unreadMessages: person.unreadMessages,
    unreadNotifications: person.unreadNotifications,
    recommended: recommended.data,
    hasPreferences: recommended.hasPreferences,
    hasBookings: person.hasBookings,
  };
}
