import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listedSlot } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import type { TestUser } from '../../../test/factories.ts';
import { testDriver } from '../../../test/test-database.ts';
import { openDatabase } from '../../db/client.ts';
import { emails } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { confirmedSession, parseCalendar, sessionPair } from './test-support.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');

/** A clone of the migrated template whose URL a child process can open. */
async function cloneTemplate(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL as string;
  const template = inject('pgTemplate');
  const name = `app_test_${randomUUID().slice(0, 8)}_${template.split('_').pop()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** One worker process running the reminder job `runs` times at the instant `now`. */
function worker(url: string, now: Date, startAt: number, runs = 3): Promise<{ reminded: number; emails: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/test/reminder-worker.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url, NOW: now.toISOString(), RUNS: String(runs), START_AT: String(startAt) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`worker exited ${code}: ${err}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1) as string));
    });
  });
}

/** Both workers at once, as two server processes behind a load balancer would run the job. */
function bothWorkers(url: string, now: Date) {
  const startAt = Date.now() + 6000; // both have booted by then (tsx start-up), then race
  return Promise.all([worker(url, now, startAt), worker(url, now, startAt)]);
}

describe.runIf(testDriver === 'pg')('session reminders across two worker processes (PostgreSQL)', () => {
  const clock = fixedClock('2027-03-01T09:00:00Z');
  let db: Awaited<ReturnType<typeof cloneTemplate>>;
  let t: TestApp;

  beforeAll(async () => {
    db = await cloneTemplate();
    t = await buildTestApp({
      clock,
      config: { ACCESS_TOKEN_TTL: 30 * 24 * 3600 },
      database: await openDatabase({ url: db.url, poolSize: 10 }),
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const remindersTo = (user: TestUser, kind: '24h' | '1h') =>
    t.deps.db
      .select()
      .from(emails)
      .where(and(eq(emails.to, user.email.toLowerCase()), like(emails.template, `notifications.reminder${kind}`)));

  it('send exactly one 24 h and one 1 h email per person and session; none when cancelled; a move gets new ones', async () => {
    // Eight sessions at the same hour (eight providers), one of them cancelled, one moved later.
    const pairs = await Promise.all(Array.from({ length: 8 }, () => sessionPair(t)));
    const sessions = [];
    for (const pair of pairs) sessions.push({ pair, ...(await confirmedSession(t, pair, '2027-03-04', 2)) });
    const start = sessions[0]?.slot.startAt as string;
    expect(sessions.every((session) => session.slot.startAt === start)).toBe(true);

    const [cancelled, moved] = sessions;
    if (!cancelled || !moved) throw new Error('sessions missing');
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${cancelled.bookingId}/cancel`,
      headers: cancelled.pair.client.headers,
      payload: { note: 'Cannot make it' },
    });
    expect(cancel.statusCode).toBe(200);
    // More than 48 h ahead: the client's move applies at once.
    const later = await listedSlot(t, moved.pair.provider.id, '2027-03-05', 5);
    const move = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${moved.bookingId}/reschedule`,
      headers: moved.pair.client.headers,
      payload: { timeslotIdentifier: later.identifier },
    });
    expect(move.statusCode, move.body).toBe(200);
    expect(move.json().startAt).toBe(later.startAt);

    const minute = 60_000;
    const at = (iso: string, ms: number) => new Date(Date.parse(iso) + ms);
    const results = [
      ...(await bothWorkers(db.url, at(start, -24 * 60 * minute + minute))),
      ...(await bothWorkers(db.url, at(start, -59 * minute))),
      ...(await bothWorkers(db.url, at(later.startAt, -24 * 60 * minute + minute))),
      ...(await bothWorkers(db.url, at(later.startAt, -59 * minute))),
    ];
    // Six sessions at `start` and one at `later`, each reminded twice (24 h, 1 h), by one process or the other.
    expect(results.reduce((sum, result) => sum + result.reminded, 0)).toBe(7 * 2);
    expect(results.reduce((sum, result) => sum + result.emails, 0)).toBe(7 * 2 * 2);

    for (const session of sessions.slice(2)) {
      for (const person of [session.pair.client, session.pair.provider]) {
        const day = await remindersTo(person, '24h');
        const hour = await remindersTo(person, '1h');
        expect([day.length, hour.length]).toEqual([1, 1]);
        expect(parseCalendar(day[0]?.attachments[0]).start).toBe(new Date(start).toISOString());
      }
    }
    for (const person of [cancelled.pair.client, cancelled.pair.provider]) {
      expect([(await remindersTo(person, '24h')).length, (await remindersTo(person, '1h')).length]).toEqual([0, 0]);
    }
    for (const person of [moved.pair.client, moved.pair.provider]) {
      const day = await remindersTo(person, '24h');
      const hour = await remindersTo(person, '1h');
      expect([day.length, hour.length]).toEqual([1, 1]);
      expect(parseCalendar(hour[0]?.attachments[0]).start).toBe(new Date(later.startAt).toISOString());
    }
  }, 240_000);
});
