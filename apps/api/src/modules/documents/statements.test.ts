import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalog,
  createBookingVia,
  createProvider,
  listedSlot,
  payWithWallet,
  scheduleVia,
} from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { auditLog, providerBookingFees } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { creditEarning } from '../money/escrow.ts';
import { references } from '../money/references.ts';
import { fundWallet } from '../money/test-helpers.ts';
import { download, pdfText } from './test-support.ts';

const clock = fixedClock('2027-03-10T09:00:00Z');
let t: TestApp;
let provider: TestUser;

/** A session the client booked and paid, whose earning was released to the provider. */
async function earnFromSession(client: TestUser, feeMinor: number, slotIndex: number) {
  await t.deps.db.update(providerBookingFees).set({ feeMinor }).where(eq(providerBookingFees.providerId, provider.id));
  await fundWallet(t, client.id, feeMinor);
  const booking = await createBookingVia(t, client, provider, await catalog(t));
  await scheduleVia(
    t,
    client,
    booking.identifier,
    (await listedSlot(t, provider.id, '2027-03-11', slotIndex)).identifier,
  );
  await payWithWallet(t, client, booking.identifier);
  await t.deps.db.transaction((tx) =>
    creditEarning(tx, {
      providerId: provider.id,
      grossMinor: feeMinor,
      currencyCode: 'NGN',
      reference: references.bookingEarning(booking.identifier),
      bookingId: booking.identifier,
      at: clock.now(),
    }),
  );
}

beforeAll(async () => {
  // Tokens outlive the days the clock skips to the end of the dispute window.
  t = await buildTestApp({ clock, config: { ACCESS_TOKEN_TTL: 30 * 24 * 3600 } });
  provider = await createProvider(t, {
    firstName: 'Chiamaka',
    lastName: 'Okafor-Nwosu',
    timezone: 'Africa/Lagos',
  });
  const client = await createTestUser(t, { role: 'client', firstName: 'Jürgen', lastName: 'Müller-Lüdenscheidt' });
  await earnFromSession(client, 2_000_000, 0);
  await earnFromSession(client, 1_000_000, 2);
  const bank = await t.app.inject({
    method: 'PUT',
    url: '/api/earnings/bank-account',
    headers: provider.headers,
    payload: {
      accountName: 'Chiamaka Okafor-Nwosu',
      bankCode: '058',
      bankName: 'Guaranty Trust Bank',
      accountNumber: '0123456785',
    },
  });
  expect(bank.statusCode, bank.body).toBe(200);
  // Earnings become withdrawable once the sessions' dispute window has passed.
  clock.set('2027-03-14T09:00:00Z');
  const payout = await t.app.inject({
    method: 'POST',
    url: '/api/earnings/payouts',
    headers: provider.headers,
    payload: { amount: 1_700_000 },
  });
  expect(payout.statusCode, payout.body).toBe(200);
});
afterAll(() => t.close());

describe('monthly statements', () => {
  it('sums the month’s sessions, gross, commission, net and payouts in the PDF (en)', async () => {
    const file = await download(t, provider, '/api/documents/statements/2027-03?format=pdf');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('statement-2027-03.pdf');
    const text = await pdfText(file.body);
    expect(text).toContain('Monthly statement');
    expect(text).toContain('March 2027');
    expect(text).toContain('Chiamaka Okafor-Nwosu');
    expect(text).toContain('Individual Therapy');
    // The narrow column wraps the name after its hyphen.
    expect(text.replaceAll('- ', '-')).toContain('Jürgen Müller-Lüdenscheidt');
    // 30,000 gross at the default 15%: 4,500 commission, 25,500 net.
    expect(text).toContain('₦30,000.00');
    expect(text).toContain('₦4,500.00');
    expect(text).toContain('₦25,500.00');
    expect(text).toContain('₦17,000.00');
  });

  it('says it in German with German numbers', async () => {
    const text = await pdfText((await download(t, provider, '/api/documents/statements/2027-03', 'de')).body);
    expect(text).toContain('Monatsabrechnung');
    expect(text).toContain('März 2027');
    expect(text).toContain('30.000,00 ₦');
    expect(text).toContain('Provision');
  });

  it('gives the same month as CSV, one row per session', async () => {
    const file = await download(t, provider, '/api/documents/statements/2027-03?format=csv');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(file.body.toString('utf8'), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.type)).toEqual(['session', 'session', 'payout']);
    expect(rows[2]).toMatchObject({ payout: '17000.00', status: 'success', currency: 'NGN' });
    expect(rows[0]).toMatchObject({
      type: 'session',
      client: 'Jürgen Müller-Lüdenscheidt',
      gross: '20000.00',
      commission: '3000.00',
      net: '17000.00',
      currency: 'NGN',
    });
  });

  it('is empty for a month without sessions', async () => {
    const text = await pdfText((await download(t, provider, '/api/documents/statements/2027-01')).body);
    expect(text).toContain('No paid sessions in this period.');
  });

  it('is refused to clients, and an operator reads a provider’s with an audit entry', async () => {
    const client = await createTestUser(t, { role: 'client' });
    expect((await download(t, client, '/api/documents/statements/2027-03')).status).toBe(403);
    const other = await createTestUser(t, { role: 'provider' });
    expect((await download(t, other, `/api/documents/statements/2027-03?providerId=${provider.id}`)).status).toBe(404);
    const admin = await createTestUser(t, { role: 'admin' });
    const file = await download(t, admin, `/api/documents/statements/2027-03?providerId=${provider.id}`);
    expect(file.status).toBe(200);
    const entries = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'statement.read'), eq(auditLog.targetId, provider.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.detail).toEqual({ month: '2027-03' });
  });
});
