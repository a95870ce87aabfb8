import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../../test/build-test-app.ts';
import { creditEarning, payFromWallet } from './escrow.ts';
import { postTransaction } from './ledger.ts';
import { references } from './references.ts';

/** Money arriving in a client's wallet from a gateway (as a verified top-up would), for tests. */
export async function fundWallet(t: TestApp, userId: string, amountMinor: number, currencyCode = 'NGN') {
  return t.deps.db.transaction((tx) =>
    postTransaction(tx, {
      type: 'top_up',
      reference: `test-fund:${randomUUID()}`,
      at: t.deps.clock.now(),
      metadata: { channel: 'card' },
      lines: [
        {
          account: { kind: 'gateway_clearing', currencyCode, gateway: 'sandbox', shard: 0 },
          amountMinor: -amountMinor,
        },
        { account: { kind: 'client_wallet', currencyCode, userId }, amountMinor },
      ],
    }),
  );
}

/** A provider's net earning from one session a throwaway client paid from their wallet. */
export async function earn(t: TestApp, providerId: string, clientId: string, grossMinor: number, currencyCode = 'NGN') {
  await fundWallet(t, clientId, grossMinor, currencyCode);
  const bookingId = randomUUID();
  return t.deps.db.transaction(async (tx) => {
    await payFromWallet(tx, {
      userId: clientId,
      amountMinor: grossMinor,
      currencyCode,
      reference: references.bookingPayment(bookingId),
      at: t.deps.clock.now(),
    });
    return creditEarning(tx, {
      providerId,
      grossMinor,
      currencyCode,
      reference: references.bookingEarning(bookingId),
      bookingId,
      at: t.deps.clock.now(),
    });
  });
}
