import { randomUUID } from 'node:crypto';
import { INSTRUMENTS, isInstrumentKey } from '@app/shared/instruments';
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
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
 * The bookingsConfirmed reaction (wired in app.ts), after the outbox told the parties: for each
 * paid booking whose provider assigns forms, sends what is due for its client. One read finds
 * the bookings that have assignments at all with their place among the client's paid sessions;
 * a transaction opens only when something is due. A failure is logged and the forms wait for
 * the next paid session; a second delivery of the same confirmation sends nothing new (an
 * assignment has one open form per client).
 */
export function sendFormsOnBookingsConfirmed(deps: SendDeps & Pick<AppDeps, 'db'>): BookingsConfirmedHandler {
  return async (event: BookingsConfirmedEvent) => {
    try {
      const paid = await deps.db
        .select({
          bookingId: bookings.id,
          clientId: bookings.clientId,
          providerId: bookings.providerId,
          // Qualified by hand: drizzle writes a one-table query's columns bare, and inside the
          // subquery a bare column would be the subquery's own.
          place: sql<number>`(SELECT count(*)::int FROM bookings earlier
            WHERE earlier.client_id = bookings.client_id AND earlier.provider_id = bookings.provider_id
              AND earlier.paid_at IS NOT NULL
              AND (earlier.paid_at, earlier.starts_at, earlier.id) <= (bookings.paid_at, bookings.starts_at, bookings.id))`,
        })
        .from(bookings)
        .where(
          and(
            inArray(bookings.id, event.bookingIds),
            isNotNull(bookings.paidAt),
            sql`EXISTS (SELECT 1 FROM form_assignments assigned WHERE assigned.provider_id = bookings.provider_id
              AND assigned.removed_at IS NULL)`,
          ),
        );
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
        const due = assignments.filter((assignment) => dueOnPaidSession(assignment, booking.place));
        if (due.length === 0) continue;
        await deps.db.transaction(async (tx) => {
          for (const assignment of due) {
            await sendAssignedForm(tx, deps, {
              assignment,
              clientId: booking.clientId,
              bookingId: booking.bookingId,
              now: deps.clock.now(),
            });
          }
        });
      }
    } catch (error) {
      deps.log.error({ err: error, bookingIds: event.bookingIds }, 'forms not sent for confirmed bookings');
    }
  };
}
