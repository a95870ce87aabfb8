import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { openTestDatabase, testDriver } from '../../../test/test-database.ts';
import { openDatabase } from '../../db/client.ts';
import { hashPassword } from '../../platform/password.ts';
import { CLOSE_SESSION_ENDED } from '../../platform/realtime/hub.ts';
import { connectLive, type LiveClient } from '../messages/live-client.ts';

const PASSWORD = 'Old-password-1';

/**
 * A revocation committed on one process closes the sockets of the ended sessions on every
 * process at once (not at the next heartbeat), and an event published after the revocation
 * never reaches them.
 */
/** "At once": well before the hub's next 30 s heartbeat would find the session ended, with room for a loaded machine. */
const AT_ONCE_MS = 10_000;

async function expectEndedBeforeNextEvent(publisher: TestApp, user: TestUser, live: LiveClient) {
  // Published right after the revocation's answer: it must not arrive on the ended socket.
  await publisher.app.realtime.publish([user.id], { type: 'after.revocation' });
  const started = performance.now();
  const closed = await Promise.race([
    live.closed,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), AT_ONCE_MS)),
  ]);
  expect(closed, 'the socket closes at once').toMatchObject({ code: CLOSE_SESSION_ENDED, reason: 'SESSION_ENDED' });
  expect(performance.now() - started).toBeLessThan(AT_ONCE_MS);
  // Give a late event the time to arrive, then check nothing came after the revocation.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(live.events.map((event) => event.type)).not.toContain('after.revocation');
}

async function login(app: TestApp, email: string): Promise<string> {
  const res = await app.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: PASSWORD } });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

describe.runIf(testDriver === 'pg')('revoked sessions end their sockets on every process (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    const database = await openTestDatabase();
    const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString as string;
    a = await buildTestApp({ database });
    b = await buildTestApp({ database: await openDatabase({ url }) });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await createTestUser(a, { role: 'admin' });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('sign-out on process A closes the socket on process B before the next event', async () => {
    const client = await createTestUser(a, { role: 'client' });
    const live = await connectLive(b.app, client.token);
    expect(live.events[0]).toMatchObject({ type: 'auth.ok' });
    const res = await a.app.inject({ method: 'POST', url: '/api/auth/invalidate', headers: client.headers });
    expect(res.statusCode).toBeLessThan(300);
    await expectEndedBeforeNextEvent(a, client, live);
    // The ended session cannot open a socket again.
    const again = await connectLive(b.app, client.token);
    expect(again.events[0]).toMatchObject({ type: 'auth.failed' });
  });

  it('a password change ends the other sessions’ sockets, and keeps the current one', async () => {
    const client = await createTestUser(a, { role: 'client', passwordHash: await hashPassword(PASSWORD) });
    const other = await connectLive(b.app, await login(a, client.email));
    const current = await connectLive(b.app, client.token);
    expect(other.events[0]).toMatchObject({ type: 'auth.ok' });
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/user/profile/update-password',
      headers: client.headers,
      payload: { oldPassword: PASSWORD, newPassword: 'New-password-2', confirmPassword: 'New-password-2' },
    });
    expect(res.statusCode).toBe(200);
    await expectEndedBeforeNextEvent(a, client, other);
    await current.next((event) => event.type === 'after.revocation', 2000);
    current.close();
  });

  it('a suspension on process A closes the suspended person’s sockets on process B', async () => {
    const provider = await createTestUser(a, { role: 'provider' });
    const live = await connectLive(b.app, provider.token);
    const res = await a.app.inject({
      method: 'POST',
      url: `/api/admin/users/${provider.id}/suspend`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    await expectEndedBeforeNextEvent(a, provider, live);
  });

  it('signing out everywhere on process B closes the sockets on process A too', async () => {
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    const client = await createTestUser(a, { role: 'client', passwordHash: await hashPassword(PASSWORD) });
    const onA = await connectLive(a.app, await login(a, client.email));
    const res = await b.app.inject({
      method: 'POST',
      url: '/api/auth/invalidate',
      headers: client.headers,
      payload: { everywhere: true },
    });
    expect(res.statusCode).toBeLessThan(300);
    await expectEndedBeforeNextEvent(b, client, onA);
  });
});

describe('revoked sessions end their sockets (one process)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('sign-out closes the socket before the next event', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const live = await connectLive(t.app, client.token);
    expect(live.events[0]).toMatchObject({ type: 'auth.ok' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/invalidate', headers: client.headers });
    expect(res.statusCode).toBeLessThan(300);
    await expectEndedBeforeNextEvent(t, client, live);
  });
});
