import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, createProvider, scheduledBooking } from '../../../test/booking-fixtures.ts';
import { type TestApp, testConfig } from '../../../test/build-test-app.ts';
import { openTestDatabase, testDriver } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { formAccessLog, formRequests } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { createLogger } from '../../platform/logger.ts';
import { createMailer } from '../../platform/mailer.ts';
import { rawRows } from '../../platform/prepared.ts';
import { deliverBookingNotifications } from '../notifications/booking-emails.ts';
import { formAccessOf } from './access-log.ts';
import { assign, myForms, phq9Answers, postTemplate } from './test-support.ts';

/** An app on `database` whose logger keeps every line at trace level. */
async function appWith(database: Database, lines: string[]): Promise<TestApp> {
  const log = createLogger(
    'trace',
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  const config = testConfig();
  const app = await buildApp(
    {
      config,
      database,
      db: database.db,
      clock: fixedClock('2027-03-01T09:00:00Z'),
      mailer: createMailer(database.db, { from: config.MAIL_FROM }),
      log,
    },
    { loggerInstance: log },
  );
  await app.ready();
  return { app, deps: app.deps, database, close: () => app.close() };
}

describe('a canary answer', () => {
  let database: Database;
  let t: TestApp;
  const lines: string[] = [];
  const CANARY = `Canary${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    database = await openTestDatabase();
    t = await appWith(database, lines);
  });
  afterAll(async () => {
    await t.close();
    await database.close();
  });

  it('is in no table and no log line, draft or submitted, and reads back decrypted', async () => {
    const ids = await catalog(t);
    const provider = await createProvider(t, { firstName: '李小龍' });
    const { id: templateId } = await postTemplate(t, provider, {
      title: 'Intake',
      sections: [
        { id: 's', title: '', questions: [{ id: 'story', kind: 'longText', label: 'Your story', required: true }] },
      ],
    });
    await assign(t, provider, { form: { templateId }, clientId: null });
    await assign(t, provider, { form: { instrument: 'phq9' }, clientId: null });
    const { client } = await scheduledBooking(t, ids, { provider, date: '2027-03-02', pay: true });
    // Forms follow the confirmation's delivery (the outbox job's, run here).
    await deliverBookingNotifications(t.deps);
    const forms = await myForms(t, client);
    const intake = forms.find((form) => !form.instrument);
    const phq9 = forms.find((form) => form.instrument === 'phq9');
    const url = `/api/forms/requests/${intake?.id}`;
    const draft = await t.app.inject({
      method: 'PUT',
      url: `${url}/draft`,
      headers: client.headers,
      payload: { answers: { story: `draft ${CANARY}` } },
    });
    expect(draft.statusCode).toBe(200);
    const submit = await t.app.inject({
      method: 'POST',
      url: `${url}/submit`,
      headers: client.headers,
      payload: { answers: { story: CANARY } },
    });
    expect(submit.statusCode, submit.body).toBe(200);
    const scored = await t.app.inject({
      method: 'POST',
      url: `/api/forms/requests/${phq9?.id}/submit`,
      headers: client.headers,
      payload: { answers: phq9Answers(2, 1) },
    });
    expect(scored.json().request.result).toMatchObject({ score: 17, band: 'moderatelySevere', urgent: true });
    const read = await t.app.inject({ url, headers: provider.headers });
    expect(read.json().answers).toEqual({ story: CANARY });

    // Every row of every table as text (bytea shows as hex: look for both spellings).
    const tables = await rawRows<{ name: string }>(
      database.db,
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    let dump = '';
    for (const { name } of tables) {
      const rows = await rawRows<{ line: string }>(
        database.db,
        sql`SELECT t::text AS line FROM ${sql.identifier(name)} t`,
      );
      dump += rows.map((row) => row.line).join('\n');
    }
    expect(dump.length).toBeGreaterThan(1000);
    expect(dump).not.toContain(CANARY);
    expect(dump.toLowerCase()).not.toContain(Buffer.from(CANARY).toString('hex'));
    // The score is sealed too: no "moderatelySevere" or score beside the form's row.
    const [row] = await database.db
      .select()
      .from(formRequests)
      .where(eq(formRequests.id, phq9?.id as string));
    expect(JSON.stringify(row)).not.toContain('moderatelySevere');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('')).not.toContain(CANARY);

    const trail = await formAccessOf(database.db, intake?.id as string);
    expect(trail.map((entry) => entry.action).sort()).toEqual(['draft', 'read', 'read', 'submit']);
    // Append-only: a trail that can be edited proves nothing.
    await expect(rawRows(database.db, sql`DELETE FROM form_access_log`)).rejects.toThrow();
    expect(await database.db.select().from(formAccessLog)).not.toHaveLength(0);
  });
});

describe.runIf(testDriver === 'pg')('submitting at once', () => {
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase({ poolSize: 8 });
    t = await appWith(database, []);
  });
  afterAll(async () => {
    await t.close();
    await database.close();
  });

  it('takes one of five simultaneous submits; the others are FORM_ALREADY_SUBMITTED', async () => {
    const ids = await catalog(t);
    const provider = await createProvider(t);
    await assign(t, provider, { form: { instrument: 'gad7' }, clientId: null });
    const { client } = await scheduledBooking(t, ids, { provider, date: '2027-03-02', pay: true });
    await deliverBookingNotifications(t.deps);
    const [form] = await myForms(t, client);
    const answers = Object.fromEntries(
      Array.from({ length: 7 }, (_, index) => [`item${index + 1}`, String(index % 4)]),
    );
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/forms/requests/${form?.id}/submit`,
          headers: client.headers,
          payload: { answers },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const trail = await formAccessOf(database.db, form?.id as string);
    expect(trail.filter((entry) => entry.action === 'submit')).toHaveLength(1);
  });
});
