import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { auditLog, authSessions, noteAccessLog } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { postNote, providerWithClient } from '../notes/test-support.ts';
import { VIEW_MODE_TTL_SECONDS } from './view-mode.ts';

const clock = fixedClock(new Date());
let t: TestApp;
let admin: TestUser;
let client: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await createTestUser(t, { role: 'admin' });
  client = await createTestUser(t, { role: 'client', firstName: 'Viewed' });
});
afterAll(() => t.close());

async function startViewMode(userId = client.id, headers = admin.headers) {
  return t.app.inject({ method: 'POST', url: '/api/admin/view-mode', headers, payload: { userIdentifier: userId } });
}

async function viewToken(userId = client.id): Promise<{ identifier: string; token: string }> {
  const response = await startViewMode(userId);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const viewHeaders = (token: string) => ({ authorization: `Bearer ${token}`, 'x-view-mode': '1' });

describe('view mode', () => {
  it('sees the app exactly as the user, with the X-View-Mode header only, and is recorded', async () => {
    const response = await startViewMode();
    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer).toMatchObject({
      expiresIn: VIEW_MODE_TTL_SECONDS,
      user: { identifier: client.id, role: 'client', email: client.email, firstName: 'Viewed' },
    });

    const info = await t.app.inject({ url: '/api/user/info', headers: viewHeaders(answer.token) });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().identifier).toBe(client.id);
    const wallet = await t.app.inject({ url: '/api/wallet/balance', headers: viewHeaders(answer.token) });
    expect(wallet.statusCode, wallet.body).toBe(200);

    // Without the header the token is not accepted: view mode is always said out loud.
    const silent = await t.app.inject({ url: '/api/user/info', headers: { authorization: `Bearer ${answer.token}` } });
    expect(silent.statusCode).toBe(401);
    // The token is the viewed user's, never the admin's: the back office refuses it.
    const backOffice = await t.app.inject({ url: '/api/admin/users', headers: viewHeaders(answer.token) });
    expect(backOffice.statusCode).toBe(403);

    const [start] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'view_mode.start'), eq(auditLog.targetId, client.id)));
    expect(start).toMatchObject({ actorId: admin.id, actorRole: 'admin', targetType: 'user' });
    expect(start?.detail).toMatchObject({ viewSessionId: answer.identifier, role: 'client' });
  });

  it('refuses every write with 403, whatever the route', async () => {
    const { token } = await viewToken();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/client',
      headers: viewHeaders(token),
      payload: { firstName: 'Changed' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'VIEW_MODE_READ_ONLY' });
    // Even a client that "forgets" the header: the token says view mode.
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/auth/invalidate',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bare.statusCode).toBe(403);
  });

  it("never shows a provider's clinical notes or a data export (the author's alone), and logs no note access", async () => {
    const { provider, client: patient, bookingId } = await providerWithClient(t, { client: 'Noted' });
    const created = await postNote(t, provider, {
      type: 'booking',
      reference: bookingId,
      title: 'Private session note',
      content: 'Nothing an operator should read.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const noteId = created.json().identifier as string;
    const accessesBefore = await t.deps.db.$count(noteAccessLog);
    const { token } = await viewToken(provider.id);

    // The provider's own pages still answer in view mode; their notes do not.
    const profile = await t.app.inject({ url: '/api/user/info', headers: viewHeaders(token) });
    expect(profile.statusCode, profile.body).toBe(200);
    for (const url of [`/api/note/${noteId}`, `/api/note/booking/${bookingId}`, `/api/note/client/${patient.id}`]) {
      const response = await t.app.inject({ url, headers: viewHeaders(token) });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({ code: 'VIEW_MODE_OWNER_ONLY' });
      expect(response.body).not.toContain('Nothing an operator should read');
    }
    const exported = await t.app.inject({ url: '/api/user/data-export', headers: viewHeaders(token) });
    expect(exported.statusCode).toBe(403);
    expect(exported.json()).toMatchObject({ code: 'VIEW_MODE_OWNER_ONLY' });
    // The calendar feed's address is a key to every session of theirs.
    const feed = await t.app.inject({ url: '/api/calendar-feed', headers: viewHeaders(token) });
    expect(feed.statusCode, feed.body).toBe(403);
    expect(feed.json()).toMatchObject({ code: 'VIEW_MODE_OWNER_ONLY' });
    expect(feed.body).not.toContain('token=');
    expect(await t.deps.db.$count(noteAccessLog)).toBe(accessesBefore);

    // The author still reads it.
    const own = await t.app.inject({ url: `/api/note/${noteId}`, headers: provider.headers });
    expect(own.statusCode).toBe(200);
  });

  it('ends at once when the admin leaves it, and the end is recorded', async () => {
    const { identifier, token } = await viewToken();
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/view-mode/${identifier}`,
      headers: admin.headers,
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: true });
    expect((await t.app.inject({ url: '/api/user/info', headers: viewHeaders(token) })).statusCode).toBe(401);
    const [session] = await t.deps.db.select().from(authSessions).where(eq(authSessions.id, identifier));
    expect(session?.revokedReason).toBe('view_mode_ended');
    const endRows = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'view_mode.end'), eq(auditLog.targetId, client.id)));
    expect(endRows.filter((row) => row.detail.viewSessionId === identifier)).toHaveLength(1);

    // Again: nothing more; another admin's or a normal session: 404.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/view-mode/${identifier}`,
      headers: admin.headers,
    });
    expect(again.json()).toEqual({ ended: false });
    const other = await createTestUser(t, { role: 'admin' });
    const { identifier: mine } = await viewToken();
    const notTheirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/view-mode/${mine}`,
      headers: other.headers,
    });
    expect(notTheirs.statusCode).toBe(404);
    const normal = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/view-mode/${admin.sessionId}`,
      headers: admin.headers,
    });
    expect(normal.statusCode).toBe(404);
  });

  it('expires after its short life and cannot be refreshed', async () => {
    const { token } = await viewToken();
    clock.advance(VIEW_MODE_TTL_SECONDS * 1000 + 1000);
    const late = await t.app.inject({ url: '/api/user/info', headers: viewHeaders(token) });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('TOKEN_EXPIRED');
    // The tests after this one need tokens signed at the new time.
    admin = await createTestUser(t, { role: 'admin' });
    client = await createTestUser(t, { role: 'client', firstName: 'Viewed' });
  });

  it('is not available for admin accounts (409) nor to other roles (403)', async () => {
    const other = await createTestUser(t, { role: 'admin' });
    const response = await startViewMode(other.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('VIEW_MODE_NOT_ALLOWED');
    expect((await startViewMode(admin.id, client.headers)).statusCode).toBe(403);
    expect((await startViewMode('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('lets the live socket listen but never act: frames from a view-mode socket are ignored', async () => {
    const frames: string[] = [];
    t.app.realtime.onFrame('admin-test', (actor) => {
      frames.push(actor.viewMode ? 'view' : 'own');
    });
    const open = async (token: string) => {
      const socket: WebSocket = await t.app.injectWS('/api/ws');
      const received: Array<Record<string, unknown>> = [];
      socket.on('message', (data) => received.push(JSON.parse(String(data))));
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      socket.send(JSON.stringify({ type: 'auth', token }));
      await expect.poll(() => received.map((event) => event.type)).toContain('auth.ok');
      return { socket, received, closed };
    };
    const { identifier, token } = await viewToken();
    const viewing = await open(token);
    const own = await open(client.token);

    await t.app.realtime.publish([client.id], { type: 'message.created' });
    await expect.poll(() => viewing.received.map((event) => event.type)).toContain('message.created');

    viewing.socket.send(JSON.stringify({ type: 'admin-test' }));
    own.socket.send(JSON.stringify({ type: 'admin-test' }));
    await expect.poll(() => frames).toEqual(['own']);

    await t.app.inject({ method: 'DELETE', url: `/api/admin/view-mode/${identifier}`, headers: admin.headers });
    expect(await viewing.closed).toBe(4000);
    own.socket.terminate();
  });
});

/**
 * Walks every route of the OpenAPI document that is not a read: in view mode each answers 403
 * before its guard, body or rate limit (the token alone, the header alone, or both).
 */
describe('view mode is read-only on every write route', () => {
  it('answers 403 VIEW_MODE_READ_ONLY to every non-GET route', async () => {
    const { token } = await viewToken();
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const callers = [
      { who: 'view-mode token with header', headers: viewHeaders(token) },
      { who: 'view-mode token alone', headers: { authorization: `Bearer ${token}` } },
      { who: 'admin token with header', headers: { ...admin.headers, 'x-view-mode': '1' } },
      { who: 'header alone', headers: { 'x-view-mode': '1' } },
    ];
    const wrong: string[] = [];
    let writes = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations).map((m) => m.toUpperCase())) {
        if (method === 'GET' || method === 'HEAD') continue;
        writes += 1;
        const url = path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
        for (const caller of callers) {
          const response = await t.app.inject({
            method: method as 'POST',
            url,
            payload: '{}',
            headers: { 'content-type': 'application/json', ...caller.headers },
          });
          if (response.statusCode !== 403 || response.json().code !== 'VIEW_MODE_READ_ONLY') {
            wrong.push(`${method} ${path} (${caller.who}): ${response.statusCode}`);
          }
        }
      }
    }
    console.info(`view-mode walk: ${writes} write routes, ${writes * callers.length} calls`);
    expect(wrong).toEqual([]);
    expect(writes).toBeGreaterThan(50);
    // Nothing the walk sent changed the viewed user.
    const info = await t.app.inject({ url: '/api/user/info', headers: client.headers });
    expect(info.json().firstName).toBe('Viewed');
  });
});
