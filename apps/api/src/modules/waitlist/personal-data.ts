import { asc, eq, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { waitlistClaims, waitlistEntries, waitlistOpenings } from '../../db/schema/index.ts';
import type { AccountDeletingHandler, PersonalDataContributor } from '../../platform/events.ts';

/**
 * The waitlist's part of a data export: a client's entries (provider by id, the wish, when and
 * how each ended) with the slots offered to them; a provider's waitlist is other people's wishes
 * and stays out of it.
 */
export const waitlistPersonalData: PersonalDataContributor = {
  section: 'waitlist',
  async collect(tx: Tx, { userId }) {
    const entries = await tx
      .select({
        id: waitlistEntries.id,
        providerId: waitlistEntries.providerId,
        categoryId: waitlistEntries.categoryId,
        beforeDate: waitlistEntries.beforeDate,
        timezone: waitlistEntries.timezone,
        days: waitlistEntries.days,
        fromTime: waitlistEntries.fromTime,
        toTime: waitlistEntries.toTime,
        status: waitlistEntries.status,
        createdAt: waitlistEntries.createdAt,
        endedAt: waitlistEntries.endedAt,
      })
      .from(waitlistEntries)
      .where(eq(waitlistEntries.clientId, userId))
      .orderBy(asc(waitlistEntries.createdAt));
    const claims = await tx
      .select({
        entryId: waitlistClaims.entryId,
        startsAt: waitlistClaims.startsAt,
        endsAt: waitlistClaims.endsAt,
        expiresAt: waitlistClaims.expiresAt,
        status: waitlistClaims.status,
      })
      .from(waitlistClaims)
      .where(eq(waitlistClaims.clientId, userId))
      .orderBy(asc(waitlistClaims.createdAt));
    return {
      entries: entries.map((entry) => ({
        ...entry,
        offers: claims.filter((claim) => claim.entryId === entry.id).map(({ entryId: _, ...claim }) => claim),
      })),
    };
  },
};

/** Erasure: the person's waiting entries and offers go, as client or as provider (nothing is kept). */
export const waitlistErasure: AccountDeletingHandler = async (tx, { userId }) => {
  await tx.delete(waitlistClaims).where(or(eq(waitlistClaims.clientId, userId), eq(waitlistClaims.providerId, userId)));
  await tx
    .delete(waitlistEntries)
    .where(or(eq(waitlistEntries.clientId, userId), eq(waitlistEntries.providerId, userId)));
  await tx.delete(waitlistOpenings).where(eq(waitlistOpenings.providerId, userId));
};
