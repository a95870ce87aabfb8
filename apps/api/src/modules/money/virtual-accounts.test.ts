import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { emails, payments, virtualAccounts } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { issueQueuedDocuments } from '../documents/issue.ts';
import { pdfText } from '../documents/test-support.ts';
import { auditLedger } from './ledger-audit.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') });
});
afterAll(() => t.close());

const generate = (user: TestUser) =>
  t.app.inject({ method: 'POST', url: '/api/virtual-accounts/generate', headers: user.headers });
const account = (user: TestUser) => t.app.inject({ url: '/api/virtual-accounts/account', headers: user.headers });
const transfer = (accountNumber: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/sandbox/virtual-accounts/${accountNumber}/transfer`, payload: body });

describe('virtual bank account', () => {
  it('refuses to generate an account number without first and last name, and creates none', async () => {
    for (const names of [
      { firstName: null, lastName: 'Okafor' },
      { firstName: 'Ada', lastName: null },
      { firstName: '  ', lastName: 'Okafor' },
    ]) {
      const user = await createTestUser(t, { role: 'client', ...names });
      const res = await generate(user);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'VIRTUAL_ACCOUNT_NAME_REQUIRED',
        message: 'Add your first and last name to your profile before generating an account number',
      });
      expect(await t.deps.db.select().from(virtualAccounts).where(eq(virtualAccounts.userId, user.id))).toHaveLength(0);
    }
  });

  it('answers 404 before one is generated, then the same account every time', async () => {
    const user = await createTestUser(t, { role: 'client', firstName: 'Ada', lastName: 'Okafor' });
    const before = await account(user);
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual({
      code: 'VIRTUAL_ACCOUNT_NOT_FOUND',
      message: 'You do not have an account number yet. Generate one first.',
    });

    const first = await generate(user);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      bankName: 'Sandbox Bank',
      accountNumber: expect.stringMatching(/^9\d{9}$/),
      accountName: 'Ada Okafor',
    });
    const second = await generate(user);
    expect(second.json()).toEqual(first.json());
    expect((await account(user)).json()).toEqual(first.json());
    const rows = await t.deps.db.select().from(virtualAccounts).where(eq(virtualAccounts.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ currencyCode: 'NGN', gateway: 'sandbox' });
  });

  it('is for clients: providers get 403, visitors 401', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    expect((await generate(provider)).statusCode).toBe(403);
    expect((await account(provider)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/virtual-accounts/generate' })).statusCode).toBe(401);
  });
});

describe('bank transfer top-up (sandbox)', () => {
  it('credits the wallet once per transfer reference and emails the owner in their language', async () => {
    const user = await createTestUser(t, { role: 'client', firstName: 'Jonas', lastName: 'Weber', language: 'de' });
    const { accountNumber } = (await generate(user)).json();

    const first = await transfer(accountNumber, { amount: 250_000, reference: 'bank-ref-0001' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ reference: 'bank-ref-0001', credited: true, amount: 250_000, currencyCode: 'NGN' });
    const repeat = await transfer(accountNumber, { amount: 250_000, reference: 'bank-ref-0001' });
    expect(repeat.json()).toMatchObject({ credited: false });

    const balance = await t.app.inject({ url: '/api/wallet/balance', headers: user.headers });
    expect(balance.json()).toEqual({ balance: 250_000, currency: 'NGN', others: [] });
    const list = (await t.app.inject({ url: '/api/wallet/transactions', headers: user.headers })).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ type: 'top_up', amount: 250_000, title: 'Bank transfer top-up' });

    // The email comes with the receipt, once it is issued (a moment later, by the documents job).
    const sentTo = () => t.deps.db.select().from(emails).where(eq(emails.to, user.email.toLowerCase()));
    expect(await sentTo()).toHaveLength(0);
    await issueQueuedDocuments(t.deps);
    const sent = await sentTo();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      subject: 'Dein Guthaben wurde aufgeladen',
      language: 'de',
      template: 'payments.transferTopUp',
    });
    expect(sent[0]?.text).toContain('Hallo Jonas,');
    expect(sent[0]?.text).toContain('Banküberweisung');
    // The amount reads the German way for a German reader (Intl puts a no-break space before the symbol).
    expect(sent[0]?.text).toContain('2.500,00\u00a0₦');
    expect(sent[0]?.text).not.toContain('₦2,500.00');
    expect(sent[0]?.attachments).toHaveLength(1);
    expect(sent[0]?.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
    expect(sent[0]?.attachments[0]?.filename).toMatch(/^RC-\d{4}-\d{6}\.pdf$/);
    const receipt = await pdfText(Buffer.from(sent[0]?.attachments[0]?.contentBase64 ?? '', 'base64'));
    expect(receipt).toContain('Jonas Weber');
    expect(receipt).toContain('Quittung');
    await issueQueuedDocuments(t.deps);
    expect(await sentTo()).toHaveLength(1);

    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.reference, 'sandbox:bank-ref-0001'));
    expect(payment).toMatchObject({
      channel: 'bank_transfer',
      status: 'success',
      amountMinor: 250_000,
      userId: user.id,
    });
    expect(await auditLedger(t.deps.db)).toEqual({
      unbalancedTransactions: [],
      mismatchedAccounts: [],
      negativeAccounts: [],
    });
  });

  it('credits two different transfers twice, each with a generated reference', async () => {
    const user = await createTestUser(t, { role: 'client', firstName: 'Chidi', lastName: 'Eze' });
    const { accountNumber } = (await generate(user)).json();
    const a = (await transfer(accountNumber, { amount: 100_000 })).json();
    const b = (await transfer(accountNumber, { amount: 50_000 })).json();
    expect(a.reference).not.toBe(b.reference);
    const balance = await t.app.inject({ url: '/api/wallet/balance', headers: user.headers });
    expect(balance.json().balance).toBe(150_000);
    await issueQueuedDocuments(t.deps);
    const sent = await t.deps.db.select().from(emails).where(eq(emails.to, user.email.toLowerCase()));
    expect(sent.map((email) => email.subject)).toEqual([
      'Your wallet has been topped up',
      'Your wallet has been topped up',
    ]);
  });

  it('answers 404 for an unknown account number and 400 for a bad amount, crediting nothing', async () => {
    const missing = await transfer('9000000001', { amount: 100_000 });
    expect(missing.statusCode).toBe(404);
    const user = await createTestUser(t, { role: 'client' });
    const { accountNumber } = (await generate(user)).json();
    for (const amount of [0, -1, 1.5, 'ten']) {
      const res = await transfer(accountNumber, { amount });
      expect(res.statusCode).toBe(400);
    }
    const balance = await t.app.inject({ url: '/api/wallet/balance', headers: user.headers });
    expect(balance.json().balance).toBe(0);
  });
});
