import { type Language, languageOf, NO_REFUND_WINDOW_HOURS } from '@app/shared/constants';
import { type CurrencyCode, DEFAULT_CURRENCY } from '@app/shared/currency';
import { formatMoney } from '@app/shared/money';
import type { NotificationKind } from '@app/shared/schemas/notifications';
import { REBOOK_WINDOW_HOURS } from '@app/shared/session-rules';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { bookingEvents, bookings, preferenceOptions, therapyCategories, users } from '../../db/schema/index.ts';
import { appLink, renderActionEmail } from '../../platform/action-email.ts';
import { calendarAttachment, localizedSessionCalendar } from '../../platform/calendar-file.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { formatWhen } from '../../platform/format-when.ts';
import { translate } from '../../platform/i18n.ts';
import { backlogOf, type Job } from '../../platform/jobs.ts';
import { localizedName } from '../../platform/localized.ts';
import type { EmailAttachment } from '../../platform/mailer.ts';
import { BOOKING_NOTIFICATIONS_JOB, type BookingEmailTemplate } from '../bookings/outbox.ts';
import { personName } from '../profiles/person-json.ts';

/**
 * Booking emails and in-app notifications. Services append an event with `notifyUserId` in the
 * transaction of the change (booking_events is the outbox, modules/bookings/outbox.ts); after
 * commit they raise bookingEventsCommitted, which app.ts hands to deliverBookingNotifications for
 * those events, and the notification job sends whatever is left
 * (events written inside another module's transaction, such as a card payment confirming a
 * booking, or a failed send). Each event is claimed once: one in-app notification (written in the
 * claim's transaction) and at most one email per event.
 */

export function appointmentsLink(config: AppDeps['config'], language: Language): string {
  return appLink(config, language, '/appointments/');
}

export interface BookingEmail {
  to: string;
  language: Language;
  firstName: string | null;
  template: BookingEmailTemplate | 'shared';
  /** Lines under the intro: already translated. */
  details: string[];
  params: Record<string, unknown>;
  link: string;
  /** The words of the link; "View your appointments" unless given (someone without an account gets other words). */
  action?: string;
  /** The session's .ics for confirmation, move and cancellation emails. */
  attachments?: EmailAttachment[];
  /** The other party erased their account: the intro tells what happened without naming anyone. */
  otherErased?: boolean;
}

/** Templates with their own words for an erased other party; the rest say it in general. */
const ERASED_INTROS = new Set<string>(['cancelled']);

/** The rule numbers a template's words name, from the rules themselves (never typed into the words). */
const RULE_PARAMS: Partial<Record<BookingEmail['template'], Record<string, number>>> = {
  'session.interruptedProvider': { hours: REBOOK_WINDOW_HOURS },
  'session.markedNoShowProvider': { hours: REBOOK_WINDOW_HOURS },
};

/** Sends one booking email in the recipient's language (words under emails.bookings). */
export async function sendBookingEmail(deps: Pick<AppDeps, 'mailer'>, email: BookingEmail): Promise<void> {
  const t = (key: string, params: Record<string, unknown> = {}) =>
    translate(email.language, `emails.bookings.${key}`, { ...RULE_PARAMS[email.template], ...email.params, ...params });
  const greeting = email.firstName ? t('greeting', { name: email.firstName }) : t('greetingNoName');
  const intro = email.otherErased
    ? t(ERASED_INTROS.has(email.template) ? `${email.template}.introErased` : 'erasedIntro')
    : t(`${email.template}.intro`);
  const action = email.action ?? t('action');
  const signature = t('signature');
  const { text, html } = renderActionEmail({
    greeting,
    intro,
    lines: email.details,
    action,
    link: email.link,
    signature,
  });
  await deps.mailer.send({
    to: email.to,
    subject: t(`${email.template}.subject`),
    text,
    html,
    language: email.language,
    template: `bookings.${email.template}`,
    attachments: email.attachments,
  });
}

const recipient = alias(users, 'recipient');
const actor = alias(users, 'actor');
/** The event's actor: the booking's party its actor_role names (none for the system). */
const eventActorId = sql`CASE ${bookingEvents.actorRole} WHEN 'client' THEN ${bookings.clientId} WHEN 'provider' THEN ${bookings.providerId} END`;
/** The booking's other party, seen from the event's recipient: the person their email names. */
const otherParty = alias(users, 'other_party');
const otherPartyId = sql`CASE WHEN ${bookingEvents.notifyUserId} = ${bookings.clientId} THEN ${bookings.providerId} ELSE ${bookings.clientId} END`;
const modality = alias(preferenceOptions, 'modality');

const claimable = and(isNotNull(bookingEvents.notifyUserId), isNull(bookingEvents.notifiedAt));

/** Claims events to email (marks them notified) and returns their ids: at most once per event. */
async function claim(db: Tx, input: { eventIds?: string[]; limit: number; now: Date }): Promise<string[]> {
  const candidates = db
    .select({ id: bookingEvents.id })
    .from(bookingEvents)
    .where(and(claimable, input.eventIds ? inArray(bookingEvents.id, input.eventIds) : undefined))
    .orderBy(asc(bookingEvents.seq))
    .limit(input.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(bookingEvents)
    .set({ notifiedAt: input.now })
    .where(and(inArray(bookingEvents.id, candidates), claimable))
    .returning({ id: bookingEvents.id });
  return rows.map((row) => row.id);
}

/** The in-app notification of each booking email (the same events, told in the app too). */
const IN_APP_KIND: Record<Exclude<BookingEmailTemplate, `session.${string}`>, NotificationKind> = {
  bookingConfirmed: 'booking.confirmed',
  appointmentRequested: 'booking.requested',
  participantAcknowledged: 'booking.acknowledged',
  participantRejected: 'booking.declined',
  bookingRejected: 'booking.rejected',
  rescheduled: 'reschedule.moved',
  rescheduleRequested: 'reschedule.requested',
  rescheduleAccepted: 'reschedule.accepted',
  rescheduleRejected: 'reschedule.rejected',
  cancelled: 'booking.cancelled',
  ownConfirmed: 'booking.ownConfirmed',
  ownAcknowledged: 'booking.ownConfirmed',
  ownRescheduled: 'reschedule.ownMoved',
  ownCancelled: 'booking.ownCancelled',
};

/**
 * Changes whose actor is told too, in their own words: the client who paid or acknowledged gets
 * their confirmation with the .ics, whoever moved or cancelled gets the updated or cancelling
 * .ics, so both calendars follow the session. The other party's email stays as it was.
 */
const OWN_COPY: Partial<Record<BookingEmailTemplate, BookingEmailTemplate>> = {
  bookingConfirmed: 'ownConfirmed',
  participantAcknowledged: 'ownAcknowledged',
  rescheduled: 'ownRescheduled',
  rescheduleAccepted: 'ownRescheduled',
  cancelled: 'ownCancelled',
};

const CANCEL_TEMPLATES = new Set<BookingEmailTemplate>(['cancelled', 'ownCancelled']);

/** What happened at a session (sessions/session-outcome.ts) is one kind in the app, its outcome in the data. */
function inAppKind(template: BookingEmailTemplate): NotificationKind {
  return template.startsWith('session.')
    ? 'session.outcome'
    : IN_APP_KIND[template as Exclude<BookingEmailTemplate, `session.${string}`>];
}

/** Emails that put the session in the reader's calendar (an .ics), when the session is confirmed. */
const CALENDAR_TEMPLATES = new Set<BookingEmailTemplate>([
  'bookingConfirmed',
  'participantAcknowledged',
  'rescheduled',
  'rescheduleAccepted',
  'ownConfirmed',
  'ownAcknowledged',
  'ownRescheduled',
]);

/** The event's instant values for its notification's words (no free text, no names). */
function notificationData(data: Record<string, unknown>, currencyCode: string) {
  const picked: Record<string, string | number | null> = {};
  for (const key of ['startAt', 'previousStartAt', 'proposedStartAt', 'refundStatus', 'outcome'] as const) {
    if (typeof data[key] === 'string') picked[key] = data[key] as string;
  }
  if (typeof data.refundMinor === 'number') {
    picked.refundMinor = data.refundMinor;
    picked.currencyCode = currencyCode;
  }
  return picked;
}

/**
 * Claims the given events (or, without ids, the oldest unsent ones), tells each recipient in the
 * app inside the claim's transaction (deps.events.notify, which also answers whether they want
 * the email), then emails those who do; the actor of a change in OWN_COPY is told the same way,
 * in their own language and zone. Confirmation and move emails carry the session's .ics,
 * a cancellation one a cancelling .ics. A failed send is logged and not retried: the booking
 * change itself stands and the timeline and the in-app notification show it.
 */
export async function deliverBookingNotifications(
  deps: Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config' | 'log' | 'events'>,
  input: { eventIds?: string[]; limit?: number } = {},
): Promise<number> {
  if (input.eventIds && input.eventIds.length === 0) return 0;
  const now = deps.clock.now();
  const confirmedIds = new Set<string>();
  const rows = await deps.db.transaction(async (tx) => {
    const ids = await claim(tx, { eventIds: input.eventIds, limit: input.limit ?? 100, now });
    if (ids.length === 0) return [];
    const loaded = await tx
      .select({
        event: bookingEvents,
        booking: {
          id: bookings.id,
          status: bookings.status,
          startsAt: bookings.startsAt,
          endsAt: bookings.endsAt,
          priceMinor: bookings.priceMinor,
          currencyCode: bookings.currencyCode,
          note: bookings.note,
        },
        recipient: {
          email: recipient.email,
          firstName: recipient.firstName,
          lastName: recipient.lastName,
          language: recipient.language,
          timezone: recipient.timezone,
          deletedAt: recipient.deletedAt,
        },
        actorId: sql<string | null>`${eventActorId}`,
        // The other party of the booking, read now: a system event (the room's outcome, an
        // erasure's cancellation) has no actor, and an erased person must not be named.
        other: {
          email: otherParty.email,
          firstName: otherParty.firstName,
          lastName: otherParty.lastName,
          deletedAt: otherParty.deletedAt,
        },
        actor: {
          email: actor.email,
          firstName: actor.firstName,
          lastName: actor.lastName,
          language: actor.language,
          timezone: actor.timezone,
          deletedAt: actor.deletedAt,
        },
        therapy: { nameEn: therapyCategories.nameEn, nameDe: therapyCategories.nameDe },
        modality: { nameEn: modality.nameEn, nameDe: modality.nameDe },
      })
      .from(bookingEvents)
      .innerJoin(bookings, eq(bookings.id, bookingEvents.bookingId))
      .innerJoin(recipient, eq(recipient.id, bookingEvents.notifyUserId))
      .leftJoin(actor, eq(actor.id, eventActorId))
      .leftJoin(otherParty, eq(otherParty.id, otherPartyId))
      .leftJoin(therapyCategories, eq(therapyCategories.id, bookings.therapyCategoryId))
      .leftJoin(modality, and(eq(modality.list, 'modality'), eq(modality.key, bookings.modalityKey)))
      .where(inArray(bookingEvents.id, ids))
      .orderBy(asc(bookingEvents.seq));
    const wanted = [];
    for (const row of loaded) {
      const data = row.event.data as Record<string, unknown>;
      const template = data.template as BookingEmailTemplate | undefined;
      if (!template || !row.event.notifyUserId) continue;
      if (template === 'bookingConfirmed' && row.booking.status === 'confirmed') {
        confirmedIds.add(row.booking.id);
        // A series paid at once tells the provider once; its event names every session it confirmed.
        if (Array.isArray(data.confirmedWith))
          for (const id of data.confirmedWith) if (typeof id === 'string') confirmedIds.add(id);
      }
      const facts = { event: row.event, booking: row.booking, therapy: row.therapy, modality: row.modality };
      if (!row.recipient.deletedAt) {
        const { email } = await deps.events.notify(tx, {
          userId: row.event.notifyUserId,
          kind: inAppKind(template),
          actorId: row.actorId,
          subjectId: row.booking.id,
          data: notificationData(data, row.booking.currencyCode),
          at: row.event.createdAt,
        });
        const other = row.other?.email ? { ...row.other, email: row.other.email } : null;
        if (email) {
          const otherErased = Boolean(row.other?.deletedAt);
          wanted.push({ ...facts, template, party: String(data.notifyParty), to: row.recipient, other, otherErased });
        }
      }
      const own = OWN_COPY[template];
      // An acknowledged session still waiting for payment is not confirmed yet: its payment will be.
      const confirmedOrCancelled = own && (CANCEL_TEMPLATES.has(own) || row.booking.status === 'confirmed');
      if (
        own &&
        confirmedOrCancelled &&
        row.actorId &&
        row.actor?.email &&
        !row.actor.deletedAt &&
        row.actorId !== row.event.notifyUserId
      ) {
        // The actor's own confirmation: the other party (this event's recipient) is the name shown.
        const { email } = await deps.events.notify(tx, {
          userId: row.actorId,
          kind: inAppKind(own),
          actorId: row.event.notifyUserId,
          subjectId: row.booking.id,
          data: notificationData(data, row.booking.currencyCode),
          at: row.event.createdAt,
        });
        const to = {
          email: row.actor.email,
          firstName: row.actor.firstName,
          language: row.actor.language ?? 'en',
          timezone: row.actor.timezone ?? 'UTC',
        };
        if (email) {
          const otherErased = Boolean(row.recipient.deletedAt);
          wanted.push({ ...facts, template: own, party: row.event.actorRole, to, other: row.recipient, otherErased });
        }
      }
    }
    return wanted;
  });
  let sent = 0;
  for (const row of rows) {
    const data = row.event.data as Record<string, unknown>;
    const { template } = row;
    // The name in the email is the other person's, as the record holds it now.
    const otherName = row.other && !row.other.deletedAt ? personName(row.other) : '';
    const language: Language = languageOf(row.to.language);
    const t = (key: string, params: Record<string, unknown> = {}) =>
      translate(language, `emails.bookings.${key}`, params);
    const when = (at: unknown) => formatWhen(typeof at === 'string' ? at : null, language, row.to.timezone);
    // Never a name from the event's data: an erased person is not named (the intro says so).
    const name = (!row.otherErased && otherName) || 'TherapyHub';
    const startAt = typeof data.startAt === 'string' ? data.startAt : (row.booking.startsAt?.toISOString() ?? null);
    const therapyLine = row.therapy?.nameEn ? t('therapy', { therapy: localizedName(row.therapy, language) }) : null;
    const modalityLine = row.modality?.nameEn
      ? t('modality', { modality: localizedName(row.modality, language) })
      : null;
    const details = [
      t('when', { when: when(startAt) ?? t('unscheduled') }),
      therapyLine,
      modalityLine,
      typeof data.previousStartAt === 'string' ? t('previous', { when: when(data.previousStartAt) }) : null,
      typeof data.proposedStartAt === 'string' ? t('proposed', { when: when(data.proposedStartAt) }) : null,
      Array.isArray(data.alsoCancelled) && data.alsoCancelled.length > 0
        ? t('alsoCancelled', {
            count: data.alsoCancelled.length,
            when: data.alsoCancelled.map((at) => when(at)).join('; '),
          })
        : null,
      typeof data.reason === 'string' && data.reason ? t('reason', { reason: data.reason }) : null,
      data.refundStatus === 'refunded' && row.party === 'client'
        ? t('refunded', {
            amount: formatMoney(
              Number(data.refundMinor ?? 0),
              (row.booking.currencyCode as CurrencyCode) ?? DEFAULT_CURRENCY,
              language,
            ),
          })
        : null,
      data.refundStatus === 'none' && row.party === 'client' ? t('noRefund', { hours: NO_REFUND_WINDOW_HOURS }) : null,
      typeof data.rebookUntil === 'string' && row.party === 'client'
        ? Number(data.rebookPriceMinor ?? 0) > 0
          ? t('session.rebookShare', {
              when: when(data.rebookUntil),
              amount: formatMoney(
                Number(data.rebookPriceMinor),
                (row.booking.currencyCode as CurrencyCode) ?? DEFAULT_CURRENCY,
                language,
              ),
            })
          : t('session.rebookFree', { when: when(data.rebookUntil) })
        : null,
    ].filter((line): line is string => Boolean(line));
    const cancelled = CANCEL_TEMPLATES.has(template);
    const calendar =
      startAt &&
      row.booking.startsAt &&
      row.booking.endsAt &&
      ((CALENDAR_TEMPLATES.has(template) && row.booking.status === 'confirmed') || cancelled)
        ? localizedSessionCalendar(deps.config, {
            language,
            bookingId: row.booking.id,
            sequence: row.event.seq,
            startsAt: new Date(startAt),
            endsAt: new Date(
              new Date(startAt).getTime() + (row.booking.endsAt.getTime() - row.booking.startsAt.getTime()),
            ),
            withName: otherName,
            details: [therapyLine, modalityLine].filter((line): line is string => Boolean(line)),
            cancelled,
            stamp: now,
          })
        : null;
    try {
      await sendBookingEmail(deps, {
        to: row.to.email,
        language,
        firstName: row.to.firstName,
        template,
        details,
        params: { name },
        otherErased: row.otherErased,
        link: appointmentsLink(deps.config, language),
        attachments: calendar ? [calendarAttachment(calendar, cancelled)] : undefined,
      });
      sent++;
    } catch (error) {
      deps.log.error({ err: error, eventId: row.event.id }, 'booking email could not be sent');
    }
  }
  // What follows a confirmation (forms due, a consent to sign) reacts now, off the payment's path.
  await deps.events.bookingsConfirmed({ bookingIds: [...confirmedIds] });
  return sent;
}

/** Counts events still waiting for an email (tests, operations). */
export async function unsentNotificationCount(db: Tx): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(bookingEvents).where(claimable);
  return row?.count ?? 0;
}

/** The job that sends what is left in the outbox, for startJobs in server.ts (notificationJobs). */
export const bookingNotificationJob: Job = {
  name: BOOKING_NOTIFICATIONS_JOB,
  intervalMs: 30_000,
  run: (deps) => deliverBookingNotifications(deps),
  outbox: 'booking-events',
  // The outbox's own partial index (booking_events_unsent_idx).
  backlog: (deps) =>
    backlogOf(
      deps.db,
      sql`SELECT count(*)::int AS depth, min(created_at) AS oldest FROM booking_events
          WHERE notify_user_id IS NOT NULL AND notified_at IS NULL`,
    ),
};
