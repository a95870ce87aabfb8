import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { testDriver } from '../../../test/test-database.ts';
import { bookings, users } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { rawRows } from '../../platform/prepared.ts';

/**
 * The client list is read from client_list_entries, which the database's triggers keep from
 * bookings, the provider's records and the accounts. These tests change each source through the
 * app and hold the list to what it shows, and the kept rows to the same rows computed from nothing.
 */

/** An hour's session starting at `at` (UTC) on `day`. */
function hour(day: string, at: string) {
  const startsAt = new Date(`${day}T${at}:00Z`);
  return { startsAt, endsAt: new Date(startsAt.getTime() + 60 * 60 * 1000) };
}

async function listOf(t: TestApp, provider: TestUser, query = '') {
  const answer = await t.app.inject({ url: `/api/clients${query}`, headers: provider.headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as {
    data: {
      identifier: string;
      firstName: string | null;
      lastName: string | null;
      deleted: boolean;
      email: string | null;
    }[];
    nextCursor: string | null;
  };
}

const names = (page: Awaited<ReturnType<typeof listOf>>) =>
  page.data.map((row) => (row.deleted ? '(deleted)' : `${row.firstName} ${row.lastName}`));

/** Every kept row, in one order, as text. */
const keptRows = async (t: TestApp) =>
  (
    await rawRows<{ row: string }>(
      t.deps.db,
      sql`SELECT row_to_json(e)::text AS row FROM client_list_entries e ORDER BY provider_id, identifier`,
    )
  ).map((entry) => entry.row);

/** The kept rows equal the rows the one rule computes from nothing. */
async function expectKeptAsComputed(t: TestApp) {
  const kept = await keptRows(t);
  await t.deps.db.execute(sql`SELECT client_list_rebuild()`);
  expect(kept).toEqual(await keptRows(t));
}

describe('the client list follows bookings, records and accounts', () => {
  let t: TestApp;
  let provider: TestUser;
  let zoe: TestUser;
  let ada: TestUser;
  let drafter: TestUser;

  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') });
    provider = await createTestUser(t, { role: 'provider', firstName: 'Ngozi', lastName: 'Adébáyọ̀' });
    zoe = await createTestUser(t, { role: 'client', firstName: 'Zoë', lastName: 'Ó Briain' });
    ada = await createTestUser(t, { role: 'client', firstName: 'Ada', lastName: "O'Neil-Okafor" });
    drafter = await createTestUser(t, { role: 'client', firstName: 'Kwame', lastName: 'Mensah' });
    await t.deps.db.insert(bookings).values([
      { clientId: zoe.id, providerId: provider.id, status: 'completed', ...hour('2027-02-01', '10:00') },
      { clientId: zoe.id, providerId: provider.id, status: 'confirmed', ...hour('2027-03-05', '10:00') },
      { clientId: ada.id, providerId: provider.id, status: 'confirmed', ...hour('2027-03-06', '10:00') },
      // A draft without a time makes no client.
      { clientId: drafter.id, providerId: provider.id, status: 'pending' },
    ]);
  });
  afterAll(() => t.close());

  it('lists booked clients and imported records by name, and not a draft without a time', async () => {
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/clients/import',
      headers: provider.headers,
      payload: { clients: [{ firstName: 'Chidi', lastName: 'Dubois-Éluard', email: 'chidi.dubois@example.test' }] },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(names(await listOf(t, provider))).toEqual(["Ada O'Neil-Okafor", 'Chidi Dubois-Éluard', 'Zoë Ó Briain']);
    expect(names(await listOf(t, provider, '?source=imported'))).toEqual(['Chidi Dubois-Éluard']);
    expect(names(await listOf(t, provider, '?search=%25'))).toEqual([]);
    expect(names(await listOf(t, provider, '?search=chidi.dubois%40'))).toEqual(['Chidi Dubois-Éluard']);
    await expectKeptAsComputed(t);
  });

  it('moves a client whose account is renamed, and adds a draft once it has a time', async () => {
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/client',
      headers: zoe.headers,
      payload: { userName: 'aaliyah', firstName: 'Aaliyah', lastName: 'Ó Briain' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await t.deps.db.update(bookings).set(hour('2027-03-08', '12:00')).where(eq(bookings.clientId, drafter.id));
    expect(names(await listOf(t, provider))).toEqual([
      'Aaliyah Ó Briain',
      "Ada O'Neil-Okafor",
      'Chidi Dubois-Éluard',
      'Kwame Mensah',
    ]);
    await expectKeptAsComputed(t);
  });

  it('pages by name with a cursor that survives a rename between pages', async () => {
    const first = await listOf(t, provider, '?perPage=2');
    expect(names(first)).toEqual(['Aaliyah Ó Briain', "Ada O'Neil-Okafor"]);
    await t.deps.db.update(users).set({ firstName: 'Yusuf' }).where(eq(users.id, drafter.id));
    const second = await listOf(t, provider, `?perPage=2&cursor=${first.nextCursor}`);
    expect(names(second)).toEqual(['Chidi Dubois-Éluard', 'Yusuf Mensah']);
    expect(second.nextCursor).toBeNull();
  });

  it('shows an erased client as deleted, with no name or email', async () => {
    await t.deps.db
      .update(users)
      .set({ deletedAt: new Date('2027-03-01T09:00:00Z'), firstName: null, lastName: null })
      .where(eq(users.id, ada.id));
    const page = await listOf(t, provider);
    expect(names(page)).toEqual(['(deleted)', 'Aaliyah Ó Briain', 'Chidi Dubois-Éluard', 'Yusuf Mensah']);
    expect(page.data[0]).toMatchObject({ identifier: ada.id, firstName: null, lastName: null, email: null });
    await expectKeptAsComputed(t);
  });
});

describe.runIf(testDriver === 'pg')('the client list under concurrent writes (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('keeps one row per client when their first bookings, a record and a rename land at once', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const clients = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createTestUser(t, { role: 'client', firstName: `Chiamaka ${i}` })),
    );
    await Promise.all(
      clients.flatMap((client, i) => [
        // Two first bookings of the same client, each in its own transaction.
        ...['10:00', '12:00'].map((at) =>
          t.deps.db.insert(bookings).values({
            clientId: client.id,
            providerId: provider.id,
            status: 'confirmed',
            ...hour(`2027-04-0${i + 1}`, at),
          }),
        ),
        t.deps.db.execute(
          sql`INSERT INTO provider_clients (provider_id, user_id, first_name, last_name, source)
              VALUES (${provider.id}, ${client.id}, ${'Record'}, ${`Nwosu-${i}`}, 'manual')`,
        ),
        t.deps.db
          .update(users)
          .set({ lastName: `D'Souza ${i}` })
          .where(eq(users.id, client.id)),
      ]),
    );
    const page = await listOf(t, provider);
    expect(page.data).toHaveLength(6);
    expect(names(page)).toEqual(clients.map((_, i) => `Record Nwosu-${i}`));
    await expectKeptAsComputed(t);
  });
});
