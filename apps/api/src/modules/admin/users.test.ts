import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, createProvider } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { auditLog, authSessions, providerProfiles, users } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { hashPassword } from '../../platform/password.ts';
import { rawRows } from '../../platform/prepared.ts';
import { matchesPerson } from './search.ts';
import { USERS_COUNTED_UP_TO } from './users.ts';

const PASSWORD = 'Sunny-meadow-42';
const clock = fixedClock('2027-03-01T09:00:00Z');
let t: TestApp;
let admin: TestUser;
let passwordHash: string;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await createTestUser(t, { role: 'admin' });
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => t.close());

const suspend = (user: { id: string }, headers = admin.headers) =>
  t.app.inject({ method: 'POST', url: `/api/admin/users/${user.id}/suspend`, headers });
const reactivate = (user: { id: string }) =>
  t.app.inject({ method: 'POST', url: `/api/admin/users/${user.id}/reactivate`, headers: admin.headers });
const login = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: PASSWORD } });
const auditCount = async (targetId: string, action: string) =>
  (
    await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, targetId), eq(auditLog.action, action)))
  ).length;

describe('users', () => {
  it('lists accounts newest first, searchable and filtered by role and status', async () => {
    const client = await createTestUser(t, { role: 'client', firstName: 'Zebediah', lastName: 'Listable' });
    const provider = await createTestUser(t, { role: 'provider', firstName: 'Zebediah', lastName: 'Provider' });
    const all = await t.app.inject({ url: '/api/admin/users?searchQuery=zebediah', headers: admin.headers });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((row: { identifier: string }) => row.identifier)).toEqual([provider.id, client.id]);
    expect(all.json().data[1]).toMatchObject({
      email: client.email,
      role: 'client',
      status: 'active',
      suspendedAt: null,
    });

    const fullName = await t.app.inject({
      url: '/api/admin/users?searchQuery=Zebediah%20Listable',
      headers: admin.headers,
    });
    expect(fullName.json().data.map((row: { identifier: string }) => row.identifier)).toEqual([client.id]);

    const providers = await t.app.inject({
      url: '/api/admin/users?searchQuery=zebediah&role=provider',
      headers: admin.headers,
    });
    expect(providers.json().data.map((row: { identifier: string }) => row.identifier)).toEqual([provider.id]);

    await suspend(client);
    const suspended = await t.app.inject({ url: '/api/admin/users?status=suspended', headers: admin.headers });
    expect(suspended.json().data.map((row: { identifier: string }) => row.identifier)).toEqual([client.id]);

    const bad = await t.app.inject({ url: '/api/admin/users?role=owner', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('finds part of a name or an email through the trigram index, in every script', async () => {
    const named = await createTestUser(t, { role: 'client', firstName: 'Siobhán', lastName: "Ní Dhomhnaill-O'Hara" });
    const partly = await t.app.inject({
      url: `/api/admin/users?searchQuery=${encodeURIComponent("l-o'h")}`,
      headers: admin.headers,
    });
    expect(partly.json().data.map((row: { identifier: string }) => row.identifier)).toEqual([named.id]);
    const byEmail = await t.app.inject({
      url: `/api/admin/users?searchQuery=${encodeURIComponent(named.email.slice(2, 12))}`,
      headers: admin.headers,
    });
    expect(byEmail.json().data.map((row: { identifier: string }) => row.identifier)).toContain(named.id);
    // With sequential scans priced out the planner takes the index: the search's expression is
    // the index's own (a table this small is otherwise read whole).
    const plan = await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return rawRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`EXPLAIN ${tx.select({ id: users.id }).from(users).where(matchesPerson('Dhomhnaill'))}`,
      );
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('users_search_trgm_idx');
  });

  it('counts a common name up to the limit and says more match, newest first', async () => {
    // One more account than the count reaches, all named alike, created a second apart.
    await t.deps.db.execute(sql`
      INSERT INTO users (email, password_hash, role, first_name, last_name, email_verified_at, created_at, updated_at)
      SELECT 'common-' || g || '@example.com', 'x', 'client', 'Adaeze', 'Okonkwo-Common', now(),
             ${'2027-01-01T00:00:00Z'}::timestamptz + g * interval '1 second', now()
        FROM generate_series(1, ${USERS_COUNTED_UP_TO + 1}) g`);
    const response = await t.app.inject({
      url: '/api/admin/users?searchQuery=okonkwo-common&perPage=20',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().meta).toEqual({
      page: 1,
      perPage: 20,
      total: USERS_COUNTED_UP_TO,
      totalPages: USERS_COUNTED_UP_TO / 20,
      moreThanTotal: true,
    });
    expect(response.json().data[0].email).toBe(`common-${USERS_COUNTED_UP_TO + 1}@example.com`);
    const page = (number: number) =>
      t.app.inject({
        url: `/api/admin/users?searchQuery=okonkwo-common&perPage=20&page=${number}`,
        headers: admin.headers,
      });
    // The last page the count reaches, and past it: the same count, the oldest accounts in order.
    const last = (await page(USERS_COUNTED_UP_TO / 20)).json();
    expect(last.meta).toMatchObject({ total: USERS_COUNTED_UP_TO, moreThanTotal: true });
    expect(last.data.at(-1).email).toBe('common-2@example.com');
    const beyond = (await page(USERS_COUNTED_UP_TO / 20 + 1)).json();
    expect(beyond.data.map((user: { email: string }) => user.email)).toEqual(['common-1@example.com']);
    expect(beyond.meta).toMatchObject({ total: USERS_COUNTED_UP_TO, moreThanTotal: true });
    expect((await page(USERS_COUNTED_UP_TO / 20 + 2)).json()).toMatchObject({
      data: [],
      meta: { total: USERS_COUNTED_UP_TO, moreThanTotal: true },
    });
    // One fewer match: counted exactly.
    await t.deps.db.execute(sql`DELETE FROM users WHERE email = 'common-1@example.com'`);
    const exact = await t.app.inject({ url: '/api/admin/users?searchQuery=okonkwo-common', headers: admin.headers });
    expect(exact.json().meta).toMatchObject({ total: USERS_COUNTED_UP_TO, moreThanTotal: false });
    await t.deps.db.execute(sql`DELETE FROM users WHERE email LIKE 'common-%@example.com'`);
  });
});

describe('suspension', () => {
  it('ends every session at once, refuses login and refresh, and is recorded once', async () => {
    const client = await createTestUser(t, { role: 'client', passwordHash });
    const signedIn = await login(client.email);
    expect(signedIn.statusCode).toBe(200);
    const { token, refreshToken } = signedIn.json();
    expect((await t.app.inject({ url: '/api/user/info', headers: client.headers })).statusCode).toBe(200);

    const response = await suspend(client);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Account suspended', user: { status: 'suspended' } });

    const live = await t.deps.db
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.userId, client.id), isNull(authSessions.revokedAt)));
    expect(live).toEqual([]);
    for (const bearer of [client.token, token]) {
      const info = await t.app.inject({ url: '/api/user/info', headers: { authorization: `Bearer ${bearer}` } });
      expect(info.statusCode).toBe(401);
    }
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { authorization: `Bearer ${refreshToken}` },
    });
    expect(refreshed.statusCode).toBe(401);

    const refused = await login(client.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    // A wrong password still says nothing about the account.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: client.email, password: 'Not-the-password-1' },
    });
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');

    // Again: nothing changes, nothing more is recorded.
    expect((await suspend(client)).statusCode).toBe(200);
    expect(await auditCount(client.id, 'user.suspend')).toBe(1);

    const back = await reactivate(client);
    expect(back.json()).toMatchObject({
      message: 'Account reactivated',
      user: { status: 'active', suspendedAt: null },
    });
    expect((await login(client.email)).statusCode).toBe(200);
    expect(await auditCount(client.id, 'user.reactivate')).toBe(1);
  });

  it('takes a provider out of the directory and out of new bookings, and back on reactivation', async () => {
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    const ids = await catalog(t);
    const book = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/booking',
        headers: client.headers,
        payload: {
          providerIdentifier: provider.id,
          modalityIdentifier: ids.modalityId,
          therapyIdentifier: ids.therapyId,
        },
      });
    expect((await t.app.inject({ url: `/api/providers/${provider.id}` })).statusCode).toBe(200);

    await suspend(provider);
    const [profile] = await t.deps.db.select().from(providerProfiles).where(eq(providerProfiles.userId, provider.id));
    expect(profile?.suspendedAt).not.toBeNull(); // mirrored by the trigger
    expect((await t.app.inject({ url: `/api/providers/${provider.id}` })).statusCode).toBe(404);
    const listing = await t.app.inject({ url: '/api/providers?perPage=50' });
    expect(listing.json().data.map((row: { identifier: string }) => row.identifier)).not.toContain(provider.id);
    const refused = await book();
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);

    await reactivate(provider);
    expect((await t.app.inject({ url: `/api/providers/${provider.id}` })).statusCode).toBe(200);
    expect((await book()).statusCode).toBe(200);
  });

  it('refuses to suspend an admin (409), answers 404 for an unknown or erased account', async () => {
    const other = await createTestUser(t, { role: 'admin' });
    const response = await suspend(other);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('USER_NOT_SUSPENDABLE');
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, other.id));
    expect(row?.suspendedAt).toBeNull();

    expect((await suspend({ id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const erased = await createTestUser(t, { role: 'client' });
    await t.deps.db.update(users).set({ deletedAt: clock.now() }).where(eq(users.id, erased.id));
    expect((await suspend(erased)).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const victim = await createTestUser(t, { role: 'client' });
    expect((await suspend(victim, client.headers)).statusCode).toBe(403);
    expect((await suspend(victim, {} as never)).statusCode).toBe(401);
  });
});
