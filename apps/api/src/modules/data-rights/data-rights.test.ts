import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { auditLog, dataExports } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { hashPassword } from '../../platform/password.ts';
import { rawRows } from '../../platform/prepared.ts';
import {
  catalog,
  createBookingVia,
  createProvider,
  listedSlot,
  payWithWallet,
  scheduleVia,
} from '../bookings/test-support.ts';
import { connectLive } from '../messages/live-client.ts';
import { openConversationVia, sendVia } from '../messages/test-support.ts';
import { fundWallet } from '../money/test-helpers.ts';
import { purgeExpiredExports, settleStartedExports } from './exports.ts';

const clock = fixedClock('2027-03-01T09:00:00Z');
let t: TestApp;
const PASSWORD = 'Canary-pass-42';

beforeAll(async () => {
  t = await buildTestApp({ clock, config: { ACCESS_TOKEN_TTL: 14 * 24 * 3600 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** A client with a profile, a paid session (in the past once the clock moves), a top-up and a message. */
async function seededClient(stamp: string) {
  const ids = await catalog(t);
  const client = await createTestUser(t, {
    role: 'client',
    firstName: `Zebulonia${stamp}`,
    lastName: `Quixcanary${stamp}`,
    email: `zebulonia.canary${stamp}@example.test`,
    passwordHash: await hashPassword(PASSWORD),
  });
  const contact = await t.app.inject({
    method: 'POST',
    url: '/api/client/emergency-contact',
    headers: client.headers,
    payload: { name: `Emergency Canary${stamp}`, phoneNumber: '08012345678' },
  });
  expect(contact.statusCode, contact.body).toBe(200);
  const provider = await createProvider(t, { firstName: 'Bola', lastName: 'Therapist' });
  await fundWallet(t, client.id, 1_000_000);
  const booking = await createBookingVia(t, client, provider, ids, { note: `canary booking note ${stamp}` });
  await scheduleVia(t, client, booking.identifier, (await listedSlot(t, provider.id, '2027-03-02')).identifier);
  await payWithWallet(t, client, booking.identifier);
  const conversation = await openConversationVia(t, client, provider);
  expect((await sendVia(t, client, conversation, `canary message text ${stamp}`)).statusCode).toBe(201);
  expect((await sendVia(t, provider, conversation, 'A reply from the therapist')).statusCode).toBe(201);
  return { client, provider, booking };
}

function exportState(user: TestUser, method: 'GET' | 'POST' = 'GET') {
  return t.app.inject({ method, url: '/api/user/data-export', headers: user.headers });
}

describe('data export (GDPR Art. 15/20)', () => {
  it('is a background job whose signed link gives a JSON archive with every kind of record, audited', async () => {
    clock.set('2027-03-01T09:00:00Z');
    const { client } = await seededClient('eone');
    expect((await exportState(client)).json()).toEqual({ export: null });

    const started = await exportState(client, 'POST');
    expect(started.statusCode).toBe(202);
    expect(started.json().export).toMatchObject({ status: 'pending', download: null });
    const again = await exportState(client, 'POST');
    expect(again.json().export.identifier).toBe(started.json().export.identifier); // one at a time

    await settleStartedExports();
    const ready = (await exportState(client)).json().export;
    expect(ready).toMatchObject({ status: 'ready', expiresAt: '2027-03-08T09:00:00.000Z' });
    expect(ready.download.url).toMatch(/^\/api\/files\//);

    const file = await t.app.inject({ url: ready.download.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('therapyhub-data-2027-03-01.json');
    const archive = JSON.parse(file.body);
    expect(archive).toMatchObject({ format: 'therapyhub-personal-data/1', userId: client.id });
    const { sections } = archive;
    expect(Object.keys(sections)).toEqual(['account', 'profile', 'bookings', 'money', 'messages', 'credentials']);
    expect(sections.account.sessions.length).toBeGreaterThanOrEqual(1);
    expect(sections.profile.person).toMatchObject({ email: client.email, firstName: 'Zebulonia' + 'eone' });
    expect(sections.profile.clientProfile).toMatchObject({ emergencyContactName: 'Emergency Canaryeone' });
    expect(sections.bookings.bookings[0]).toMatchObject({ note: 'canary booking note eone', yourRole: 'client' });
    expect(sections.bookings.bookings[0].timeline.map((event: { type: string }) => event.type)).toContain('scheduled');
    const wallet = sections.money.accounts.find((account: { kind: string }) => account.kind === 'client_wallet');
    expect(wallet.entries.length).toBeGreaterThanOrEqual(2); // the top-up and the payment
    const [conversation] = sections.messages.conversations;
    expect(
      conversation.messages.map((message: { text: string; from: string }) => [message.from, message.text]),
    ).toEqual([
      ['you', 'canary message text eone'],
      ['other', 'A reply from the therapist'],
    ]);
    expect(JSON.stringify(archive)).not.toMatch(/password|token_hash|tokenHash|storageKey|photoKey|fileKey/i);

    const trail = await t.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, client.id)));
    expect(trail.map((row) => row.action).sort()).toEqual(['data.export.ready', 'data.export.request']);

    // Someone else sees only their own (none); nobody anonymous sees anything.
    const other = await createTestUser(t, { role: 'provider' });
    expect((await exportState(other)).json()).toEqual({ export: null });
    expect((await t.app.inject({ url: '/api/user/data-export' })).statusCode).toBe(401);

    // A week later the archive is gone, file and all.
    clock.set('2027-03-08T09:00:01Z');
    expect((await purgeExpiredExports(t.deps)).purged).toBeGreaterThanOrEqual(1);
    expect((await exportState(client)).json()).toEqual({ export: null });
    expect((await t.app.inject({ url: ready.download.url })).statusCode).toBe(404);
  });

  it("gives a provider their credentials' part", async () => {
    clock.set('2027-03-01T09:00:00Z');
    const provider = await createProvider(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/provider/experience',
      headers: provider.headers,
      payload: { companyName: 'Calm Clinic', jobTitle: 'Therapist', startDate: '2020-01', currentlyWorksHere: true },
    });
    await exportState(provider, 'POST');
    await settleStartedExports();
    const { download } = (await exportState(provider)).json().export;
    const { sections } = JSON.parse((await t.app.inject({ url: download.url })).body);
    expect(sections.credentials.workHistory.map((row: { companyName: string }) => row.companyName)).toEqual([
      'Calm Clinic',
    ]);
    expect(sections.profile.providerProfile).toMatchObject({ verificationStatus: 'approved' });
  });
});

describe('erasure on account deletion', () => {
  it('erases the person everywhere but the documented holds, ends sessions and sockets, and says what was kept', async () => {
    clock.set('2027-03-01T09:00:00Z');
    const { client, booking } = await seededClient('xnine');
    await exportState(client, 'POST');
    await settleStartedExports();
    const live = await connectLive(t.app, client.token);
    expect(live.events[0]).toMatchObject({ type: 'auth.ok' });

    clock.set('2027-03-03T09:00:00Z'); // the session of 2 March is over
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/profile/delete-account',
      headers: { ...client.headers, 'x-language': 'de' },
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const answer = deleted.json();
    expect(answer.kept.map((record: { kind: string }) => record.kind)).toEqual(['bookings', 'ledger', 'audit']);
    expect(answer.kept[0]).toMatchObject({ count: 1, title: 'Deine vergangenen Sitzungen (1)' });
    expect(answer.kept[1].reason).toContain('10 Jahre');

    expect((await live.closed).code).toBe(4000);
    expect((await exportState(client)).statusCode).toBe(401);

    // No table holds the name, the email, the emergency contact, the note or the message any more.
    const tables = await rawRows<{ name: string }>(
      t.deps.db,
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    const found: Record<string, number> = {};
    for (const { name } of tables) {
      const [row] = await rawRows<{ hits: number }>(
        t.deps.db,
        sql`SELECT count(*)::int AS hits FROM ${sql.identifier(name)} AS r WHERE r::text ILIKE '%canaryxnine%'
          OR r::text ILIKE '%zebuloniaxnine%' OR r::text ILIKE '%canary booking note xnine%' OR r::text ILIKE '%canary message text xnine%'`,
      );
      if (row && row.hits > 0) found[name] = row.hits;
    }
    expect(found).toEqual({});

    // The holds: the past session stays as the provider's record, the ledger stays, the deletion is audited.
    const [kept] = await rawRows<{ status: string; client_id: string }>(
      t.deps.db,
      sql`SELECT status, client_id FROM bookings WHERE id = ${booking.identifier}`,
    );
    expect(kept).toMatchObject({ status: 'confirmed', client_id: client.id });
    const [audit] = await t.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.delete'), eq(auditLog.targetId, client.id)));
    expect(audit).toBeTruthy();
    expect(await t.deps.db.select().from(dataExports).where(eq(dataExports.userId, client.id))).toHaveLength(0);
  });
});
