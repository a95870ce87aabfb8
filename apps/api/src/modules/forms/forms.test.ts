import { randomUUID } from 'node:crypto';
import { ProgressSchema } from '@app/shared/schemas/forms';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Catalog,
  catalog,
  createBookingVia,
  createProvider,
  emailsTo,
  listedSlot,
  payWithWallet,
  scheduledBooking,
  scheduleVia,
} from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { formAccessLog, formRequests, notifications } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { fundWallet } from '../money/test-helpers.ts';
import { deliverBookingNotifications } from '../notifications/booking-emails.ts';
import { formAccessOf, recordFormAccess } from './access-log.ts';
import { assign, INTAKE_FORM, myForms, phq9Answers, postTemplate } from './test-support.ts';

const clock = fixedClock('2027-03-01T09:00:00Z');
let t: TestApp;
let ids: Catalog;
let provider: TestUser;
let templateId: string;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  ids = await catalog(t);
  provider = await createProvider(t, { firstName: 'Chiamaka', lastName: "O'Neil-Adébáyọ̀" });
  templateId = (await postTemplate(t, provider)).id;
  await assign(t, provider, { form: { templateId }, clientId: null });
  await assign(t, provider, { form: { instrument: 'phq9' }, clientId: null, resendEvery: 2 });
});
afterAll(() => t.close());

const DAYS = ['2027-03-02', '2027-03-03', '2027-03-04', '2027-03-05'];
let booked = 0;
/** The next free slot, spread over the week (a booked slot leaves the list). */
const nextDate = () => DAYS[Math.floor(booked++ / 6)] as string;
/** The outbox's delivery, as its job would run it after a payment: forms follow a confirmation. */
const deliverConfirmations = () => deliverBookingNotifications(t.deps);
async function newPaidClient() {
  const { client } = await scheduledBooking(t, ids, { provider, date: nextDate(), pay: true });
  await deliverConfirmations();
  return client;
}

/** Another paid session for a client who already has one. */
async function payAnotherSession(client: TestUser) {
  await fundWallet(t, client.id, 500_000);
  const booking = await createBookingVia(t, client, provider, ids);
  const slot = await listedSlot(t, provider.id, nextDate());
  await scheduleVia(t, client, booking.identifier, slot.identifier);
  await payWithWallet(t, client, booking.identifier);
  await deliverConfirmations();
}

const accessRows = async (requestId: string) =>
  (await formAccessOf(t.deps.db, requestId)).map(({ action, actorId }) => ({ action, actorId }));

describe('forms sent on a first paid booking', () => {
  it('sends every "new client" form once the booking is paid, with a notification and an email', async () => {
    const client = await newPaidClient();
    const forms = await myForms(t, client);
    expect(forms.map((form) => form.instrument ?? form.title).sort()).toEqual(['Before our first session', 'phq9']);
    expect(forms.every((form) => form.status === 'sent')).toBe(true);
    const told = await t.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, client.id), eq(notifications.kind, 'forms.assigned')));
    expect(told).toHaveLength(2);
    expect(await emailsTo(t, client.email, 'forms.assigned')).toHaveLength(2);
  });

  it('sends nothing for a booking that is not paid', async () => {
    const { client } = await scheduledBooking(t, ids, { provider, date: nextDate(), pay: false });
    expect(await myForms(t, client)).toEqual([]);
  });
});

describe('filling a form', () => {
  it('keeps a draft, refuses a wrong answer, then submits once and cannot be changed', async () => {
    const client = await newPaidClient();
    const intake = (await myForms(t, client)).find((form) => !form.instrument);
    if (!intake) throw new Error('no intake form');
    const url = `/api/forms/requests/${intake.id}`;
    const draft = await t.app.inject({
      method: 'PUT',
      url: `${url}/draft`,
      headers: client.headers,
      payload: { answers: { name: 'Jürgen Müller-Lüdenscheidt' } },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const read = await t.app.inject({ url, headers: client.headers });
    expect(read.json()).toMatchObject({ status: 'draft', answers: { name: 'Jürgen Müller-Lüdenscheidt' } });
    expect(read.headers['cache-control']).toBe('no-store');

    const wrong = await t.app.inject({
      method: 'PUT',
      url: `${url}/draft`,
      headers: client.headers,
      payload: { answers: { before: 'sometimes', meds: 'yes' } },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({
      'answers.before': ['Choose one of the answers offered.'],
      'answers.meds': ['Choose one of the answers offered.'],
    });

    const incomplete = await t.app.inject({
      method: 'POST',
      url: `${url}/submit`,
      headers: client.headers,
      payload: { answers: { name: 'Jürgen' } },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fieldErrors['answers.reason']).toEqual(['Please answer this question.']);
    const [unchanged] = await t.deps.db.select().from(formRequests).where(eq(formRequests.id, intake.id));
    expect(unchanged?.status).toBe('draft');

    const answers = {
      name: 'Jürgen',
      reason: 'Sleep and worry',
      before: 'never',
      times: ['evening'],
      sleep: 3,
      meds: false,
      born: '1990-02-28',
    };
    const submitted = await t.app.inject({
      method: 'POST',
      url: `${url}/submit`,
      headers: client.headers,
      payload: { answers },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({
      showCrisisLines: false,
      countryCode: 'NG',
      request: { status: 'submitted', answers, result: null },
    });
    const [row] = await t.deps.db.select().from(formRequests).where(eq(formRequests.id, intake.id));
    expect(row).toMatchObject({ status: 'submitted', draft: null, urgent: false });

    const again = await t.app.inject({
      method: 'POST',
      url: `${url}/submit`,
      headers: client.headers,
      payload: { answers },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('FORM_ALREADY_SUBMITTED');
    const redraft = await t.app.inject({
      method: 'PUT',
      url: `${url}/draft`,
      headers: client.headers,
      payload: { answers },
    });
    expect(redraft.statusCode).toBe(409);

    const seen = await t.app.inject({ url, headers: provider.headers });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ answers, clientId: client.id });
    expect((await accessRows(intake.id)).map((entry) => entry.action).sort()).toEqual([
      'draft',
      'read',
      'read',
      'read',
      'submit',
    ]);
  });

  it('scores PHQ-9, flags item 9 to the provider at once and shows the client crisis lines', async () => {
    const client = await newPaidClient();
    const phq9 = (await myForms(t, client)).find((form) => form.instrument === 'phq9');
    if (!phq9) throw new Error('no PHQ-9');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/forms/requests/${phq9.id}/submit`,
      headers: { ...client.headers, 'accept-language': 'de' },
      payload: { answers: phq9Answers(1, 2) },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      showCrisisLines: true,
      request: { result: { score: 10, maxScore: 27, band: 'moderate', urgent: true }, urgent: true },
    });
    expect(response.json().request.definition.sections[0].questions[8].label).toBe(
      'Gedanken, dass Sie lieber tot wären oder sich Leid zufügen möchten',
    );
    const urgent = await t.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, provider.id), eq(notifications.kind, 'forms.urgent')));
    expect(urgent).toHaveLength(1);
    const [email] = await emailsTo(t, (await providerEmail()) ?? '', 'forms.urgent');
    expect(email?.text).not.toMatch(/Test User|PHQ|tot|dead/);

    const overview = await t.app.inject({ url: '/api/forms/overview', headers: provider.headers });
    expect(overview.statusCode).toBe(200);
    expect(overview.json().submitted[0]).toMatchObject({ id: phq9.id, urgent: true });

    const progress = await t.app.inject({ url: `/api/forms/clients/${client.id}/progress`, headers: provider.headers });
    expect(progress.statusCode).toBe(200);
    expect(progress.json().data).toEqual([
      expect.objectContaining({
        instrument: 'phq9',
        maxScore: 27,
        points: [expect.objectContaining({ score: 10, band: 'moderate', urgent: true })],
      }),
    ]);
    // The chart's answer is written without the schema's check: it must hold nothing the schema would strip.
    expect(ProgressSchema.parse(progress.json())).toEqual(progress.json());
    const own = await t.app.inject({ url: '/api/forms/progress', headers: client.headers });
    expect(own.json().data[0].points).toHaveLength(1);
    expect(ProgressSchema.parse(own.json())).toEqual(own.json());
    expect((await accessRows(phq9.id)).map((entry) => entry.action).sort()).toEqual([
      'progress',
      'progress',
      'read',
      'submit',
    ]);
  });

  it('re-sends a measure before every Nth paid session, and never twice while one is open', async () => {
    const client = await newPaidClient();
    const phq9s = async () =>
      (await t.deps.db.select().from(formRequests).where(eq(formRequests.clientId, client.id))).filter(
        (row) => row.instrument === 'phq9',
      );
    expect(await phq9s()).toHaveLength(1);
    // Every 2: due before the third paid session, but the first is still open, so nothing new.
    await payAnotherSession(client);
    await payAnotherSession(client);
    expect(await phq9s()).toHaveLength(1);
    const [open] = await phq9s();
    await t.app.inject({
      method: 'POST',
      url: `/api/forms/requests/${open?.id}/submit`,
      headers: client.headers,
      payload: { answers: phq9Answers(0) },
    });
    await payAnotherSession(client); // the fourth: not due
    expect(await phq9s()).toHaveLength(1);
    await payAnotherSession(client); // the fifth: due
    expect((await phq9s()).map((row) => row.status).sort()).toEqual(['sent', 'submitted']);
    // The intake form went once, with the first session.
    const all = await t.deps.db.select().from(formRequests).where(eq(formRequests.clientId, client.id));
    expect(all.filter((row) => row.templateId)).toHaveLength(1);
  });
});

async function providerEmail() {
  const { users } = await import('../../db/schema/index.ts');
  const [row] = await t.deps.db.select({ email: users.email }).from(users).where(eq(users.id, provider.id));
  return row?.email;
}

describe('who may read', () => {
  it('answers 404 to another client, another provider and an admin, 403 in view mode', async () => {
    const client = await newPaidClient();
    const [form] = await myForms(t, client);
    if (!form) throw new Error('no form');
    const url = `/api/forms/requests/${form.id}`;
    const otherClient = await createTestUser(t, { role: 'client' });
    const otherProvider = await createTestUser(t, { role: 'provider' });
    const admin = await createTestUser(t, { role: 'admin' });
    for (const reader of [otherClient, otherProvider, admin]) {
      const response = await t.app.inject({ url, headers: reader.headers });
      expect(response.statusCode).toBe(404);
    }
    const submit = await t.app.inject({
      method: 'POST',
      url: `${url}/submit`,
      headers: otherClient.headers,
      payload: { answers: {} },
    });
    expect(submit.statusCode).toBe(404);
    const byProvider = await t.app.inject({
      method: 'PUT',
      url: `${url}/draft`,
      headers: provider.headers,
      payload: { answers: {} },
    });
    expect(byProvider.statusCode).toBe(403);
    const progress = await t.app.inject({
      url: `/api/forms/clients/${client.id}/progress`,
      headers: otherProvider.headers,
    });
    expect(progress.statusCode).toBe(404);

    const view = await t.app.inject({
      method: 'POST',
      url: '/api/admin/view-mode',
      headers: admin.headers,
      payload: { userIdentifier: client.id },
    });
    expect(view.statusCode, view.body).toBe(201);
    const viewed = await t.app.inject({
      url,
      headers: { authorization: `Bearer ${view.json().token}`, 'x-view-mode': '1' },
    });
    expect(viewed.statusCode).toBe(403);
    expect(viewed.json().code).toBe('VIEW_MODE_OWNER_ONLY');
    expect(await accessRows(form.id)).toEqual([]);
  });

  it("refuses someone else's form or a stranger as an assignment: 404, nothing stored", async () => {
    const otherProvider = await createProvider(t);
    const stranger = await createTestUser(t, { role: 'client' });
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/forms/assignments',
      headers: otherProvider.headers,
      payload: { form: { templateId }, clientId: null },
    });
    expect(theirs.statusCode).toBe(404);
    const notClient = await t.app.inject({
      method: 'POST',
      url: '/api/forms/assignments',
      headers: provider.headers,
      payload: { form: { instrument: 'gad7' }, clientId: stranger.id },
    });
    expect(notClient.statusCode).toBe(404);
    expect(await myForms(t, stranger)).toEqual([]);
  });
});

describe('templates', () => {
  it('keeps the version a form was sent with when the provider edits it', async () => {
    const client = await newPaidClient();
    const sent = (await myForms(t, client)).find((form) => !form.instrument);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/forms/templates/${templateId}`,
      headers: provider.headers,
      payload: { ...INTAKE_FORM, title: 'Intake, second edition' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().version).toBeGreaterThan(1);
    const read = await t.app.inject({ url: `/api/forms/requests/${sent?.id}`, headers: client.headers });
    expect(read.json().title).toBe('Before our first session');
    await t.app.inject({
      method: 'PUT',
      url: `/api/forms/templates/${templateId}`,
      headers: provider.headers,
      payload: INTAKE_FORM,
    });
  });

  it("refuses a choice question with one option, in the reader's words", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/forms/templates',
      headers: provider.headers,
      payload: {
        title: 'x',
        sections: [
          {
            id: 's',
            title: '',
            questions: [
              { id: 'q', kind: 'singleChoice', label: 'Pick', required: true, options: [{ id: 'a', label: 'A' }] },
            ],
          },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().fieldErrors)).toContain('Give at least 2 choices.');
  });
});

describe('the access log', () => {
  it('records a read of many forms as one row that names each of them', async () => {
    const before = await t.deps.db.$count(formAccessLog);
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    await recordFormAccess(t.deps.db, { actorId: provider.id, action: 'progress', requestIds: ids, at: clock.now() });
    expect(await t.deps.db.$count(formAccessLog)).toBe(before + 1);
    for (const id of ids)
      expect(await formAccessOf(t.deps.db, id)).toEqual([
        { action: 'progress', actorId: provider.id, createdAt: clock.now() },
      ]);
    expect(await formAccessOf(t.deps.db, randomUUID())).toEqual([]);
  });
});
