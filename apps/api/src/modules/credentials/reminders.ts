import { intlLocale, languageOf } from '@app/shared/constants';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps.ts';
import type { Job } from '../../platform/jobs.ts';
import { sendCredentialsEmail } from './emails.ts';
import { utcDay } from './listing.ts';

const BATCH = 50;

interface ClaimedReminder {
  user_id: string;
  email: string;
  first_name: string | null;
  language: string;
  expires_on: string;
  days: number;
}

function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * Claims (marks sent) the reminders due: the provider's newest insurance expires within
 * `window` days and this reminder was not sent. Claiming first makes each reminder go out once,
 * even with several processes (SKIP LOCKED); a 7-day reminder also settles the 30-day one.
 */
async function claim(deps: AppDeps, window: 30 | 7, today: string): Promise<ClaimedReminder[]> {
  const column = window === 30 ? sql.raw('reminded_30_at') : sql.raw('reminded_7_at');
  const lower = window === 30 ? sql`${today}::date + 7` : sql`${today}::date`;
  const lowerOp = window === 30 ? sql.raw('>') : sql.raw('>=');
  const settle =
    window === 7
      ? sql`, reminded_30_at = COALESCE(i.reminded_30_at, ${deps.clock.now().toISOString()}::timestamptz)`
      : sql``;
  const result = await deps.db.execute(sql`
    WITH due AS (
      SELECT i.id FROM indemnity_insurances i
      WHERE i.${column} IS NULL
        AND i.expires_on <= ${today}::date + ${window}::int
        AND i.expires_on ${lowerOp} ${lower}
        AND NOT EXISTS (SELECT 1 FROM indemnity_insurances newer
          WHERE newer.provider_id = i.provider_id AND newer.expires_on > i.expires_on)
      ORDER BY i.expires_on
      LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE indemnity_insurances i SET ${column} = ${deps.clock.now().toISOString()}::timestamptz ${settle}
    FROM due, users u
    WHERE i.id = due.id AND u.id = i.provider_id AND u.deleted_at IS NULL
    RETURNING u.id AS user_id, u.email, u.first_name, u.language, i.expires_on::text AS expires_on,
      (i.expires_on - ${today}::date)::int AS days`);
  return (result as unknown as { rows: ClaimedReminder[] }).rows;
}

/** Sends the 30-day and 7-day insurance reminders that are due, each once, in the provider's language. */
export async function sendInsuranceReminders(deps: AppDeps): Promise<{ sent: number }> {
  const today = utcDay(deps.clock.now());
  let sent = 0;
  for (const window of [7, 30] as const) {
    const due = await claim(deps, window, today);
    for (const reminder of due) {
      const language = languageOf(reminder.language);
      await deps.events
        .notify(deps.db, {
          userId: reminder.user_id,
          kind: 'verification.insuranceExpiring',
          data: { expiresOn: reminder.expires_on, days: reminder.days },
          at: deps.clock.now(),
        })
        .catch((error) => deps.log.warn({ err: error }, 'insurance reminder notification not recorded'));
      try {
        await sendCredentialsEmail(deps, {
          to: reminder.email,
          language,
          firstName: reminder.first_name,
          template: 'insuranceReminder',
          params: { days: reminder.days, date: formatDay(reminder.expires_on, language) },
        });
        sent += 1;
      } catch {
        // Claimed already: a reminder is sent at most once; the expiry is also shown at /my-credentials.
      }
    }
  }
  return { sent };
}

/** For startJobs(deps, credentialJobs) in server.ts: hourly is plenty for day-granular reminders. */
export const credentialJobs: Job[] = [
  { name: 'insurance-expiry-reminders', intervalMs: 60 * 60 * 1000, run: (deps) => sendInsuranceReminders(deps) },
];
