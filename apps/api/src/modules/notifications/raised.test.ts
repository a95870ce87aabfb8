import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser } from '../../../test/factories.ts';
import { notifications } from '../../db/schema/index.ts';
import { decideVerification } from '../credentials/review.ts';
import { applyTransferResult } from '../money/payouts.ts';
import { earn } from '../money/test-helpers.ts';

/** Other modules raise notify in their own transactions: each event reaches the person's list. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { ACCESS_TOKEN_TTL: 30 * 24 * 3600 } });
});
afterAll(() => t.close());

const kindsOf = async (userId: string) =>
  (await t.deps.db.select().from(notifications).where(eq(notifications.userId, userId))).map((row) => ({
    kind: row.kind,
    data: row.data,
  }));

describe('notifications raised by money and credentials', () => {
  it('a card top-up, once, however often it is confirmed', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/payment/wallet',
      headers: client.headers,
      payload: { amount: 1_000_000 },
    });
    const reference = started.json().payment.reference;
    for (let i = 0; i < 2; i++) {
      await t.app.inject({
        method: 'POST',
        url: `/api/sandbox/payments/${reference}/approve`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
    }
    expect(await kindsOf(client.id)).toEqual([
      {
        kind: 'payment.received',
        data: { amountMinor: 1_000_000, currencyCode: 'NGN', creditedTo: 'wallet', purpose: 'top_up' },
      },
    ]);
  });

  it('a bank transfer into the virtual account', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const { accountNumber } = (
      await t.app.inject({ method: 'POST', url: '/api/virtual-accounts/generate', headers: client.headers })
    ).json();
    await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/virtual-accounts/${accountNumber}/transfer`,
      payload: { amount: 250_000, reference: 'notify-ref-1' },
    });
    expect(await kindsOf(client.id)).toEqual([
      { kind: 'payment.transferReceived', data: { amountMinor: 250_000, currencyCode: 'NGN' } },
    ]);
  });

  it('a payout sent, and one that failed', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const payer = await createTestUser(t, { role: 'client' });
    await earn(t, provider.id, payer.id, 1_000_000);
    const bank = await t.app.inject({
      method: 'PUT',
      url: '/api/earnings/bank-account',
      headers: provider.headers,
      payload: {
        accountName: 'Ada Obi',
        bankCode: '058',
        bankName: 'Guaranty Trust Bank',
        accountNumber: '0123456785',
      },
    });
    expect(bank.statusCode, bank.body).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/earnings/payouts',
      headers: provider.headers,
      payload: { amount: 100_000 },
    });
    expect(paid.json().status).toBe('success');
    await applyTransferResult(t.deps, paid.json().reference, {
      status: 'reversed',
      transferCode: null,
      reason: 'bank',
    });
    expect(await kindsOf(provider.id)).toEqual([
      { kind: 'payout.paid', data: { amountMinor: 100_000, currencyCode: 'NGN' } },
      { kind: 'payout.failed', data: { amountMinor: 100_000, currencyCode: 'NGN', status: 'reversed' } },
    ]);
  });

  it('a decision on a provider’s documents', async () => {
    const admin = await createTestUser(t, { role: 'admin' });
    const provider = await createTestUser(t, { role: 'provider', verificationStatus: 'submitted' });
    await decideVerification(t.deps, {
      adminUserId: admin.id,
      providerUserId: provider.id,
      decision: 'rejected',
      note: 'Blurry',
    });
    expect(await kindsOf(provider.id)).toEqual([{ kind: 'verification.rejected', data: {} }]);
    const listed = await t.app.inject({ url: '/api/notifications', headers: provider.headers });
    expect(listed.json().data[0]).toMatchObject({
      kind: 'verification.rejected',
      link: '/my-credentials/',
      actorName: null,
    });
  });
});
