import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingTestApp,
  type Catalog,
  createBookingVia,
  createProvider,
  listedSlot,
  scheduleVia,
} from '../../../test/booking-fixtures.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { emails, payments } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';

const clock = fixedClock('2027-03-01T09:00:00Z');
let t: TestApp;
let ids: Catalog;

beforeAll(async () => {
  ({ t, ids } = await bookingTestApp(clock));
});
afterAll(() => t.close());

const post = (url: string, user: TestUser, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });

const failedEmailsTo = (user: TestUser) =>
  t.deps.db
    .select()
    .from(emails)
    .where(and(eq(emails.to, user.email.toLowerCase()), eq(emails.template, 'payments.cardFailed')));

async function decline(reference: string) {
  const declined = await t.app.inject({ method: 'POST', url: `/api/sandbox/payments/${reference}/decline` });
  expect(declined.statusCode, declined.body).toBe(200);
  expect(declined.json().status).toBe('failed');
}

describe('a failed card payment is emailed to the payer', () => {
  it('a declined top-up: once, in the payer’s language, with what to do next', async () => {
    const client = await createTestUser(t, {
      role: 'client',
      language: 'de',
      firstName: 'Zoë',
      lastName: "O'Brien-Nwosu",
    });
    const started = await post('/api/payment/wallet', client, { amount: 600_000 });
    expect(started.statusCode, started.body).toBe(200);
    const { reference } = started.json().payment;
    expect(await failedEmailsTo(client)).toHaveLength(0);
    await decline(reference);
    // Asked again (the status poll, twice): the payment failed once, so one email.
    for (let poll = 0; poll < 2; poll++) {
      const status = await t.app.inject({ url: `/api/payment/status/${reference}`, headers: client.headers });
      expect(status.json().status).toBe('failed');
    }
    const mails = await failedEmailsTo(client);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [typeof emails.$inferSelect];
    expect(mail).toMatchObject({ language: 'de', subject: 'Deine Kartenzahlung ist nicht durchgegangen' });
    expect(mail.text).toContain('Hallo Zoë,');
    expect(mail.text).toContain('Deine Kartenzahlung über 6.000,00\u00a0₦ ist nicht durchgegangen');
    expect(mail.text).toContain('es wurde also kein Geld abgebucht');
    expect(mail.text).toContain('Dein Guthaben wurde nicht aufgeladen.');
    expect(mail.text).toContain(`Referenz: ${reference}`);
    expect(mail.text).toContain('Zu deinem Guthaben: http://localhost:3000/de/wallet/');
    expect(mail.html).toContain('href="http://localhost:3000/de/wallet/"');
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment).toMatchObject({ status: 'failed', failureReason: 'declined' });
  });

  it('a declined card payment of a session: leads back to the appointment to pay another way', async () => {
    const client = await createTestUser(t, { role: 'client', firstName: 'Jean-Luc', lastName: 'Adébáyọ̀' });
    const provider = await createProvider(t);
    const booking = await createBookingVia(t, client, provider, ids);
    const slot = await listedSlot(t, provider.id, '2027-03-05', 0);
    await scheduleVia(t, client, booking.identifier, slot.identifier);
    const started = await post(`/api/payment/booking/${booking.identifier}`, client, { method: 'card' });
    expect(started.statusCode, started.body).toBe(200);
    await decline(started.json().payment.reference);
    const [mail, ...more] = await failedEmailsTo(client);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ language: 'en', subject: 'Your card payment did not go through' });
    expect(mail?.text).toContain('Hello Jean-Luc,');
    expect(mail?.text).toContain('Your session is not paid yet.');
    expect(mail?.text).toContain(`Open your appointment: http://localhost:3000/appointments/${booking.identifier}/`);
    // The provider is not told of the payer's card.
    expect(
      await t.deps.db
        .select()
        .from(emails)
        .where(and(eq(emails.to, provider.email.toLowerCase()), eq(emails.template, 'payments.cardFailed'))),
    ).toHaveLength(0);
  });

  it('a successful card payment sends no failure email', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const started = await post('/api/payment/wallet', client, { amount: 600_000 });
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/payments/${started.json().payment.reference}/approve`,
    });
    expect(approved.statusCode).toBeLessThan(400);
    expect(await failedEmailsTo(client)).toHaveLength(0);
  });
});
