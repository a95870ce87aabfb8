/**
 * One worker process of the session-reminder job, for the cross-process test
 * (modules/notifications/reminders-processes.test.ts): DATABASE_URL, the fixed instant NOW and
 * RUNS passes of sendSessionReminders (from START_AT on), as a server process's job would run them. Prints the
 * totals as one JSON line.
 */
import { withDomainEvents } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { sendSessionReminders } from '../src/modules/notifications/reminders.ts';
import { fixedClock } from '../src/platform/clock.ts';
import { silentLogger } from '../src/platform/logger.ts';
import { createMailer } from '../src/platform/mailer.ts';
import { testConfig } from './build-test-app.ts';

const url = process.env.DATABASE_URL as string;
const now = process.env.NOW as string;
const runs = Number(process.env.RUNS ?? 1);
const database = await openDatabase({ url, poolSize: 4 });
const config = testConfig();
const deps = withDomainEvents({
  config,
  database,
  db: database.db,
  clock: fixedClock(now),
  mailer: createMailer(database.db, { from: config.MAIL_FROM }),
  log: silentLogger(),
});
// Both workers start their passes at the same instant (START_AT, epoch ms), so they really race.
const startAt = Number(process.env.START_AT ?? 0);
if (startAt > Date.now()) await new Promise((resolve) => setTimeout(resolve, startAt - Date.now()));
let reminded = 0;
let emails = 0;
for (let run = 0; run < runs; run++) {
  const result = await sendSessionReminders(deps);
  reminded += result.reminded;
  emails += result.emails;
}
await database.close();
process.stdout.write(`${JSON.stringify({ pid: process.pid, reminded, emails })}\n`);
