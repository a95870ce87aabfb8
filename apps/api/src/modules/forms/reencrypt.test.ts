import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Catalog, catalog, createProvider, scheduledBooking } from '../../../test/booking-fixtures.ts';
import { type TestApp, testConfig } from '../../../test/build-test-app.ts';
import type { TestUser } from '../../../test/factories.ts';
import { openTestDatabase, testDriver } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { formProgressDigests, formRequests } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { createLogger } from '../../platform/logger.ts';
import { createMailer } from '../../platform/mailer.ts';
import { deliverBookingNotifications } from '../notifications/booking-emails.ts';
import { reencryptForms } from './reencrypt-forms.ts';
import { assign, myForms, phq9Answers, postTemplate } from './test-support.ts';

const key = () => randomBytes(32).toString('base64');
const OLD = key();
const NEW = key();
const ONLY_OLD = { NOTES_ENCRYPTION_KEYS: `old:${OLD}`, NOTES_ENCRYPTION_KEY_ID: 'old' };
const BOTH = { NOTES_ENCRYPTION_KEYS: `old:${OLD},new:${NEW}`, NOTES_ENCRYPTION_KEY_ID: 'new' };
const ONLY_NEW = { NOTES_ENCRYPTION_KEYS: `new:${NEW}`, NOTES_ENCRYPTION_KEY_ID: 'new' };

/** An app on `database` with these keys: the apps before, during and after a rotation share it. */
async function appWith(database: Database, keys: Partial<Config>): Promise<TestApp> {
  const config = testConfig(keys);
  const log = createLogger('silent');
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

/** The keys the sealed progress charts are under. */
const chartKeys = async (database: Database) =>
  (await database.db.select({ keyId: formProgressDigests.keyId }).from(formProgressDigests)).map((row) => row.keyId);

const keyOf = async (database: Database, requestId: string) =>
  (await database.db.select({ keyId: formRequests.keyId }).from(formRequests).where(eq(formRequests.id, requestId)))[0]
    ?.keyId;

async function read(t: TestApp, user: TestUser, requestId: string) {
  const response = await t.app.inject({ url: `/api/forms/requests/${requestId}`, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { answers: Record<string, unknown> | null; result: { score: number } | null };
}

async function saveDraft(t: TestApp, client: TestUser, requestId: string, answers: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/forms/requests/${requestId}/draft`,
    headers: client.headers,
    payload: { answers },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A provider who sends a one-question intake and PHQ-9 to every new client. */
async function practice(t: TestApp) {
  const ids = await catalog(t);
  const provider = await createProvider(t, { firstName: 'Zoë-Anne', lastName: "O'Brien" });
  const { id: templateId } = await postTemplate(t, provider, {
    title: 'Intake',
    sections: [
      { id: 's', title: '', questions: [{ id: 'story', kind: 'longText', label: 'Your story', required: true }] },
    ],
  });
  await assign(t, provider, { form: { templateId }, clientId: null });
  await assign(t, provider, { form: { instrument: 'phq9' }, clientId: null });
  return { ids, provider };
}

async function newClientForms(t: TestApp, ids: Catalog, provider: TestUser, index: number) {
  const { client } = await scheduledBooking(t, ids, { provider, date: '2027-03-02', index, pay: true });
  // The outbox's delivery, as its job would run it after a payment: the forms follow it.
  await deliverBookingNotifications(t.deps);
  const forms = await myForms(t, client);
  const intake = forms.find((form) => !form.instrument)?.id as string;
  const phq9 = forms.find((form) => form.instrument === 'phq9')?.id as string;
  expect(intake && phq9).toBeTruthy();
  return { client, intake, phq9 };
}

describe('rotating the keys of sent forms', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('moves drafts, answers and scores to the new key, readable without the old one, sparing a row saved meanwhile', async () => {
    const before = await appWith(database, ONLY_OLD);
    const { ids, provider } = await practice(before);
    const ada = await newClientForms(before, ids, provider, 0);
    const bea = await newClientForms(before, ids, provider, 1);
    const submitted = await before.app.inject({
      method: 'POST',
      url: `/api/forms/requests/${ada.phq9}/submit`,
      headers: ada.client.headers,
      payload: { answers: phq9Answers(2, 1) },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await saveDraft(before, ada.client, ada.intake, { story: 'Ada’s draft, ünïcödé' });
    await saveDraft(before, bea.client, bea.intake, { story: 'Bea’s first draft' });
    for (const id of [ada.phq9, ada.intake, bea.intake]) expect(await keyOf(database, id)).toBe('old');
    // Nothing sealed yet: no key, nothing to move.
    expect(await keyOf(database, bea.phq9)).toBeNull();
    // A chart read is kept sealed whole under the key of its day.
    const chart = `/api/forms/clients/${ada.client.id}/progress`;
    expect((await before.app.inject({ url: chart, headers: provider.headers })).statusCode).toBe(200);
    expect(await chartKeys(database)).toEqual(['old']);
    await before.close();

    const during = await appWith(database, BOTH);
    // Old rows stay readable once the new key is current.
    expect((await read(during, provider, ada.phq9)).result).toMatchObject({ score: 17 });
    // Bea saves her draft while the rotation runs, after it listed her row and before it locks it.
    let meddled = false;
    const db = new Proxy(during.deps.db, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (property !== 'transaction') return typeof value === 'function' ? value.bind(target) : value;
        return async (...args: Parameters<typeof target.transaction>) => {
          if (!meddled) {
            meddled = true;
            await saveDraft(during, bea.client, bea.intake, { story: 'Bea’s second draft' });
          }
          return target.transaction(...args);
        };
      },
    });
    expect(await reencryptForms({ ...during.deps, db })).toEqual({ moved: 2, remaining: 0, failed: 0 });
    expect(meddled).toBe(true);
    for (const id of [ada.phq9, ada.intake, bea.intake]) expect(await keyOf(database, id)).toBe('new');
    expect(await keyOf(database, bea.phq9)).toBeNull();
    expect(await reencryptForms(during.deps)).toEqual({ moved: 0, remaining: 0, failed: 0 });
    // The sealed chart is a cache: dropped with the old key rather than moved.
    expect(await chartKeys(database)).toEqual([]);
    await during.close();

    // The old key removed from the configuration: everything still reads.
    const after = await appWith(database, ONLY_NEW);
    expect(await read(after, provider, ada.phq9)).toMatchObject({
      answers: phq9Answers(2, 1),
      result: { score: 17, band: 'moderatelySevere', urgent: true },
    });
    expect((await read(after, ada.client, ada.intake)).answers).toEqual({ story: 'Ada’s draft, ünïcödé' });
    expect((await read(after, bea.client, bea.intake)).answers).toEqual({ story: 'Bea’s second draft' });
    const progress = await after.app.inject({ url: chart, headers: provider.headers });
    expect(progress.statusCode, progress.body).toBe(200);
    expect(progress.json().data[0].points).toEqual([expect.objectContaining({ score: 17 })]);
    expect(await chartKeys(database)).toEqual(['new']);
    await after.close();
  });

  it('counts a form it cannot open as failed and leaves it for the next run', async () => {
    const before = await appWith(database, ONLY_OLD);
    const { ids, provider } = await practice(before);
    const cem = await newClientForms(before, ids, provider, 2);
    await saveDraft(before, cem.client, cem.intake, { story: 'Cem’s draft' });
    await before.close();
    // The old key already gone: the row cannot be moved and must not be lost.
    const after = await appWith(database, ONLY_NEW);
    expect(await reencryptForms(after.deps)).toMatchObject({ moved: 0, failed: 1 });
    expect(await keyOf(database, cem.intake)).toBe('old');
    await after.close();
  });
});

describe.runIf(testDriver === 'pg')('rotating while a form is locked', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase({ poolSize: 4 });
  });
  afterAll(async () => {
    await database.close();
  });

  it('skips the locked row, leaves it for the next run and moves it then', async () => {
    const before = await appWith(database, ONLY_OLD);
    const { ids, provider } = await practice(before);
    const dee = await newClientForms(before, ids, provider, 0);
    await saveDraft(before, dee.client, dee.intake, { story: 'Dee’s draft' });
    await saveDraft(before, dee.client, dee.phq9, { item1: '1' });
    await before.close();

    const during = await appWith(database, BOTH);
    let release = () => {};
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = database.db.transaction(async (tx) => {
      await tx.select().from(formRequests).where(eq(formRequests.id, dee.intake)).for('update');
      locked();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await isLocked;
    expect(await reencryptForms(during.deps)).toEqual({ moved: 1, remaining: 1, failed: 0 });
    release();
    await holder;
    expect(await reencryptForms(during.deps)).toEqual({ moved: 1, remaining: 0, failed: 0 });
    expect((await read(during, dee.client, dee.intake)).answers).toEqual({ story: 'Dee’s draft' });
    await during.close();
  });
});
