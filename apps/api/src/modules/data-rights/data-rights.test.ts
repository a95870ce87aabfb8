import { buffer } from 'node:stream/consumers';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalog,
  createBookingVia,
  createProvider,
  listedSlot,
  payWithWallet,
  scheduleVia,
} from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import {
  auditLog,
  dataExports,
  featureFlags,
  indemnityInsurances,
  notes,
  providerClients,
  qualificationFiles,
  reviews,
  sessionOutcomes,
  sessionVisits,
  users,
  workHistory,
} from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { hashPassword } from '../../platform/password.ts';
import { rawRows } from '../../platform/prepared.ts';
import { privateStorageOf } from '../../platform/uploads/private-storage.ts';
import { multipartForm, samplePdf } from '../../platform/uploads/test-files.ts';
import { connectLive } from '../messages/live-client.ts';
import { openConversationVia, sendVia } from '../messages/test-support.ts';
import { fundWallet } from '../money/test-helpers.ts';
import { postNote } from '../notes/test-support.ts';
import { pastBooking, reviewed } from '../reviews/test-support.ts';
import { purgeExpiredExports, settleStartedExports } from './exports.ts';

const clock = fixedClock('2027-03-01T09:00:00Z');
let t: TestApp;
const PASSWORD = 'Canary-pass-42';

beforeAll(async () => {
  t = await buildTestApp({ clock, config: { ACCESS_TOKEN_TTL: 14 * 24 * 3600 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  // The support chat is offered (the seeded people write to it).
  await t.deps.db.insert(featureFlags).values({ key: 'show_support_livechat', enabled: true });
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

  // A session last week: reviewed, its room stay and outcome recorded, a note written on it.
  const past = await pastBooking(t, client, provider, { hoursAgo: 72 });
  await reviewed(t, client, past, { rating: 4.5, comment: `canary review words ${stamp}`, isAnonymous: false });
  const joinedAt = new Date(clock.now().getTime() - 74 * 3600_000);
  await t.deps.db.insert(sessionVisits).values({
    bookingId: past,
    userId: client.id,
    party: 'client',
    tab: `tab-${stamp}`,
    joinedAt,
    lastSeenAt: new Date(joinedAt.getTime() + 3000_000),
    leftAt: new Date(joinedAt.getTime() + 3000_000),
  });
  await t.deps.db.insert(sessionOutcomes).values({
    bookingId: past,
    outcome: 'completed',
    recordedOutcome: 'completed',
    decidedBy: 'system',
    decidedAt: joinedAt,
  });
  const note = await postNote(t, provider, {
    type: 'booking',
    reference: past,
    title: 'Session one',
    content: `canary clinical ${stamp}`,
  });
  expect(note.statusCode, note.body).toBe(201);

  // Another therapist imported them by name and email (a client record without notes).
  const importer = await createProvider(t, { firstName: 'Imo', lastName: 'Importer' });
  const imported = await t.app.inject({
    method: 'POST',
    url: '/api/clients/import',
    headers: importer.headers,
    payload: { clients: [{ firstName: `Zebulonia${stamp}`, lastName: `Quixcanary${stamp}`, email: client.email }] },
  });
  expect(imported.statusCode, imported.body).toBe(200);

  const switched = await t.app.inject({
    method: 'PUT',
    url: '/api/notifications/preferences',
    headers: client.headers,
    payload: { preferences: [{ category: 'reminder', channel: 'email', enabled: false }] },
  });
  expect(switched.statusCode, switched.body).toBe(200);
  const support = await t.app.inject({
    method: 'POST',
    url: '/api/support/messages',
    headers: client.headers,
    payload: { text: `canary support text ${stamp}`, page: '/security' },
  });
  expect(support.statusCode, support.body).toBe(201);
  return { client, provider, booking, past, importer };
}

function exportState(user: TestUser, method: 'GET' | 'POST' = 'GET') {
  return t.app.inject({ method, url: '/api/user/data-export', headers: user.headers });
}

describe('data export (GDPR Art. 15/20)', () => {
  it('is a background job whose signed link gives a JSON archive with every kind of record, audited', async () => {
    clock.set('2027-03-01T09:00:00Z');
    const { client, past, booking } = await seededClient('eone');
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
    // Sealed where it is stored: the bytes at rest hold nothing of the person.
    const [stored] = await t.deps.db
      .select({ key: dataExports.fileKey })
      .from(dataExports)
      .where(eq(dataExports.id, ready.identifier));
    expect(stored?.key).toMatch(/^sealed\/exports\//);
    const atRest = await privateStorageOf(t.deps).get(stored?.key as string);
    const raw = atRest ? await buffer(atRest.body) : Buffer.alloc(0);
    expect(raw.length).toBeGreaterThan(0);
    expect(raw.toString('latin1')).not.toContain(client.email);
    expect(raw.toString('latin1')).not.toContain('therapyhub-personal-data');
    expect(file.headers['content-disposition']).toContain('therapyhub-data-2027-03-01.json');
    const archive = JSON.parse(file.body);
    expect(archive).toMatchObject({ format: 'therapyhub-personal-data/1', userId: client.id });
    const { sections } = archive;
    expect(Object.keys(sections)).toEqual([
      'account',
      'profile',
      'bookings',
      'money',
      'messages',
      'credentials',
      'clients',
      'notes',
      'forms',
      'consent',
      'reviews',
      'sessionRoom',
      'notifications',
      'support',
      'documents',
      'calendarFeeds',
      'waitlist',
    ]);
    expect(sections.account.sessions.length).toBeGreaterThanOrEqual(1);
    expect(sections.profile.person).toMatchObject({ email: client.email, firstName: 'Zebulonia' + 'eone' });
    expect(sections.profile.clientProfile).toMatchObject({ emergencyContactName: 'Emergency Canaryeone' });
    const paidBooking = sections.bookings.bookings.find((row: { id: string }) => row.id === booking.identifier);
    expect(paidBooking).toMatchObject({ note: 'canary booking note eone', yourRole: 'client' });
    expect(paidBooking.timeline.map((event: { type: string }) => event.type)).toContain('scheduled');
    const wallet = sections.money.accounts.find((account: { kind: string }) => account.kind === 'client_wallet');
    expect(wallet.entries.length).toBeGreaterThanOrEqual(2); // the top-up and the payment
    const [conversation] = sections.messages.conversations;
    expect(
      conversation.messages.map((message: { text: string; from: string }) => [message.from, message.text]),
    ).toEqual([
      ['you', 'canary message text eone'],
      ['other', 'A reply from the therapist'],
    ]);
    // The import by name and email, and the record the note hangs on (a booked client: no name of its own).
    expect(sections.clients.recordsTherapistsKeepOfYou).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ firstName: 'Zebuloniaeone', email: client.email, source: 'manual' }),
        expect.objectContaining({ firstName: null, email: null, source: 'booking' }),
      ]),
    );
    // The therapist's clinical note is theirs: the client learns it exists, never what it says.
    expect(sections.notes).toMatchObject({ notesAboutYou: 1 });
    expect(JSON.stringify(archive)).not.toContain('canary clinical eone');
    expect(sections.reviews.written).toEqual([
      expect.objectContaining({
        bookingId: past,
        rating: 4.5,
        comment: 'canary review words eone',
        isAnonymous: false,
      }),
    ]);
    expect(sections.sessionRoom.stays).toEqual([expect.objectContaining({ bookingId: past, as: 'client' })]);
    expect(sections.sessionRoom.outcomes).toEqual([
      expect.objectContaining({ bookingId: past, outcome: 'completed', decidedBy: 'system' }),
    ]);
    expect(sections.notifications.notifications.length).toBeGreaterThanOrEqual(1);
    expect(sections.notifications.preferences).toEqual([
      expect.objectContaining({ category: 'reminder', channel: 'email', enabled: false }),
    ]);
    expect(sections.support.conversations[0].messages).toEqual([
      expect.objectContaining({ from: 'you', text: 'canary support text eone' }),
    ]);
    expect(JSON.stringify(archive)).not.toMatch(/password|token_hash|tokenHash|storageKey|photoKey|fileKey|"tab"/i);

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

  it('gives a provider their credentials, clients, notes (readable), reviews about them and their room stays', async () => {
    clock.set('2027-03-01T09:00:00Z');
    const { provider, client, past } = await seededProvider('pone');
    await exportState(provider, 'POST');
    await settleStartedExports();
    const { download } = (await exportState(provider)).json().export;
    const { sections } = JSON.parse((await t.app.inject({ url: download.url })).body);
    expect(sections.credentials.workHistory.map((row: { companyName: string }) => row.companyName)).toEqual([
      'Calm Clinic pone',
    ]);
    // The factory's approval gives every provider a year's insurance too; the uploaded one is there.
    expect(sections.credentials.indemnityInsurances).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          filename: 'policy-pone.pdf',
          contentType: 'application/pdf',
          expiresOn: '2028-01-31',
        }),
      ]),
    );
    expect(sections.credentials.qualifications[0].files).toEqual([
      expect.objectContaining({ filename: 'licence.pdf', contentType: 'application/pdf' }),
    ]);
    expect(sections.clients.clientRecords).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ firstName: 'Imported', email: 'imported.pone@example.test', source: 'manual' }),
      ]),
    );
    expect(sections.clients.clientsWhoBookedYou).toEqual([
      { identifier: client.id, firstName: 'Ada', lastName: 'Client' },
    ]);
    // The notes come decrypted, as the notes module reads them; the file by name, kind and size.
    expect(sections.notes.notes).toEqual([
      expect.objectContaining({
        type: 'booking',
        title: 'Intake',
        content: 'Talked about sleep. canary clinical pone',
        booking: expect.objectContaining({ identifier: past }),
        clientIdentifier: client.id,
        file: { filename: 'scan.pdf', contentType: 'application/pdf', size: samplePdf().length },
      }),
    ]);
    // An anonymous review about them: no reviewer, no booking.
    expect(sections.reviews.aboutYou).toEqual([
      expect.objectContaining({
        rating: 4,
        comment: 'Kind and clear, thank you.',
        isAnonymous: true,
        reviewerId: null,
        bookingId: null,
      }),
    ]);
    expect(JSON.stringify(sections.reviews)).not.toContain(client.id);
    expect(sections.sessionRoom.stays).toEqual([expect.objectContaining({ bookingId: past, as: 'provider' })]);
    expect(JSON.stringify(sections)).not.toMatch(/storageKey|fileKey|notes\/|credentials\//);
  });
});

/** A provider with work history, a licence file, an insurance, an imported client, a note with a file and an anonymous review. */
async function seededProvider(stamp: string) {
  const client = await createTestUser(t, { role: 'client', firstName: 'Ada', lastName: 'Client' });
  const provider = await createProvider(t, { firstName: `Prudence${stamp}`, lastName: `Provcanary${stamp}` });
  const past = await pastBooking(t, client, provider, { hoursAgo: 72 });
  const posts = [
    await t.app.inject({
      method: 'POST',
      url: '/api/provider/experience',
      headers: provider.headers,
      payload: {
        companyName: `Calm Clinic ${stamp}`,
        jobTitle: 'Therapist',
        startDate: '2020-01',
        currentlyWorksHere: true,
      },
    }),
    await postForm(provider, '/api/provider/qualification/file/upload', [
      { name: 'type', value: 'license' },
      { name: 'body', value: 'Medical and Dental Council of Nigeria' },
      { name: 'credentialNumber', value: `MDCN/${stamp}` },
      { name: 'files', filename: 'licence.pdf', data: samplePdf() },
    ]),
    await postForm(provider, '/api/provider/indemnity-insurance', [
      { name: 'expiresOn', value: '2028-01-31' },
      { name: 'file', filename: `policy-${stamp}.pdf`, data: samplePdf() },
    ]),
    await t.app.inject({
      method: 'POST',
      url: '/api/clients/import',
      headers: provider.headers,
      payload: { clients: [{ firstName: 'Imported', lastName: 'Person', email: `imported.${stamp}@example.test` }] },
    }),
    await postNote(
      t,
      provider,
      { type: 'booking', reference: past, title: 'Intake', content: `Talked about sleep. canary clinical ${stamp}` },
      { data: samplePdf(), filename: 'scan.pdf' },
    ),
  ];
  for (const response of posts) expect(response.statusCode, response.body).toBeLessThan(300);
  await reviewed(t, client, past, { rating: 4, comment: 'Kind and clear, thank you.', isAnonymous: true });
  await t.deps.db.insert(sessionVisits).values({
    bookingId: past,
    userId: provider.id,
    party: 'provider',
    tab: `tab-${stamp}`,
    joinedAt: new Date('2027-02-26T08:00:00Z'),
    lastSeenAt: new Date('2027-02-26T09:00:00Z'),
    leftAt: new Date('2027-02-26T09:00:00Z'),
  });
  return { provider, client, past };
}

function postForm(user: TestUser, url: string, parts: Parameters<typeof multipartForm>[0]) {
  const form = multipartForm(parts);
  return t.app.inject({ method: 'POST', url, headers: { ...user.headers, ...form.headers }, payload: form.payload });
}

describe('erasure on account deletion', () => {
  it('erases the person everywhere but the documented holds, ends sessions and sockets, and says what was kept', async () => {
    clock.set('2027-03-01T09:00:00Z');
    const { client, booking, past, provider, importer } = await seededClient('xnine');
    // A third therapist imported the address while it was unverified (a record not linked to the
    // account), under their own spelling of the name, and wrote a client note on it.
    await t.deps.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, client.id));
    const noter = await createProvider(t, { firstName: 'Nora', lastName: 'Noter' });
    const unlinked = await t.app.inject({
      method: 'POST',
      url: '/api/clients/import',
      headers: noter.headers,
      payload: { clients: [{ firstName: 'Zeb', lastName: 'Quill', email: client.email }] },
    });
    expect(unlinked.json().results?.[0], unlinked.body).toMatchObject({ outcome: 'imported' });
    const recordId = unlinked.json().results[0].identifier as string;
    const clientNote = await postNote(t, noter, {
      type: 'client',
      reference: recordId,
      title: 'Intake',
      content: 'Words.',
    });
    expect(clientNote.statusCode, clientNote.body).toBe(201);
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
    expect(answer.kept.map((record: { kind: string }) => record.kind)).toEqual([
      'bookings',
      'ledger',
      'treatmentNotes',
      'audit',
      'documents',
    ]);
    expect(answer.kept[0]).toMatchObject({ count: 2, title: 'Deine vergangenen Sitzungen (2)' });
    expect(answer.kept[1].reason).toContain('10 Jahre');
    expect(answer.kept[2]).toMatchObject({ count: 2, title: 'Notizen deiner Therapeut·innen über dich (2)' });

    expect((await live.closed).code).toBe(4000);
    expect((await exportState(client)).statusCode).toBe(401);

    // No table holds the name, the email, the emergency contact or anything the person wrote (the
    // booking note, the message, the review, the support chat, the room's tab) any more: every
    // row of every table, all its columns as text, so a table added later is walked too. The one
    // documented hold: issued receipts and invoices keep the name printed on them (tax law), and
    // hold nothing else of the person.
    const holding = await tablesHolding([
      'canaryxnine',
      'zebuloniaxnine',
      'note xnine',
      'text xnine',
      'words xnine',
      'tab-xnine',
    ]);
    expect(Object.keys(holding)).toEqual(['issued_documents']);
    expect(await tablesHolding(['note xnine', 'text xnine', 'words xnine', 'tab-xnine'])).toEqual({});

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

    // The review keeps its stars, anonymous and without its words; the room's stays are gone.
    const [review] = await t.deps.db.select().from(reviews).where(eq(reviews.bookingId, past));
    expect(review).toMatchObject({ ratingHalves: 9, comment: null, isAnonymous: true });
    expect(await t.deps.db.select().from(sessionVisits).where(eq(sessionVisits.userId, client.id))).toHaveLength(0);
    expect(await t.deps.db.select().from(sessionOutcomes).where(eq(sessionOutcomes.bookingId, past))).toHaveLength(1);
    // The record the note hangs on stays with the therapist, without an email; the import without notes is gone.
    const records = await t.deps.db
      .select({ providerId: providerClients.providerId, email: providerClients.email })
      .from(providerClients)
      .where(eq(providerClients.userId, client.id));
    expect(records).toEqual(
      expect.arrayContaining([
        { providerId: provider.id, email: null },
        { providerId: noter.id, email: null },
      ]),
    );
    expect(records).toHaveLength(2);
    expect(
      await t.deps.db.select().from(providerClients).where(eq(providerClients.providerId, importer.id)),
    ).toHaveLength(0);
    expect(await t.deps.db.select({ id: notes.id }).from(notes).where(eq(notes.providerId, provider.id))).toHaveLength(
      1,
    );
  });

  it("erases a provider's credentials and their files, keeps their notes on the hold (the operator's deletion)", async () => {
    clock.set('2027-03-01T09:00:00Z');
    const { provider } = await seededProvider('pnine');
    const storage = privateStorageOf(t.deps);
    const keys = [
      ...(await t.deps.db
        .select({ key: qualificationFiles.storageKey })
        .from(qualificationFiles)
        .where(eq(qualificationFiles.providerId, provider.id))),
      ...(await t.deps.db
        .select({ key: indemnityInsurances.storageKey })
        .from(indemnityInsurances)
        // The uploaded policy; the factory's approval also records one with no file behind it.
        .where(
          and(eq(indemnityInsurances.providerId, provider.id), eq(indemnityInsurances.filename, 'policy-pnine.pdf')),
        )),
    ].map((row) => row.key);
    expect(keys).toHaveLength(2);
    const stored = async (key: string) => {
      const file = await storage.get(key);
      file?.body.destroy();
      return file !== null;
    };
    for (const key of keys) expect(await stored(key)).toBe(true);

    // Providers cannot delete themselves (an operator does); the same reactions run.
    const kept = await t.deps.db.transaction((tx) =>
      t.deps.events.accountDeleting(tx, { userId: provider.id, now: clock.now() }),
    );
    expect(kept).toEqual([
      { kind: 'clinicalNotes', count: 1 },
      { kind: 'audit', count: 1 },
    ]);
    for (const key of keys) expect(await stored(key)).toBe(false);
    expect(await t.deps.db.select().from(workHistory).where(eq(workHistory.providerId, provider.id))).toHaveLength(0);
    expect(
      await t.deps.db.select().from(qualificationFiles).where(eq(qualificationFiles.providerId, provider.id)),
    ).toHaveLength(0);
    // The note (encrypted) stays with the record of the booked client it is about; the import without notes went.
    expect(await t.deps.db.select({ id: notes.id }).from(notes).where(eq(notes.providerId, provider.id))).toHaveLength(
      1,
    );
    const records = await t.deps.db
      .select({ email: providerClients.email, source: providerClients.source })
      .from(providerClients)
      .where(eq(providerClients.providerId, provider.id));
    expect(records).toEqual([{ email: null, source: 'booking' }]);
    expect(await tablesHolding(['imported.pnine@', 'Calm Clinic pnine', 'MDCN/pnine', 'policy-pnine'])).toEqual({});
  });
});

/** Every table with a row that holds one of `needles` (case-insensitive), as table → rows. */
async function tablesHolding(needles: string[]): Promise<Record<string, number>> {
  const tables = await rawRows<{ name: string }>(
    t.deps.db,
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  expect(tables.map((table) => table.name)).toEqual(
    expect.arrayContaining(['reviews', 'session_visits', 'provider_clients', 'support_messages', 'notifications']),
  );
  const found: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rawRows<{ hits: number }>(
      t.deps.db,
      sql`SELECT count(*)::int AS hits FROM ${sql.identifier(name)} AS r
           WHERE ${sql.join(
             needles.map((needle) => sql`strpos(lower(r::text), lower(${needle})) > 0`),
             sql` OR `,
           )}`,
    );
    if (row && row.hits > 0) found[name] = row.hits;
  }
  return found;
}
