import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Catalog,
  catalog,
  createBookingVia,
  createProvider,
  listedSlot,
  payWithWallet,
  scheduleVia,
  walletOf,
} from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { bookingEvents, bookings, emails, notifications, users } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { rawRows } from '../../platform/prepared.ts';
import { settleAfterAnswerWork } from '../auth/mail-safely.ts';
import { fundWallet } from '../money/test-helpers.ts';
import { deliverBookingNotifications } from '../notifications/booking-emails.ts';

let t: TestApp;
let ids: Catalog;

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') });
  ids = await catalog(t);
});
afterAll(() => t.close());

async function paidBooking(client: TestUser, provider: TestUser, date: string) {
  await fundWallet(t, client.id, 500_000);
  const booking = await createBookingVia(t, client, provider, ids);
  await scheduleVia(t, client, booking.identifier, (await listedSlot(t, provider.id, date)).identifier);
  await payWithWallet(t, client, booking.identifier);
  return booking.identifier;
}

/** Every row written from now on, as text: emails, notifications and booking events. */
async function writtenSince(marks: { emails: number; notifications: number; events: number }) {
  const rows = await rawRows<{ text: string }>(
    t.deps.db,
    sql`SELECT row_to_json(e)::text AS text FROM (SELECT * FROM emails ORDER BY created_at, id OFFSET ${marks.emails}) e
        UNION ALL
        SELECT row_to_json(n)::text FROM (SELECT * FROM notifications ORDER BY created_at, id OFFSET ${marks.notifications}) n
        UNION ALL
        SELECT row_to_json(b)::text FROM (SELECT * FROM booking_events ORDER BY seq OFFSET ${marks.events}) b`,
  );
  return rows.map((row) => row.text);
}

async function marks() {
  return {
    emails: await t.deps.db.$count(emails),
    notifications: await t.deps.db.$count(notifications),
    events: await t.deps.db.$count(bookingEvents),
  };
}

const deleteAccount = (user: TestUser, language = 'en') =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/user/profile/delete-account',
    headers: { ...user.headers, 'x-language': language },
    payload: { password: 'correct-horse-battery' },
  });

async function socialSignUp(user: TestUser) {
  await t.deps.db.update(users).set({ isSocial: true }).where(eq(users.id, user.id));
}

describe('after a client erases their account', () => {
  it('nothing written afterwards carries their name or email, and German reads whole', {
    timeout: 120_000,
  }, async () => {
    const provider = await createProvider(t, { firstName: 'Jörg', lastName: 'Müller-Lüdenscheidt', language: 'de' });
    const client = await createTestUser(t, {
      role: 'client',
      firstName: 'Siobhán',
      lastName: "D'Arcy-Nwosu",
      email: 'siobhan.darcy@example.test',
    });
    await paidBooking(client, provider, '2027-03-03');
    // The provider's invitation sits open too (a record the provider keeps of what they typed).
    await t.app.inject({
      method: 'POST',
      url: '/api/clients/import',
      headers: provider.headers,
      payload: { clients: [{ firstName: 'Siobhán', lastName: 'Darcy', email: client.email }], allowInvite: true },
    });
    await settleAfterAnswerWork();
    await deliverBookingNotifications(t.deps);

    const before = await marks();
    await socialSignUp(client);
    const deleted = await deleteAccount(client);
    expect(deleted.statusCode, deleted.body).toBe(200);
    await deliverBookingNotifications(t.deps); // the job's run: the provider is told of the cancellation
    await settleAfterAnswerWork();

    const written = await writtenSince(before);
    expect(written.length).toBeGreaterThan(0);
    for (const text of written) {
      for (const word of ['Siobhán', "D'Arcy", 'Nwosu', 'siobhan.darcy', 'Darcy', 'a deleted user']) {
        expect(text).not.toContain(word);
      }
    }
    const [mail] = await t.deps.db
      .select()
      .from(emails)
      .where(eq(emails.template, 'bookings.cancelled'))
      .orderBy(sql`created_at DESC`)
      .limit(1);
    expect(mail?.language).toBe('de');
    expect(mail?.text).toContain('Deine Sitzung wurde storniert, weil die andere Person ihr Konto gelöscht hat.');

    // The provider's list: "Deleted client", no account, no name, email or picture.
    const list = await t.app.inject({ method: 'GET', url: '/api/clients?perPage=100', headers: provider.headers });
    const rows = list.json().data as Array<Record<string, unknown>>;
    expect(list.body).not.toContain('Siobh');
    expect(list.body).not.toContain('deleted.invalid');
    expect(rows.find((row) => row.identifier === client.id)).toMatchObject({
      deleted: true,
      hasAccount: false,
      firstName: null,
      lastName: null,
      email: null,
      photoUrl: null,
    });
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/client/profile/${client.id}`,
      headers: provider.headers,
    });
    expect(profile.json()).toMatchObject({ deleted: true, hasAccount: false, firstName: null, email: null });
  });
});

describe('a provider erases their own account', () => {
  it('cancels and refunds their future sessions, leaves the directory, keeps the ledger balanced', {
    timeout: 120_000,
  }, async () => {
    const provider = await createProvider(t, {
      firstName: 'Ngozi',
      lastName: "Ob'Iora",
      email: 'ngozi.obiora@example.test',
    });
    const first = await createTestUser(t, { role: 'client', language: 'de' });
    const second = await createTestUser(t, { role: 'client' });
    const a = await paidBooking(first, provider, '2027-03-04');
    const b = await paidBooking(second, provider, '2027-03-05');
    expect(await walletOf(t, first.id)).toBe(0);
    const listed = await t.app.inject({ url: `/api/providers/${provider.id}` });
    expect(listed.statusCode).toBe(200);
    await deliverBookingNotifications(t.deps);

    const before = await marks();
    await socialSignUp(provider);
    const deleted = await deleteAccount(provider);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe('Account Deleted Successfully');
    await deliverBookingNotifications(t.deps);

    for (const id of [a, b]) {
      const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, id));
      expect(row).toMatchObject({ status: 'cancelled', refundStatus: 'refunded', refundMinor: 500_000 });
    }
    expect(await walletOf(t, first.id)).toBe(500_000);
    expect(await walletOf(t, second.id)).toBe(500_000);
    const [sum] = await rawRows<{ total: string }>(
      t.deps.db,
      sql`SELECT coalesce(sum(amount_minor), 0)::text AS total FROM ledger_entries`,
    );
    expect(sum?.total).toBe('0');

    // Gone from the directory and from search.
    expect((await t.app.inject({ url: `/api/providers/${provider.id}` })).statusCode).toBe(404);
    const search = await t.app.inject({ url: '/api/providers?perPage=100' });
    expect(search.body).not.toContain(provider.id);

    // The clients are told in their language, without the provider's name or email.
    const written = await writtenSince(before);
    expect(written.length).toBeGreaterThan(0);
    for (const text of written) {
      for (const word of ['Ngozi', "Ob'Iora", 'Obiora', 'ngozi.obiora']) expect(text).not.toContain(word);
    }
    const german = await t.deps.db.select().from(emails).where(eq(emails.to, first.email.toLowerCase()));
    expect(german.at(-1)?.text).toContain(
      'Deine Sitzung wurde storniert, weil die andere Person ihr Konto gelöscht hat.',
    );
  });
});
