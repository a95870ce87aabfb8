import { asc, eq, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, sessionOutcomes, sessionVisits } from '../../db/schema/index.ts';
import type { AccountDeletingHandler, PersonalDataContributor } from '../../platform/events.ts';

/**
 * The session room's part of a data export: the person's own stays in their sessions' rooms (when
 * each tab joined, was last seen and left, and whether its connection dropped) and the outcome of
 * each of their sessions (what the room recorded, who decided, a refund, the offer to rebook).
 * The other party's stays are theirs. Nothing else of a session is kept: no media, no recording.
 */
export const sessionRoomPersonalData: PersonalDataContributor = {
  section: 'sessionRoom',
  async collect(tx: Tx, { userId }) {
    const stays = await tx
      .select({
        bookingId: sessionVisits.bookingId,
        as: sessionVisits.party,
        joinedAt: sessionVisits.joinedAt,
        lastSeenAt: sessionVisits.lastSeenAt,
        leftAt: sessionVisits.leftAt,
        connectionLost: sessionVisits.lost,
      })
      .from(sessionVisits)
      .where(eq(sessionVisits.userId, userId))
      .orderBy(asc(sessionVisits.joinedAt));
    const outcomes = await tx
      .select({
        bookingId: sessionOutcomes.bookingId,
        outcome: sessionOutcomes.outcome,
        recordedOutcome: sessionOutcomes.recordedOutcome,
        decidedBy: sessionOutcomes.decidedBy,
        decidedAt: sessionOutcomes.decidedAt,
        refundMinor: sessionOutcomes.refundMinor,
        rebookPriceMinor: sessionOutcomes.rebookPriceMinor,
        rebookUntil: sessionOutcomes.rebookUntil,
        rebookedBookingId: sessionOutcomes.rebookedBookingId,
      })
      .from(sessionOutcomes)
      .innerJoin(bookings, eq(bookings.id, sessionOutcomes.bookingId))
      .where(or(eq(bookings.clientId, userId), eq(bookings.providerId, userId)))
      .orderBy(asc(sessionOutcomes.decidedAt));
    return { stays, outcomes };
  },
};

/**
 * The session room's part of erasing an account: the person's stays (tab ids and times) are
 * deleted. A session's outcome stays with the session (it is part of the kept record: what was
 * held, refunded or missed; already told as `bookings`), and the other party's stays are theirs.
 */
export const sessionRoomErasure: AccountDeletingHandler = async (tx, { userId }) => {
  await tx.delete(sessionVisits).where(eq(sessionVisits.userId, userId));
  return [];
};
