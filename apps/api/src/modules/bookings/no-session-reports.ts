import type { NoSessionReport, NoSessionReportPage } from '@app/shared/schemas/session-room';
import { canReportNoSession, disputeWindowEndsAt, type NoSessionDecision } from '@app/shared/session-rules';
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bookings, noSessionReports, sessionOutcomes, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { reverseEarning } from '../money/escrow.ts';
import { loadOwnBooking, recordEvent } from './booking-data.ts';
import { personName } from './booking-view.ts';

/**
 * "The session did not take place": the client reports it within the dispute window after a
 * session whose outcome paid the provider; the session's earning stays held (money/held-earnings)
 * until an operator decides. "Did not take place" takes the earning back to the client's wallet
 * in full (money/escrow: reverseEarning); "took place" releases it. Both are audited.
 */

type ReportRow = typeof noSessionReports.$inferSelect;

const clientUsers = alias(users, 'report_client');
const providerUsers = alias(users, 'report_provider');

function toReport(row: ReportRow, booking: { endsAt: Date | null; priceMinor: number; currencyCode: string }) {
  return {
    bookingIdentifier: row.bookingId,
    note: row.note,
    reportedAt: row.reportedAt.toISOString(),
    decision: row.decision ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    refundMinor: row.refundMinor,
    priceMinor: booking.priceMinor,
    currencyCode: booking.currencyCode,
    windowEndsAt: booking.endsAt ? disputeWindowEndsAt(booking.endsAt).toISOString() : null,
  };
}

/** POST /booking/{id}/no-session-report: the client reports that the session did not take place. */
export async function reportNoSession(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; bookingId: string; note: string },
): Promise<NoSessionReport> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await loadOwnBooking(tx, {
      bookingId: input.bookingId,
      actor: input.actor,
      party: 'client',
      lock: true,
    });
    const [outcome] = await tx.select().from(sessionOutcomes).where(eq(sessionOutcomes.bookingId, row.id));
    const [existing] = await tx.select().from(noSessionReports).where(eq(noSessionReports.bookingId, row.id));
    const allowed =
      row.endsAt !== null &&
      canReportNoSession({ outcome: outcome?.outcome ?? null, endsAt: row.endsAt, now, reported: Boolean(existing) });
    if (!allowed) throw new AppError('NO_SESSION_REPORT_NOT_ALLOWED');
    const [report] = await tx
      .insert(noSessionReports)
      .values({ bookingId: row.id, clientId: row.clientId, note: input.note, reportedAt: now })
      .returning();
    await recordEvent(tx, { bookingId: row.id, type: 'no_session_reported', actorRole: 'client', at: now });
    return toReport(report as ReportRow, row);
  });
}

/** GET /booking/{id}/no-session-report: the client's report on this session, or null. */
export async function getNoSessionReport(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; bookingId: string },
): Promise<NoSessionReport | null> {
  const row = await loadOwnBooking(deps.db, { bookingId: input.bookingId, actor: input.actor, party: 'client' });
  const [report] = await deps.db.select().from(noSessionReports).where(eq(noSessionReports.bookingId, row.id));
  return report ? toReport(report, row) : null;
}

function assertOperator(actor: Actor): void {
  if (actor.role !== 'admin' || actor.viewMode) throw new AppError('FORBIDDEN');
}

/** GET /admin/no-session-reports: reports waiting for a decision first (oldest first), then the latest decided. */
export async function listNoSessionReports(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor },
): Promise<NoSessionReportPage> {
  assertOperator(input.actor);
  const rows = await deps.db
    .select({
      report: noSessionReports,
      booking: bookings,
      client: {
        firstName: clientUsers.firstName,
        lastName: clientUsers.lastName,
        email: clientUsers.email,
        deletedAt: clientUsers.deletedAt,
      },
      provider: {
        firstName: providerUsers.firstName,
        lastName: providerUsers.lastName,
        email: providerUsers.email,
        deletedAt: providerUsers.deletedAt,
      },
    })
    .from(noSessionReports)
    .innerJoin(bookings, eq(bookings.id, noSessionReports.bookingId))
    .innerJoin(clientUsers, eq(clientUsers.id, bookings.clientId))
    .innerJoin(providerUsers, eq(providerUsers.id, bookings.providerId))
    .orderBy(
      sql`${noSessionReports.decidedAt} IS NOT NULL`,
      desc(noSessionReports.decidedAt),
      noSessionReports.reportedAt,
    )
    .limit(100);
  const data = rows.map(({ report, booking, client, provider }) => ({
    ...toReport(report, booking),
    clientName: personName(client),
    providerName: personName(provider),
    startAt: booking.startsAt?.toISOString() ?? null,
  }));
  return { data };
}

/** POST /admin/no-session-reports/{id}/decision: the operator decides; the money follows in the ledger. */
export async function decideNoSessionReport(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; bookingId: string; decision: NoSessionDecision },
): Promise<NoSessionReport> {
  assertOperator(input.actor);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [report] = await tx
      .select()
      .from(noSessionReports)
      .where(eq(noSessionReports.bookingId, input.bookingId))
      .for('update');
    if (!report) throw new AppError('NOT_FOUND');
    if (report.decision) throw new AppError('NO_SESSION_REPORT_DECIDED');
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, report.bookingId));
    if (!booking) throw new AppError('NOT_FOUND');
    let refundMinor = 0;
    if (input.decision === 'did_not_take_place') {
      ({ refundMinor } = await reverseEarning(tx, {
        bookingId: booking.id,
        providerId: booking.providerId,
        clientId: booking.clientId,
        currencyCode: booking.currencyCode,
        at: now,
      }));
    }
    const [decided] = await tx
      .update(noSessionReports)
      .set({ decision: input.decision, decidedAt: now, decidedBy: input.actor.userId, refundMinor })
      .where(eq(noSessionReports.bookingId, report.bookingId))
      .returning();
    await recordEvent(tx, {
      bookingId: booking.id,
      type: 'no_session_decided',
      actorRole: 'system',
      data: { decision: input.decision, refundMinor },
      at: now,
    });
    await recordAudit(tx, {
      actor: { userId: input.actor.userId, role: 'admin' },
      action: 'session.decide_no_session',
      targetType: 'booking',
      targetId: booking.id,
      detail: { decision: input.decision, refundMinor },
      at: now,
    });
    return toReport(decided as ReportRow, booking);
  });
}
