import type { Language } from '@app/shared/constants';
import { type ClientOverview, OVERVIEW_LIMITS } from '@app/shared/schemas/overview';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { hasAnyBooking, listAwaitingPayment, listComingSessions } from '../bookings/overview-lists.ts';
import { recommendProviders } from '../directory/recommend.ts';
import { countUnread } from '../messages/conversations.ts';
import { getWalletBalance } from '../money/wallet-statement.ts';
import { countUnreadNotifications } from '../notifications/inbox.ts';
import { loadPerson } from './person.ts';

/** A client's overview: the next session, what waits for payment, the wallet, the counts, three suggestions. */
export async function clientOverview(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { actor: Actor; language: Language; visitorCountryCode: string | null },
): Promise<ClientOverview> {
  const { actor, language } = input;
  const now = deps.clock.now();
  const userId = actor.userId;
  const [person, coming, awaitingPayment, wallet, messages, notifications, recommended, hasBookings] =
    await Promise.all([
      loadPerson(deps, userId),
      listComingSessions(deps, { userId, party: 'client', now, limit: 1, language }),
      listAwaitingPayment(deps, { clientId: userId, now, limit: OVERVIEW_LIMITS.awaitingPayment, language }),
      getWalletBalance(deps.db, { userId }),
      countUnread(deps, { actor }),
      countUnreadNotifications(deps, { actor }),
      recommendProviders(deps, {
        actor,
        language,
        limit: OVERVIEW_LIMITS.recommended,
        visitorCountryCode: input.visitorCountryCode,
        liveSlots: false,
      }),
      hasAnyBooking(deps, { clientId: userId }),
    ]);
  return {
    role: 'client',
    ...person,
    nextSession: coming[0] ?? null,
    awaitingPayment,
    wallet,
    unreadMessages: messages.count,
    unreadNotifications: notifications.count,
    recommended: recommended.data,
    hasPreferences: recommended.hasPreferences,
    hasBookings,
  };
}
