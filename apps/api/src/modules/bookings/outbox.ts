import type { AppDeps } from '../../platform/deps.ts';

/**
 * The bookings outbox: a change appends a booking event with `notifyUserId` in its own
 * transaction (booking_events), and the notifications module tells that person (in the app and
 * by email; modules/notifications/booking-emails.ts). Right after the commit the service raises
 * `bookingEventsCommitted` so they are told at once; events written inside another module's
 * transaction, or whose delivery failed, are sent by the job named here.
 */

/** What an event tells its recipient: the words under emails.bookings.<template>. */
export type BookingEmailTemplate =
  | 'bookingConfirmed'
  | 'appointmentRequested'
  | 'participantAcknowledged'
  | 'participantRejected'
  | 'bookingRejected'
  | 'rescheduled'
  | 'rescheduleRequested'
  | 'rescheduleAccepted'
  | 'rescheduleRejected'
  | 'cancelled'
  /** The actor's own copy of a change they made (ownCopyOf): their confirmation, with the .ics. */
  | 'ownConfirmed'
  | 'ownAcknowledged'
  | 'ownRescheduled'
  | 'ownCancelled'
  /** What happened to a session, per side (modules/sessions): words under emails.bookings.session. */
  | `session.${string}`;

/** The job that sends what is left in the outbox (run by the notifications module). */
export const BOOKING_NOTIFICATIONS_JOB = 'send-booking-notifications';

/**
 * Leaves the events of a change to that job, woken to run at once (platform/jobs.ts: the wakes of
 * the same moment share one run, one claim for the lot): the request answers without building
 * and recording the emails. Used on the hot path (a wallet payment); where no jobs run (tests,
 * benchmarks) the events wait for the job's delivery.
 */
export function wakeBookingNotifications(deps: Pick<AppDeps, 'jobs'>): void {
  deps.jobs?.wake(BOOKING_NOTIFICATIONS_JOB);
}
