import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingTestApp,
  type Catalog,
  createBookingVia,
  createProvider,
  listedSlot,
  payWithWallet,
  scheduleVia,
} from '../../../test/booking-fixtures.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { emails } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { fundWallet } from '../money/test-helpers.ts';
import { issueQueuedDocuments } from './issue.ts';
import { pdfText } from './test-support.ts';

const START = '2027-03-01T09:00:00Z';
const clock = fixedClock(START);
let t: TestApp;
let ids: Catalog;

beforeAll(async () => {
  ({ t, ids } = await bookingTestApp(clock));
});
afterAll(() => t.close());
beforeEach(() => clock.set(START));

const post = (url: string, user: TestUser, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });

const paymentEmailsTo = (user: TestUser) =>
  t.deps.db
    .select()
    .from(emails)
    .where(and(eq(emails.to, user.email.toLowerCase()), like(emails.template, 'payments.%')));

async function approve(reference: string) {
  const approved = await t.app.inject({ method: 'POST', url: `/api/sandbox/payments/${reference}/approve` });
  expect(approved.statusCode, approved.body).toBeLessThan(400);
}

async function scheduled(client: TestUser) {
  const provider = await createProvider(t);
  const booking = await createBookingVia(t, client, provider, ids);
  const slot = await listedSlot(t, provider.id, '2027-03-05', 0);
  await scheduleVia(t, client, booking.identifier, slot.identifier);
  return { provider, booking };
}

/** The one payment email's PDF, as text. */
async function receiptOf(mail: typeof emails.$inferSelect) {
  expect(mail.attachments).toHaveLength(1);
  const [file] = mail.attachments;
  expect(file?.contentType).toBe('application/pdf');
  const bytes = Buffer.from(file?.contentBase64 ?? '', 'base64');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return { filename: file?.filename, text: await pdfText(bytes) };
}

describe('payment emails carry the receipt', () => {
  it('a card top-up: in the payer’s language, once, with the receipt PDF', async () => {
    const client = await createTestUser(t, {
      role: 'client',
      language: 'de',
      firstName: 'Chi-Chi',
      lastName: "D'Souza",
    });
    const started = await post('/api/payment/wallet', client, { amount: 1_000_000 });
    expect(started.statusCode, started.body).toBe(200);
    await approve(started.json().payment.reference);
    await issueQueuedDocuments(t.deps);
    await issueQueuedDocuments(t.deps);
    const mails = await paymentEmailsTo(client);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [typeof emails.$inferSelect];
    expect(mail).toMatchObject({
      template: 'payments.topUp',
      language: 'de',
      subject: 'Dein Guthaben wurde aufgeladen',
    });
    expect(mail.text).toContain('Hallo Chi-Chi,');
    expect(mail.text).toContain('10.000,00');
    const receipt = await receiptOf(mail);
    expect(receipt.filename).toMatch(/^RC-2027-\d{6}\.pdf$/);
    expect(receipt.text).toContain("Chi-Chi D'Souza");
    expect(receipt.text).toContain('Quittung');
  });

  it('a card payment of a session: the payment email with its receipt', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const { booking } = await scheduled(client);
    const started = await post(`/api/payment/booking/${booking.identifier}`, client, { method: 'card' });
    expect(started.statusCode, started.body).toBe(200);
    await approve(started.json().payment.reference);
    await issueQueuedDocuments(t.deps);
    const [mail, ...more] = await paymentEmailsTo(client);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ template: 'payments.cardPayment', subject: 'Payment received' });
    expect(mail?.text).toContain(started.json().payment.reference);
    const receipt = await receiptOf(mail as typeof emails.$inferSelect);
    expect(receipt.text).toContain('Receipt');
  });

  it('a wallet payment needs no payment email (its confirmation tells it); its refund is emailed', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const { booking } = await scheduled(client);
    await fundWallet(t, client.id, 500_000);
    await issueQueuedDocuments(t.deps);
    const before = (await paymentEmailsTo(client)).length;
    await payWithWallet(t, client, booking.identifier);
    await issueQueuedDocuments(t.deps);
    expect(await paymentEmailsTo(client)).toHaveLength(before);

    const cancelled = await post(`/api/booking/${booking.identifier}/cancel`, client, { note: 'Travelling' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await issueQueuedDocuments(t.deps);
    const refunds = (await paymentEmailsTo(client)).filter((mail) => mail.template === 'payments.refund');
    expect(refunds).toHaveLength(1);
    const [mail] = refunds;
    expect(mail).toMatchObject({ template: 'payments.refund', subject: 'Refund to your wallet' });
    const receipt = await receiptOf(mail as typeof emails.$inferSelect);
    expect(receipt.filename).toMatch(/^RF-2027-\d{6}\.pdf$/);
  });
});
