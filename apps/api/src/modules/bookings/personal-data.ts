import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookingEvents, bookingSeries, bookings, noSessionReports } from '../../db/schema/index.ts';
import type { AccountDeletingHandler, PersonalDataContributor } from '../../platform/events.ts';

/**
 * The bookings' part of a data export: every booking the person is a party of (as client or as
 * provider, the other party by id), with its timeline, and their weekly series. The slot
 * identifier of a pending reschedule is internal and left out.
 */
export const bookingsPersonalData: PersonalDataContributor = {
  section: 'bookings',
  async collect(tx: Tx, { userId }) {
    const rows = await tx
      .select()
      .from(bookings)
      .where(or(eq(bookings.clientId, userId), eq(bookings.providerId, userId)))
      .orderBy(asc(bookings.createdAt));
    const ids = rows.map((row) => row.id);
    const events = ids.length
      ? await tx
          .select({
            bookingId: bookingEvents.bookingId,
            type: bookingEvents.type,
            actorRole: bookingEvents.actorRole,
            data: bookingEvents.data,
            at: bookingEvents.createdAt,
          })
          .from(bookingEvents)
          .where(inArray(bookingEvents.bookingId, ids))
          .orderBy(asc(bookingEvents.seq))
      : [];
    const series = await tx
      .select()
      .from(bookingSeries)
      .where(or(eq(bookingSeries.clientId, userId), eq(bookingSeries.providerId, userId)));
    // A client's reports that a session did not take place, with the operator's decision.
    const reports = await tx
      .select({
        bookingId: noSessionReports.bookingId,
        note: noSessionReports.note,
        reportedAt: noSessionReports.reportedAt,
        decision: noSessionReports.decision,
        decidedAt: noSessionReports.decidedAt,
        refundMinor: noSessionReports.refundMinor,
      })
      .from(noSessionReports)
      .where(eq(noSessionReports.clientId, userId));
    return {
      noSessionReports: reports,
      bookings: rows.map(({ rescheduleSlotId: _internal, ...row }) => ({
        ...row,
        yourRole: row.clientId === userId ? 'client' : 'provider',
        timeline: events.filter((event) => event.bookingId === row.id).map(({ bookingId: _id, ...event }) => event),
      })),
      series,
    };
  },
};

/**
 * The bookings' part of erasing a client's account (after bookingsDeletionHook cancelled the
 * future ones): the free text the client wrote (booking notes, reschedule notes, cancellation
 * reasons, also in the timeline, reports that a session did not take place) is erased. The bookings themselves stay, with the client only an
 * anonymous id: they are the provider's record of sessions held and billed (docs/privacy.md).
 */
export const bookingsErasure: AccountDeletingHandler = async (tx, { userId, now }) => {
  // What the client wrote when reporting a session that did not take place; the decision stays.
  await tx.update(noSessionReports).set({ note: '' }).where(eq(noSessionReports.clientId, userId));
  const own = await tx
    .update(bookings)
    .set({
      note: null,
      rescheduleNote: sql`CASE WHEN ${bookings.rescheduleRequestedBy} = 'client' THEN NULL ELSE ${bookings.rescheduleNote} END`,
      cancellationReason: sql`CASE WHEN ${bookings.cancelledBy} = 'client' THEN NULL ELSE ${bookings.cancellationReason} END`,
      updatedAt: now,
    })
    .where(eq(bookings.clientId, userId))
    .returning({ id: bookings.id, startsAt: bookings.startsAt, status: bookings.status });
  if (own.length === 0) return [];
  await tx
    .update(bookingEvents)
    .set({ data: sql`${bookingEvents.data} - 'reason' - 'note'` })
    .where(
      and(
        inArray(
          bookingEvents.bookingId,
          own.map((row) => row.id),
        ),
        eq(bookingEvents.actorRole, 'client'),
      ),
    );
  const held = own.filter((row) => row.status === 'completed' || (row.startsAt && row.startsAt < now));
  return held.length ? [{ kind: 'bookings', count: held.length }] : [];
};
