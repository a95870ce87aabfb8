import { randomUUID } from 'node:crypto';
import { INSTRUMENTS, isInstrumentKey } from '@app/shared/instruments';
import { MEASURE_LEAD_HOURS } from '@app/shared/schemas/forms';
import { and, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, formAssignments, formRequests, formTemplates } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { BookingsConfirmedEvent, BookingsConfirmedHandler } from '../../platform/events.ts';
import { recordFormEmail } from './emails.ts';

export type SendDeps = Pick<AppDeps, 'mailer' | 'config' | 'log' | 'events' | 'clock'>;

export interface AssignmentRow {
  id: string;
  providerId: string;
  templateId: string | null;
  instrument: string | null;
  clientId: string | null;
  resendEvery: number | null;
}

/**
 * Sends one assigned form to one client: a new form_requests row at the form's current version
 * (an archived form is no longer sent), the client's notification and, if they want it, email.
 * An assignment has one open form per client (form_requests_open_uq): while the last one is
 * unanswered nothing new is sent. Answers the new form's id and its email's, or null.
 */
export async function sendAssignedForm(
  tx: Tx,
  deps: SendDeps,
  input: { assignment: AssignmentRow; clientId: string; bookingId: string | null; now: Date },
): Promise<{ requestId: string; emailId: string | null } | null> {
  const { assignment, now } = input;
  let form: Pick<
    typeof formRequests.$inferInsert,
    'templateId' | 'templateVersion' | 'instrument' | 'instrumentVersion'
  >;
  if (assignment.instrument && isInstrumentKey(assignment.instrument)) {
    form = { instrument: assignment.instrument, instrumentVersion: INSTRUMENTS[assignment.instrument].version };
  } else if (assignment.templateId) {
    const [template] = await tx
      .select({ version: formTemplates.currentVersion })
      .from(formTemplates)
      .where(and(eq(formTemplates.id, assignment.templateId), isNull(formTemplates.archivedAt)));
    if (!template) return null;
    form = { templateId: assignment.templateId, templateVersion: template.version };
  } else {
    return null;
  }
  const requestId = randomUUID();
  const [created] = await tx
    .insert(formRequests)
    .values({
      id: requestId,
      providerId: assignment.providerId,
      clientId: input.clientId,
      assignmentId: assignment.id,
      bookingId: input.bookingId,
      ...form,
      sentAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: formRequests.id });
  if (!created) return null;
  const told = await deps.events.notify(tx, {
    userId: input.clientId,
    kind: 'forms.assigned',
    actorId: assignment.providerId,
    subjectId: requestId,
    at: now,
  });
  const emailId = told.email
    ? await recordFormEmail(tx, deps, {
        userId: input.clientId,
        template: 'assigned',
        requestId,
        otherId: assignment.providerId,
      })
    : null;
  return { requestId, emailId };
}

/**
 * Which of a provider's assignments a paid booking sends, by its place among the client's paid
 * sessions with them (1 = the first paid; sessions paid together count in start order): the first
 * sends every "new client" form; a measure with a schedule is sent again before every Nth session
 * after that (N = resend_every: with 4, before sessions 5, 9, 13, …). A form assigned to one
 * client went out when it was assigned.
 */
export function dueOnPaidSession(assignment: AssignmentRow, paidSessions: number): boolean {
  if (paidSessions === 1) return assignment.clientId === null;
  return assignment.resendEvery !== null && (paidSessions - 1) % assignment.resendEvery === 0;
}

/**
 * A paid booking's place among its client's paid sessions with its provider (1 = the first paid;
 * sessions paid together count in start order). Qualified by hand: drizzle writes a one-table
 * query's columns bare, and inside the subquery a bare column would be the subquery's own.
 */
const paidPlace = sql<number>`(SELECT count(*)::int FROM bookings earlier
  WHERE earlier.client_id = bookings.client_id AND earlier.provider_id = bookings.provider_id
    AND earlier.paid_at IS NOT NULL
    AND (earlier.paid_at, earlier.starts_at, earlier.id) <= (bookings.paid_at, bookings.starts_at, bookings.id))`;

const measureLeadMs = MEASURE_LEAD_HOURS * 3_600_000;

/**
 * Sends what is due for each paid booking: one read of the bookings whose provider assigns forms
 * at all (`filter`), then one of each booking's assignments, and a transaction only when something
 * is due. `sendNow` decides per assignment (the confirmation sends new-client forms at once and a
 * measure only when its session is near; the job sends the near ones). Answers how many were sent.
 */
async function sendDue(
  deps: SendDeps & Pick<AppDeps, 'db'>,
  filter: SQL | undefined,
  sendNow: (
    assignment: AssignmentRow,
    booking: { id: string; clientId: string; startsAt: Date | null; place: number },
  ) => boolean | Promise<boolean>,
): Promise<number> {
  const paid = await deps.db
    .select({
      id: bookings.id,
      clientId: bookings.clientId,
      providerId: bookings.providerId,
      startsAt: bookings.startsAt,
      place: paidPlace,
    })
    .from(bookings)
    .where(
      and(
        filter,
        isNotNull(bookings.paidAt),
        sql`EXISTS (SELECT 1 FROM form_assignments assigned WHERE assigned.provider_id = bookings.provider_id
          AND assigned.removed_at IS NULL)`,
      ),
    );
  let sent = 0;
  for (const booking of paid) {
    const assignments = await deps.db
      .select({
        id: formAssignments.id,
        providerId: formAssignments.providerId,
        templateId: formAssignments.templateId,
        instrument: formAssignments.instrument,
        clientId: formAssignments.clientId,
        resendEvery: formAssignments.resendEvery,
      })
      .from(formAssignments)
      .where(
        and(
          eq(formAssignments.providerId, booking.providerId),
          isNull(formAssignments.removedAt),
          or(isNull(formAssignments.clientId), eq(formAssignments.clientId, booking.clientId)),
        ),
      );
    const due: AssignmentRow[] = [];
    for (const assignment of assignments)
      if (dueOnPaidSession(assignment, booking.place) && (await sendNow(assignment, booking))) due.push(assignment);
    if (due.length === 0) continue;
    await deps.db.transaction(async (tx) => {
      for (const assignment of due) {
        const done = await sendAssignedForm(tx, deps, {
          assignment,
          clientId: booking.clientId,
          bookingId: booking.id,
          now: deps.clock.now(),
        });
        if (done) sent += 1;
      }
    });
  }
  return sent;
}

/** A session that starts within the measures' lead time (or has no time). */
const isNear = (startsAt: Date | null, now: Date) =>
  startsAt === null || startsAt.getTime() <= now.getTime() + measureLeadMs;

/**
 * The bookingsConfirmed reaction (wired in app.ts), after the outbox told the parties: sends what
 * a first paid session brings (every new-client form) at once, and a measure due before a later
 * session if that session is near; one further away is sent by the job (sendDueMeasures) when it comes near.
 * A failure is logged and the forms wait for the next paid session; a second delivery of the same
 * confirmation sends nothing new (an assignment has one open form per client).
 */
export function sendFormsOnBookingsConfirmed(deps: SendDeps & Pick<AppDeps, 'db'>): BookingsConfirmedHandler {
  return async (event: BookingsConfirmedEvent) => {
    try {
      const now = deps.clock.now();
      await sendDue(
        deps,
        inArray(bookings.id, event.bookingIds),
        (assignment, booking) =>
          booking.place === 1 || assignment.resendEvery === null || isNear(booking.startsAt, now),
      );
    } catch (error) {
      deps.log.error({ err: error, bookingIds: event.bookingIds }, 'forms not sent for confirmed bookings');
    }
  };
}

/**
 * The job's part (formJobs): measures due before confirmed sessions that start within the lead
 * time and have none sent for them yet (a series paid at once, a session paid long before). An
 * assignment still has one open form per client: an unanswered earlier one holds the next back.
 */
export function sendDueMeasures(deps: SendDeps & Pick<AppDeps, 'db'>): Promise<number> {
  const now = deps.clock.now();
  return sendDue(
    deps,
    and(
      eq(bookings.status, 'confirmed'),
      gt(bookings.startsAt, now),
      lte(bookings.startsAt, new Date(now.getTime() + measureLeadMs)),
      sql`EXISTS (SELECT 1 FROM form_assignments measure WHERE measure.provider_id = bookings.provider_id
        AND measure.removed_at IS NULL AND measure.resend_every IS NOT NULL)`,
    ),
    async (assignment, booking) => {
      if (assignment.resendEvery === null || booking.place === 1) return false;
      const [sent] = await deps.db
        .select({ id: formRequests.id })
        .from(formRequests)
        .where(
          and(
            eq(formRequests.clientId, booking.clientId),
            eq(formRequests.assignmentId, assignment.id),
            eq(formRequests.bookingId, booking.id),
          ),
        )
        .limit(1);
      return !sent;
    },
  );
}
