import { type Language, languageOf } from '@app/shared/constants';
import { REMINDER_KINDS, type ReminderKind } from '@app/shared/schemas/notifications';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { bookingEvents, bookings, preferenceOptions, therapyCategories, users } from '../../db/schema/index.ts';
import { appLink, renderActionEmail } from '../../platform/action-email.ts';
import { calendarAttachment, localizedSessionCalendar } from '../../platform/calendar-file.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { formatWhen } from '../../platform/format-when.ts';
import { translate } from '../../platform/i18n.ts';
import { backlogOf, type Job, type JobBacklog } from '../../platform/jobs.ts';
import { localizedName } from '../../platform/localized.ts';
import { personName } from '../profiles/person-json.ts';
import { awayEmailJob } from './away-emails.ts';
import { bookingNotificationJob } from './booking-emails.ts';

const BATCH = 50;
const client = alias(users, 'client');
const provider = alias(users, 'provider');
const modality = alias(preferenceOptions, 'modality');

/**
 * Claims the reminders of one kind that are due (dueReminder), inside `tx`, in start order after
 * `after` (the run's previous batch). The bookings are locked with SKIP
 * LOCKED (another worker takes other rows, a booking being cancelled or moved right now is left
 * for the next run), and the reminder rows are inserted with ON CONFLICT DO NOTHING on
 * (booking, kind, start): exactly one transaction, in one process, gets each reminder. A moved
 * session has a new start, so it gets its own reminders; a cancelled one is no longer confirmed.
 */
async function claimDue(
  tx: Tx,
  kind: ReminderKind,
  now: Date,
  after: ReminderCursor | null,
): Promise<Array<{ bookingId: string; startsAt: Date }>> {
  const result = await tx.execute(sql`
    WITH due AS (
      SELECT b.id, b.starts_at FROM bookings b
      WHERE ${dueReminder(kind, now)}
        ${after ? sql`AND (b.starts_at, b.id) > (${after.startsAt.toISOString()}::timestamptz, ${after.bookingId}::uuid)` : sql``}
      ORDER BY b.starts_at, b.id
      LIMIT ${BATCH}
      FOR NO KEY UPDATE OF b SKIP LOCKED
    )
    INSERT INTO session_reminders (booking_id, kind, starts_at, sent_at)
    SELECT due.id, ${kind}, due.starts_at, ${now.toISOString()}::timestamptz FROM due
    ON CONFLICT DO NOTHING
    RETURNING booking_id AS "bookingId", starts_at AS "startsAt"`);
  return (result as unknown as { rows: Array<{ bookingId: string; startsAt: Date | string }> }).rows.map((row) => ({
    bookingId: row.bookingId,
    startsAt: new Date(row.startsAt),
  }));
}

/** Where a run's last batch of one kind ended: the next starts after it (start, then booking id). */
interface ReminderCursor {
  startsAt: Date;
  bookingId: string;
}

const lastOf = (rows: ReminderCursor[]): ReminderCursor | null =>
  rows.reduce<ReminderCursor | null>((last, row) => {
    if (!last) return row;
    const order = row.startsAt.getTime() - last.startsAt.getTime() || row.bookingId.localeCompare(last.bookingId);
    return order > 0 ? row : last;
  }, null);

/**
 * The rule a booking `b` meets when its reminder of `kind` is due at `now` and not sent yet: a
 * confirmed session starting within the kind's lead time whose reminder moment passed less than
 * its grace ago, with no reminder of this kind for its current start. claimDue claims by it and
 * the job's backlog counts by it.
 */
function dueReminder(kind: ReminderKind, now: Date): SQL {
  const { leadMinutes, graceMinutes } = REMINDER_KINDS[kind];
  const nowIso = now.toISOString();
  return sql`b.status = 'confirmed'
        AND b.starts_at > ${nowIso}::timestamptz
        AND b.starts_at <= ${nowIso}::timestamptz + make_interval(mins => ${leadMinutes})
        AND b.starts_at > ${nowIso}::timestamptz + make_interval(mins => ${leadMinutes - graceMinutes})
        AND NOT EXISTS (SELECT 1 FROM session_reminders r
          WHERE r.booking_id = b.id AND r.kind = ${kind} AND r.starts_at = b.starts_at)`;
}

const person = (table: typeof client | typeof provider) => ({
  id: table.id,
  email: table.email,
  firstName: table.firstName,
  lastName: table.lastName,
  language: table.language,
  timezone: table.timezone,
  deletedAt: table.deletedAt,
});

async function loadSessions(tx: Tx, bookingIds: string[]) {
  return tx
    .select({
      id: bookings.id,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      client: person(client),
      provider: person(provider),
      therapy: { nameEn: therapyCategories.nameEn, nameDe: therapyCategories.nameDe },
      modality: { nameEn: modality.nameEn, nameDe: modality.nameDe },
      sequence: sql<number>`(SELECT COALESCE(MAX(${bookingEvents.seq}), 0) FROM ${bookingEvents} WHERE ${bookingEvents.bookingId} = ${bookings.id})`,
    })
    .from(bookings)
    .innerJoin(client, eq(client.id, bookings.clientId))
    .innerJoin(provider, eq(provider.id, bookings.providerId))
    .leftJoin(therapyCategories, eq(therapyCategories.id, bookings.therapyCategoryId))
    .leftJoin(modality, and(eq(modality.list, 'modality'), eq(modality.key, bookings.modalityKey)))
    .where(inArray(bookings.id, bookingIds));
}

type Session = Awaited<ReturnType<typeof loadSessions>>[number];
type Person = Session['client'];

/** The reminder email to one participant, in their language and time zone, with the session's .ics. */
function reminderEmail(
  deps: Pick<AppDeps, 'config'>,
  session: Session,
  kind: ReminderKind,
  to: Person,
  other: Person,
  now: Date,
) {
  const language: Language = languageOf(to.language);
  const startsAt = session.startsAt as Date;
  const endsAt = session.endsAt as Date;
  const otherName = other.deletedAt ? '' : personName(other);
  const t = (key: string, params: Record<string, unknown> = {}) =>
    translate(language, `notifications.email.${key}`, { name: otherName, ...params });
  const when = formatWhen(startsAt, language, to.timezone) ?? '';
  const details = [
    t('when', { when }),
    session.therapy?.nameEn ? t('therapy', { therapy: localizedName(session.therapy, language) }) : null,
    session.modality?.nameEn ? t('modality', { modality: localizedName(session.modality, language) }) : null,
  ].filter((line): line is string => Boolean(line));
  const link = appLink(deps.config, language, `/appointments/${session.id}/`);
  const { text, html } = renderActionEmail({
    greeting: to.firstName ? t('greeting', { name: to.firstName }) : t('greetingNoName'),
    intro: t(`reminder${kind}.intro`),
    lines: details,
    action: t('action'),
    link,
    signature: t('signature'),
  });
  const ics = localizedSessionCalendar(deps.config, {
    language,
    bookingId: session.id,
    sequence: Number(session.sequence),
    startsAt,
    endsAt,
    withName: otherName,
    details: details.slice(1),
    stamp: now,
  });
  return {
    to: to.email,
    subject: t(`reminder${kind}.subject`, { when }),
    text,
    html,
    language,
    template: `notifications.reminder${kind}`,
    attachments: [calendarAttachment(ics)],
  };
}

/**
 * One batch of one kind, in one transaction: claim, tell both participants in the app, and
 * record their emails in the outbox (those who turned reminder emails off get none). Answers the
 * recorded emails, delivered after the commit.
 */
async function remindBatch(
  deps: AppDeps,
  kind: ReminderKind,
  now: Date,
  after: ReminderCursor | null,
): Promise<{ claimed: number; last: ReminderCursor | null; emailIds: string[] }> {
  return deps.db.transaction(async (tx) => {
    const claimed = await claimDue(tx, kind, now, after);
    if (claimed.length === 0) return { claimed: 0, last: null, emailIds: [] };
    const sessions = await loadSessions(
      tx,
      claimed.map((row) => row.bookingId),
    );
    const emailIds: string[] = [];
    for (const session of sessions) {
      if (!session.startsAt || !session.endsAt) continue;
      for (const [to, other] of [
        [session.client, session.provider],
        [session.provider, session.client],
      ] as const) {
        if (to.deletedAt) continue;
        const { email } = await deps.events.notify(tx, {
          userId: to.id,
          kind: 'session.reminder',
          actorId: other.id,
          subjectId: session.id,
          data: { reminder: kind, startAt: session.startsAt.toISOString() },
          at: now,
        });
        if (email) emailIds.push(await deps.mailer.record(tx, reminderEmail(deps, session, kind, to, other, now)));
      }
    }
    return { claimed: claimed.length, last: lastOf(claimed), emailIds };
  });
}

/**
 * The reminders due now (the 1 h ones first), each once across every process, then their SMTP
 * delivery. Runs every minute (sessionReminderJobs); time comes from deps.clock, so a test's
 * clock drives it.
 */
export async function sendSessionReminders(deps: AppDeps): Promise<{ reminded: number; emails: number }> {
  const now = deps.clock.now();
  let reminded = 0;
  let emailCount = 0;
  for (const kind of ['1h', '24h'] as const) {
    // Each batch starts after the last one's end, so a day of thousands of sessions is read once
    // rather than from its start again for every batch.
    let after: ReminderCursor | null = null;
    for (;;) {
      const batch = await remindBatch(deps, kind, now, after);
      after = batch.last ?? after;
      reminded += batch.claimed;
      emailCount += batch.emailIds.length;
      await deps.mailer.deliver(batch.emailIds).catch((error) => {
        // Recorded in the outbox; deliverStale tries again.
        deps.log.warn({ err: error, kind }, 'reminder emails not delivered yet');
      });
      if (batch.claimed < BATCH) break;
    }
  }
  return { reminded, emails: emailCount };
}

/**
 * Reminders due and not sent yet (claimDue's rule without its batch and its locks), and since
 * when the oldest has been due: its session's start less the kind's lead time.
 */
async function reminderBacklog(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<JobBacklog> {
  const now = deps.clock.now();
  const kinds = await Promise.all(
    (Object.keys(REMINDER_KINDS) as ReminderKind[]).map((kind) =>
      backlogOf(
        deps.db,
        sql`SELECT count(*)::int AS depth,
                   min(b.starts_at - make_interval(mins => ${REMINDER_KINDS[kind].leadMinutes})) AS oldest
              FROM bookings b
             WHERE ${dueReminder(kind, now)}`,
      ),
    ),
  );
  const oldest = kinds.map((kind) => kind.oldestDueAt).filter((at): at is Date => at !== null);
  return {
    depth: kinds.reduce((sum, kind) => sum + kind.depth, 0),
    oldestDueAt: oldest.length ? new Date(Math.min(...oldest.map((at) => at.getTime()))) : null,
  };
}

/** For startJobs(deps, notificationJobs) in server.ts. */
export const notificationJobs: Job[] = [
  {
    name: 'session-reminders',
    intervalMs: 60_000,
    run: (deps) => sendSessionReminders(deps),
    backlog: reminderBacklog,
  },
  awayEmailJob,
  bookingNotificationJob,
  {
    name: 'deliver-queued-emails',
    intervalMs: 60_000,
    run: (deps) => deps.mailer.deliverStale(),
    outbox: 'emails',
    // Recorded inside a transaction and not sent yet (emails_queued_unsent_idx); a row past its
    // five tries stays here until someone looks (docs/operations.md).
    backlog: (deps) =>
      backlogOf(
        deps.db,
        sql`SELECT count(*)::int AS depth, min(queued_at) AS oldest FROM emails
            WHERE queued_at IS NOT NULL AND sent_at IS NULL`,
      ),
  },
];
