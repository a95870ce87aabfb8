import { randomUUID } from 'node:crypto';
import { INSTRUMENTS, isInstrumentKey } from '@app/shared/instruments';
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, formAssignments, formRequests, formTemplates } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { BookingPaidEvent, BookingPaidHandler } from '../../platform/events.ts';
import { recordFormEmail } from './emails.ts';

export type SendDeps = Pick<AppDeps, 'mailer' | 'config' | 'log' | 'events'>;

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
 * Which of a provider's assignments a paid booking sends, by how many paid sessions the client
 * has had with them (this one included): the first sends every "new client" form; a measure
 * with a schedule is sent again before every Nth session after that (N = resend_every: with
 * 4, before sessions 5, 9, 13, …). A form assigned to one client went out when it was assigned.
 */
export function dueOnPaidSession(assignment: AssignmentRow, paidSessions: number): boolean {
  if (paidSessions === 1) return assignment.clientId === null;
  return assignment.resendEvery !== null && (paidSessions - 1) % assignment.resendEvery === 0;
}

/**
 * The bookingPaid reaction (wired in app.ts): sends what is due for this client. Reads first and
 * opens a (sub)transaction only when something is due (the wallet payment's path stays free of
 * transactions for a provider who sends nothing); never fails the payment: a failure is logged
 * and the forms wait for the next paid session.
 */
export function sendFormsOnBookingPaid(deps: SendDeps): BookingPaidHandler {
  return async (db: Tx, event: BookingPaidEvent) => {
    try {
      const assignments = await db
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
            eq(formAssignments.providerId, event.providerId),
            isNull(formAssignments.removedAt),
            or(isNull(formAssignments.clientId), eq(formAssignments.clientId, event.clientId)),
          ),
        );
      if (assignments.length === 0) return;
      const [count] = await db
        .select({ paid: sql<number>`count(*)::int` })
        .from(bookings)
        .where(
          and(
            eq(bookings.clientId, event.clientId),
            eq(bookings.providerId, event.providerId),
            isNotNull(bookings.paidAt),
          ),
        );
      const due = assignments.filter((assignment) => dueOnPaidSession(assignment, count?.paid ?? 0));
      if (due.length === 0) return;
      await db.transaction(async (tx) => {
        for (const assignment of due) {
          await sendAssignedForm(tx, deps, {
            assignment,
            clientId: event.clientId,
            bookingId: event.bookingId,
            now: event.paidAt,
          });
        }
      });
    } catch (error) {
      deps.log.error({ err: error, bookingId: event.bookingId }, 'forms not sent for a paid booking');
    }
  };
}
