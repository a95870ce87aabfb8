import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Catalog,
  catalog,
  createBookingVia,
  createProvider,
  listedSlot,
  payWithWallet,
  scheduleVia,
} from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { auditLog, documentQueue, issuedDocuments, providerProfiles, users } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { fundWallet } from '../money/test-helpers.ts';
import { issueQueuedDocuments } from './issue.ts';
import { paymentReceiptPdf } from './read-documents.ts';
import { documentsOf, download, pdfText } from './test-support.ts';

const clock = fixedClock('2027-03-01T09:00:00Z');
let t: TestApp;
let ids: Catalog;

beforeAll(async () => {
  t = await buildTestApp({
    clock,
    config: { PLATFORM_VAT_NUMBER: 'GB123456789', PLATFORM_REGISTRATION_NUMBER: '09876543' },
  });
  ids = await catalog(t);
});
afterAll(() => t.close());

async function practice(provider: TestUser, address: string, practiceName?: string) {
  await t.deps.db
    .update(providerProfiles)
    .set({ officeAddress: address, zipCode: '10115' })
    .where(eq(providerProfiles.userId, provider.id));
  if (practiceName) {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/provider/billing-details',
      headers: provider.headers,
      payload: { practiceName },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
}

/** A session of `provider` that `client` booked and paid from the wallet. */
async function paidSession(provider: TestUser, client: TestUser, currencyCode: string, slotIndex = 0) {
  await fundWallet(t, client.id, 50_000_00, currencyCode);
  const booking = await createBookingVia(t, client, provider, ids);
  const slot = await listedSlot(t, provider.id, '2027-03-03', slotIndex);
  await scheduleVia(t, client, booking.identifier, slot.identifier);
  await payWithWallet(t, client, booking.identifier);
  return booking.identifier;
}

describe('receipts and invoices of a paid session', () => {
  let provider: TestUser;
  let client: TestUser;
  let stranger: TestUser;
  let bookingId: string;

  beforeAll(async () => {
    provider = await createProvider(t, {
      countryCode: 'DE',
      firstName: 'Jürgen',
      lastName: 'Müller-Lüdenscheidt',
      timezone: 'Europe/Berlin',
    });
    await practice(provider, 'Friedrichstraße 12, Berlin', 'Praxis Müller-Lüdenscheidt');
    client = await createTestUser(t, {
      role: 'client',
      firstName: 'Seán',
      lastName: "O'Brien",
      timezone: 'Europe/Dublin',
    });
    stranger = await createTestUser(t, { role: 'client' });
    bookingId = await paidSession(provider, client, 'EUR');
  });

  it("issues the provider's invoice and the client's receipt, numbered from 1 in their series", async () => {
    const documents = await documentsOf(t, client, `bookingId=${bookingId}`);
    const invoice = documents.find((document) => document.kind === 'invoice');
    const receipt = documents.find((document) => document.kind === 'receipt');
    expect(invoice?.number).toBe(`INV-${provider.id.slice(0, 8).toUpperCase()}-2027-0001`);
    expect(receipt?.number).toMatch(/^RC-2027-\d{6}$/);
    expect(invoice?.amountMinor).toBe(500_000);
    const rows = await t.deps.db.select().from(issuedDocuments).where(eq(issuedDocuments.bookingId, bookingId));
    expect(rows.map((row) => row.kind).sort()).toEqual(['invoice', 'receipt']);
    expect(rows.every((row) => row.payerId === client.id && row.providerId === provider.id)).toBe(true);
  });

  it('prints the invoice in German with the parties, the service, the amount and the VAT it contains', async () => {
    const [invoice] = (await documentsOf(t, client, `bookingId=${bookingId}`)).filter((d) => d.kind === 'invoice');
    const file = await download(t, client, `/api/documents/${invoice?.identifier}/pdf`, 'de');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`${invoice?.number}.pdf`);
    const text = await pdfText(file.body);
    expect(text).toContain('Rechnung');
    expect(text).toContain(invoice?.number);
    expect(text).toContain('Praxis Müller-Lüdenscheidt');
    expect(text).toContain('Jürgen Müller-Lüdenscheidt');
    expect(text).toContain('Friedrichstraße 12');
    expect(text).toContain("Seán O'Brien");
    expect(text).toContain('Einzeltherapie');
    expect(text).toContain('60 Min.');
    // 5.000,00 € gross contains 19 % VAT: 798,32 €.
    expect(text).toContain('5.000,00 €');
    expect(text).toContain('Enthaltene USt. 19 %');
    expect(text).toContain('798,32 €');
    expect(text).toContain('TherapyHub Ltd');
    expect(text).toContain('USt-IdNr. GB123456789');
    // The session's time in the reader's zone (Dublin: 09:00 in Berlin is 08:00 there).
    expect(text).toContain('08:00');
  });

  it('prints the receipt in English for an English reader', async () => {
    const [receipt] = (await documentsOf(t, client, `bookingId=${bookingId}`)).filter((d) => d.kind === 'receipt');
    const text = await pdfText((await download(t, client, `/api/documents/${receipt?.identifier}/pdf`, 'en')).body);
    expect(text).toContain('Receipt');
    expect(text).toContain(receipt?.number);
    expect(text).toContain('RECEIVED FROM');
    expect(text).toContain("Seán O'Brien");
    expect(text).toContain('€5,000.00');
    expect(text).toContain('Paid from the TherapyHub wallet');
    expect(text).toContain('Belongs to invoice INV-');
  });

  it("answers 404 for another user's document and lists none of them", async () => {
    const [invoice] = await documentsOf(t, client, `bookingId=${bookingId}`);
    const file = await download(t, stranger, `/api/documents/${invoice?.identifier}/pdf`);
    expect(file.status).toBe(404);
    expect(await documentsOf(t, stranger, `bookingId=${bookingId}`)).toEqual([]);
  });

  it('lets the provider concerned read them', async () => {
    const documents = await documentsOf(t, provider, `bookingId=${bookingId}`);
    expect(documents).toHaveLength(2);
    const file = await download(t, provider, `/api/documents/${documents[0]?.identifier}/pdf`);
    expect(file.status).toBe(200);
  });

  it('lets an operator read one, and records the read in the audit trail', async () => {
    const admin = await createTestUser(t, { role: 'admin' });
    const [invoice] = await documentsOf(t, client, `bookingId=${bookingId}`);
    const file = await download(t, admin, `/api/documents/${invoice?.identifier}/pdf`);
    expect(file.status).toBe(200);
    const entries = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'document.read'), eq(auditLog.targetId, invoice?.identifier as string)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.id, actorRole: 'admin', targetType: 'document' });
  });

  it('keeps what was issued when the provider later changes name and address', async () => {
    const [invoice] = (await documentsOf(t, client, `bookingId=${bookingId}`)).filter((d) => d.kind === 'invoice');
    await t.deps.db.update(users).set({ lastName: 'Neumann' }).where(eq(users.id, provider.id));
    await practice(provider, 'Neue Allee 1, Hamburg', 'Praxis Neumann');
    const text = await pdfText((await download(t, client, `/api/documents/${invoice?.identifier}/pdf`, 'de')).body);
    expect(text).toContain('Praxis Müller-Lüdenscheidt');
    expect(text).toContain('Friedrichstraße 12');
    expect(text).not.toContain('Neumann');
    await expect(
      t.deps.db
        .update(issuedDocuments)
        .set({ number: 'X' })
        .where(eq(issuedDocuments.id, invoice?.identifier as string)),
    ).rejects.toThrow();
  });

  it('gives the refund of a cancelled session its own receipt, naming the invoice', async () => {
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/appointment/${bookingId}/cancel`,
      headers: provider.headers,
      payload: { note: 'I am ill, sorry' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const documents = await documentsOf(t, client, `bookingId=${bookingId}`);
    const refund = documents.find((document) => document.kind === 'refund_receipt');
    expect(refund?.number).toMatch(/^RF-2027-\d{6}$/);
    const text = await pdfText((await download(t, client, `/api/documents/${refund?.identifier}/pdf`, 'en')).body);
    expect(text).toContain('Refund receipt');
    expect(text).toContain('Total refunded');
    expect(text).toContain('Belongs to invoice INV-');
  });
});

describe('documents of other payments', () => {
  it('gives a wallet top-up a receipt, found from its transaction', async () => {
    const client = await createTestUser(t, { role: 'client', firstName: 'Chiamaka', lastName: 'Okafor-Nwosu' });
    const posted = await fundWallet(t, client.id, 2_500_000, 'NGN');
    const [receipt, ...rest] = await documentsOf(t, client, `transactionId=${posted.transactionId}`);
    expect(rest).toEqual([]);
    expect(receipt?.kind).toBe('receipt');
    const text = await pdfText((await download(t, client, `/api/documents/${receipt?.identifier}/pdf`, 'de')).body);
    expect(text).toContain('Quittung');
    expect(text).toContain('Chiamaka Okafor-Nwosu');
    expect(text).toContain('Aufladung des Guthabens');
    expect(text).toContain('25.000,00 ₦');
  });

  it("renders a payment's receipt for the payment email to attach", async () => {
    const client = await createTestUser(t, {
      role: 'client',
      firstName: 'Seán',
      lastName: 'Byrne',
      timezone: 'Europe/Berlin',
    });
    const posted = await fundWallet(t, client.id, 1_000_000, 'EUR');
    const attachment = await paymentReceiptPdf(t.deps, {
      ledgerTransactionId: posted.transactionId,
      language: 'de',
      timeZone: 'Europe/Berlin',
    });
    expect(attachment?.filename).toMatch(/^RC-2027-\d{6}\.pdf$/);
    const text = await pdfText(attachment?.pdf as Buffer);
    expect(text).toContain('Quittung');
    expect(text).toContain('10.000,00 €');
    expect(text).toContain('Seán Byrne');
  });

  it('prints no tax line on a Nigerian invoice', async () => {
    const provider = await createProvider(t, { countryCode: 'NG', firstName: 'Adaeze', lastName: 'Eze' });
    await practice(provider, '12 Awolowo Road, Ikoyi, Lagos');
    const client = await createTestUser(t, { role: 'client' });
    const bookingId = await paidSession(provider, client, 'NGN');
    const [invoice] = (await documentsOf(t, client, `bookingId=${bookingId}`)).filter((d) => d.kind === 'invoice');
    const text = await pdfText((await download(t, client, `/api/documents/${invoice?.identifier}/pdf`, 'en')).body);
    expect(text).toContain('₦5,000.00');
    expect(text).not.toContain('VAT 20');
    expect(text).toContain('No VAT is charged on this service.');
    expect(text).toContain('Adaeze Eze');
  });

  it('issues what payments queued from the job, each exactly once', async () => {
    const client = await createTestUser(t, { role: 'client' });
    await fundWallet(t, client.id, 100_000, 'NGN');
    await fundWallet(t, client.id, 200_000, 'NGN');
    expect(await issueQueuedDocuments(t.deps)).toBeGreaterThanOrEqual(2);
    expect(await t.deps.db.select().from(documentQueue)).toEqual([]);
    const receipts = await t.deps.db.select().from(issuedDocuments).where(eq(issuedDocuments.payerId, client.id));
    expect(receipts.map((row) => row.amountMinor).sort()).toEqual([100_000, 200_000]);
    expect(await issueQueuedDocuments(t.deps)).toBe(0);
  });

  it('refuses an unknown document and a bad query', async () => {
    const client = await createTestUser(t, { role: 'client' });
    expect((await download(t, client, '/api/documents/00000000-0000-4000-8000-000000000000/pdf')).status).toBe(404);
    const response = await t.app.inject({ url: '/api/documents', headers: client.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Name a session or a transaction');
  });
});
