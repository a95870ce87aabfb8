import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, createBookingVia, createProvider, listedSlot, scheduleVia } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { testDriver } from '../../../test/test-database.ts';
import { documentCounters, documentQueue, issuedDocuments } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { fundWallet } from '../money/test-helpers.ts';
import { issueQueuedDocuments, takeDocumentNumber } from './issue.ts';
import { listDocuments } from './read-documents.ts';

const sequencesOf = async (t: TestApp, series: string) =>
  (
    await t.deps.db
      .select({ sequence: issuedDocuments.sequence })
      .from(issuedDocuments)
      .where(eq(issuedDocuments.series, series))
      .orderBy(asc(issuedDocuments.sequence))
  ).map((row) => row.sequence);

const oneTo = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/** Races need real connections: PostgreSQL only (TEST_DATABASE_URL). */
describe.runIf(testDriver === 'pg')('document numbers under concurrency (PostgreSQL)', () => {
  const clock = fixedClock('2027-03-01T09:00:00Z');
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(async () => {
    (t.database.db as unknown as { $client: { on(event: 'error', listener: () => void): void } }).$client.on(
      'error',
      () => {},
    );
    await t.close();
  });

  it('numbers invoices and receipts from 1 without gaps or repeats when sessions are paid and issued at once', async () => {
    const ids = await catalog(t);
    const provider = await createProvider(t, { countryCode: 'GB', timezone: 'Europe/London' });
    const clients: TestUser[] = [];
    const bookingIds: string[] = [];
    for (let index = 0; index < 8; index++) {
      const client = await createTestUser(t, { role: 'client' });
      await fundWallet(t, client.id, 1_000_000, 'GBP');
      const booking = await createBookingVia(t, client, provider, ids);
      const day = index < 4 ? '2027-03-03' : '2027-03-04';
      await scheduleVia(t, client, booking.identifier, (await listedSlot(t, provider.id, day)).identifier);
      clients.push(client);
      bookingIds.push(booking.identifier);
    }
    // Eight payments at once, then three issuers (jobs on three processes) and the clients' own
    // requests racing for the queue.
    const paid = await Promise.all(
      clients.map((client, index) =>
        t.app.inject({
          method: 'POST',
          url: `/api/payment/booking/${bookingIds[index]}`,
          headers: client.headers,
          payload: { method: 'wallet' },
        }),
      ),
    );
    expect(paid.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    await Promise.all([
      issueQueuedDocuments(t.deps),
      issueQueuedDocuments(t.deps),
      issueQueuedDocuments(t.deps),
      ...clients.map((client, index) =>
        listDocuments(t.deps, {
          actor: { userId: client.id, role: 'client', sessionId: client.sessionId },
          query: { bookingId: bookingIds[index] as string },
        }),
      ),
    ]);
    await issueQueuedDocuments(t.deps);
    expect(await t.deps.db.select().from(documentQueue)).toEqual([]);
    expect(await sequencesOf(t, `invoice:${provider.id}`)).toEqual(oneTo(8));
    const receipts = await sequencesOf(t, 'receipt');
    // The 8 top-ups and the 8 payments: 16 receipts numbered 1-16.
    expect(receipts).toEqual(oneTo(16));
    const perBooking = await t.deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(issuedDocuments)
      .where(and(eq(issuedDocuments.kind, 'invoice'), eq(issuedDocuments.providerId, provider.id)));
    expect(perBooking[0]?.count).toBe(8);
  });

  it('gives a number back when the transaction that took it rolls back, so committed numbers stay gap-free', async () => {
    const attempts = Array.from({ length: 12 }, (_, index) => index);
    const committed: number[] = [];
    await Promise.all(
      attempts.map((attempt) =>
        t.deps.db
          .transaction(async (tx) => {
            const number = await takeDocumentNumber(tx, 'rollback-test', 2027);
            // Hold the counter a moment so the others queue behind it.
            await tx.execute(sql`SELECT pg_sleep(0.01)`);
            if (attempt % 3 === 0) throw new Error('rolled back');
            return number;
          })
          .then((number) => committed.push(number))
          .catch(() => undefined),
      ),
    );
    expect(committed.sort((a, b) => a - b)).toEqual(oneTo(8));
    const [counter] = await t.deps.db
      .select()
      .from(documentCounters)
      .where(eq(documentCounters.series, 'rollback-test'));
    expect(counter?.lastNumber).toBe(8);
  });
});
