import type {
  AdminNoSessionReport,
  AdminNoSessionReportDetail,
  NoSessionReport,
  NoSessionReportPage,
} from '@app/shared/schemas/session-room';
import {
  canReportNoSession,
  DISPUTE_WINDOW_HOURS,
  disputeWindowEndsAt,
  type NoSessionDecision,
  togetherInSessionMs,
} from '@app/shared/session-rules';
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bookings, noSessionReports, sessionOutcomes, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { loadOwnBooking, recordEvent } from '../bookings/booking-data.ts';
import { reverseEarning } from '../money/escrow.ts';
import { personName } from '../profiles/person-json.ts';
import { loadStays } from './room-attendance.ts';

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
    if (!allowed) throw new AppError('NO_SESSION_REPORT_NOT_ALLOWED', { hours: DISPUTE_WINDOW_HOURS });
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

const adminReportSelection = {
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
};

function adminReports(deps: Pick<AppDeps, 'db'>) {
  return deps.db
    .select(adminReportSelection)
    .from(noSessionReports)
    .innerJoin(bookings, eq(bookings.id, noSessionReports.bookingId))
    .innerJoin(clientUsers, eq(clientUsers.id, bookings.clientId))
    .innerJoin(providerUsers, eq(providerUsers.id, bookings.providerId));
}

type AdminReportRow = Awaited<ReturnType<ReturnType<typeof adminReports>['execute']>>[number];

function toAdminReport({ report, booking, client, provider }: AdminReportRow): AdminNoSessionReport {
  return {
    ...toReport(report, booking),
    clientName: personName(client),
    providerName: personName(provider),
    startAt: booking.startsAt?.toISOString() ?? null,
    endAt: booking.endsAt?.toISOString() ?? null,
    decisionNote: report.decisionNote ?? null,
  };
}

/** GET /admin/no-session-reports: reports waiting for a decision first (oldest first), then the latest decided. */
export async function listNoSessionReports(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor },
): Promise<NoSessionReportPage> {
  assertOperator(input.actor);
  const rows = await adminReports(deps)
    .orderBy(
      sql`${noSessionReports.decidedAt} IS NOT NULL`,
      desc(noSessionReports.decidedAt),
      noSessionReports.reportedAt,
    )
    .limit(100);
  return { data: rows.map(toAdminReport) };
}

/**
 * GET /admin/no-session-reports/{id}: one report with what the room recorded, so the operator
 * decides on both parties' presence (each stay, and their minutes together in the booked time).
 */
export async function getAdminNoSessionReport(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; bookingId: string },
): Promise<AdminNoSessionReportDetail> {
  assertOperator(input.actor);
  const [row] = await adminReports(deps).where(eq(noSessionReports.bookingId, input.bookingId));
  if (!row) throw new AppError('NOT_FOUND');
  const [outcome] = await deps.db
    .select({ outcome: sessionOutcomes.outcome })
    .from(sessionOutcomes)
    .where(eq(sessionOutcomes.bookingId, row.booking.id));
  const { visits, attendance } = await loadStays(deps.db, row.booking.id, deps.clock.now());
  const { startsAt, endsAt } = row.booking;
  const together = startsAt && endsAt ? togetherInSessionMs({ startsAt, endsAt, visits }) : 0;
  return {
    ...toAdminReport(row),
    outcome: outcome?.outcome ?? null,
    attendance,
    togetherMinutes: Math.floor(together / 60_000),
  };
}

/** POST /admin/no-session-reports/{id}/decision: the operator decides; the money follows in the ledger. */
export async function decideNoSessionReport(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; bookingId: string; decision: NoSessionDecision; note: string },
): Promise<AdminNoSessionReport> {
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
    await tx
      .update(noSessionReports)
      .set({
        decision: input.decision,
        decidedAt: now,
        decidedBy: input.actor.userId,
        decisionNote: input.note,
        refundMinor,
      })
      .where(eq(noSessionReports.bookingId, report.bookingId));
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
      detail: { decision: input.decision, refundMinor, note: input.note },
      at: now,
    });
    const [decided] = await tx
      .select(adminReportSelection)
      .from(noSessionReports)
      .innerJoin(bookings, eq(bookings.id, noSessionReports.bookingId))
      .innerJoin(clientUsers, eq(clientUsers.id, bookings.clientId))
      .innerJoin(providerUsers, eq(providerUsers.id, bookings.providerId))
      .where(eq(noSessionReports.bookingId, report.bookingId));
    if (!decided) throw new AppError('NOT_FOUND');
    return toAdminReport(decided);
  });
}
