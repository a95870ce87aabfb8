import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnswerWork, buildTracedTestApp, type TracedTestApp } from '../../../test/answer-work.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { bookings, emails, notifications, providerClients } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { multipartForm } from '../../platform/uploads/test-files.ts';
import { settleAfterAnswerWork } from '../auth/mail-safely.ts';

let t: TracedTestApp;
let provider: TestUser;

beforeAll(async () => {
  t = await buildTracedTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') });
  provider = await createTestUser(t, { role: 'provider', firstName: 'Zoë', lastName: "O'Neil-Okafor" });
});
afterAll(() => t.close());

const importOne = (user: TestUser, email: string, allowInvite = true) =>
  t.app.inject({
    method: 'POST',
    url: '/api/clients/import',
    headers: user.headers,
    payload: { clients: [{ firstName: 'Same', lastName: 'Person', email }], allowInvite },
  });

const csvImport = (user: TestUser, email: string, dryRun: boolean) => {
  const form = multipartForm([
    { name: 'dryRun', value: String(dryRun) },
    { name: 'allowInvite', value: 'true' },
    {
      name: 'file',
      filename: 'clients.csv',
      data: Buffer.from(`first name,last name,email\nSame,Person,${email}\n`),
      contentType: 'text/csv',
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/clients/import/csv',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
};

const listRow = async (user: TestUser, email: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/clients?search=${encodeURIComponent(email)}`,
    headers: user.headers,
  });
  return res.json().data[0];
};

/** The same text with the address and the record id (which must differ) put to placeholders. */
const neutral = (text: string, email: string, ids: string[] = []) =>
  ids.reduce((out, id) => out.replaceAll(id, '<id>'), text.replaceAll(email, '<email>'));

describe('who may reach out to clients', () => {
  it('refuses a provider who is not approved: import, CSV import, messages and booking for a client', async () => {
    const draft = await createTestUser(t, { role: 'provider', verificationStatus: 'draft' });
    const client = await createTestUser(t, { role: 'client' });
    const before = await t.deps.db.$count(providerClients);
    const manual = await importOne(draft, client.email);
    expect(manual.statusCode).toBe(403);
    expect(manual.json()).toMatchObject({
      code: 'PROVIDER_NOT_APPROVED',
      message: 'Your profile must be approved before you can import, message or book for clients.',
    });
    const csv = await csvImport(draft, client.email, false);
    expect(csv.statusCode).toBe(403);
    const german = await t.app.inject({
      method: 'POST',
      url: '/api/messages/conversations',
      headers: { ...draft.headers, 'x-language': 'de' },
      payload: { userIdentifier: client.id },
    });
    expect(german.statusCode).toBe(403);
    expect(german.json().message).toBe(
      'Dein Profil muss freigegeben sein, bevor du Klient:innen importieren, ihnen schreiben oder für sie buchen kannst.',
    );
    const appointment = await t.app.inject({
      method: 'POST',
      url: '/api/appointment',
      headers: draft.headers,
      payload: {
        clientIdentifier: client.id,
        timeslotIdentifier: 'x',
        modalityIdentifier: client.id,
        therapyIdentifier: client.id,
      },
    });
    expect(appointment.json().code).toBe('PROVIDER_NOT_APPROVED');
    expect(await t.deps.db.$count(providerClients)).toBe(before);
  });
});

describe('an import never tells whether an address has an account', () => {
  it('answers, lists and reports a registered and an unregistered address byte for byte alike', async () => {
    const registered = await createTestUser(t, {
      role: 'client',
      email: 'has-account@example.test',
      firstName: 'Real',
      lastName: 'Name',
    });
    const unknown = 'no-account@example.test';

    const a = await importOne(provider, registered.email);
    const b = await importOne(provider, unknown);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const idA = a.json().results[0].identifier as string;
    const idB = b.json().results[0].identifier as string;
    expect(idA).not.toBe(registered.id);
    expect(neutral(a.body, registered.email, [idA])).toBe(neutral(b.body, unknown, [idB]));
    expect(a.json().results[0].outcome).toBe('invited');

    const rowA = await listRow(provider, registered.email);
    const rowB = await listRow(provider, unknown);
    expect(rowA).toMatchObject({ hasAccount: false, deleted: false, firstName: 'Same', photoUrl: null });
    expect(neutral(JSON.stringify(rowA), registered.email, [idA])).toBe(neutral(JSON.stringify(rowB), unknown, [idB]));
    for (const url of ['/api/client/profile/', '/api/clients/relation/']) {
      const pa = await t.app.inject({ method: 'GET', url: url + idA, headers: provider.headers });
      const pb = await t.app.inject({ method: 'GET', url: url + idB, headers: provider.headers });
      expect(neutral(pa.body, registered.email, [idA])).toBe(neutral(pb.body, unknown, [idB]));
      expect(pa.body).not.toContain(registered.id);
    }

    // The CSV report, dry run and commit, reads the same too.
    const other = await createTestUser(t, { role: 'client', email: 'csv-account@example.test' });
    const unknownCsv = 'csv-nobody@example.test';
    for (const dryRun of [true, false]) {
      const ra = await csvImport(provider, other.email, dryRun);
      const rb = await csvImport(provider, unknownCsv, dryRun);
      expect(ra.statusCode).toBe(200);
      expect(neutral(ra.body, other.email)).toBe(neutral(rb.body, unknownCsv));
    }
    await settleAfterAnswerWork();

    // Behind the answer: the account is the invitee (told in the app and by email), not the client.
    const [record] = await t.deps.db.select().from(providerClients).where(eq(providerClients.id, idA));
    expect(record).toMatchObject({ userId: null, inviteeId: registered.id });
    const told = await t.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, registered.id), eq(notifications.kind, 'client.invited')));
    expect(told).toHaveLength(1);
    const [mail] = await t.deps.db.select().from(emails).where(eq(emails.to, registered.email));
    expect(mail).toMatchObject({ template: 'clients.invitation' });
    expect(mail?.text).toContain('Hello Real,');
    const [signup] = await t.deps.db.select().from(emails).where(eq(emails.to, unknown));
    expect(signup).toMatchObject({ template: 'clients.invite' });
  });

  it('does the same work before answering for a registered and an unregistered address', async () => {
    const importer = await createTestUser(t, { role: 'provider' });
    const known: TestUser[] = [];
    for (let i = 0; i < 4; i += 1)
      known.push(await createTestUser(t, { role: 'client', email: `timed-${i}@example.test` }));
    const works: { registered: boolean; work: AnswerWork }[] = [];
    // In turns whose order alternates, each with a fresh address of each kind.
    for (const [i, account] of known.entries()) {
      const pair = [
        { registered: true, email: account.email },
        { registered: false, email: `timed-unknown-${i}@example.test` },
      ];
      for (const { registered, email } of i % 2 ? pair.reverse() : pair) {
        const work = await t.answerWork(() => importOne(importer, email));
        expect(work.response.statusCode).toBe(200);
        works.push({ registered, work });
      }
    }
    const [first] = works as [(typeof works)[number]];
    // The same statements before the answer (the duplicate check finds neither address), so
    // nothing there can take longer for an account; finding the account is the work after it.
    for (const { work } of works) expect(work.before).toEqual(first.work.before);
    expect(first.work.before.length).toBeGreaterThan(0);
    for (const { registered, work } of works) {
      expect(work.after.some((statement) => statement.includes('FROM users u'))).toBe(true);
      expect(work.after.some((statement) => statement.startsWith('insert into "notifications"'))).toBe(registered);
    }
  });
});

describe('the client answers the invitation from inside their account', () => {
  it('lists it with the provider’s name; accepting makes them the provider’s client', async () => {
    const client = await createTestUser(t, { role: 'client', email: 'accepts@example.test', language: 'de' });
    const imported = await importOne(provider, client.email);
    const recordId = imported.json().results[0].identifier as string;
    await settleAfterAnswerWork();
    const list = await t.app.inject({ method: 'GET', url: '/api/client/invitations', headers: client.headers });
    expect(list.json()).toEqual({
      data: [
        {
          identifier: recordId,
          provider: {
            identifier: provider.id,
            firstName: 'Zoë',
            lastName: "O'Neil-Okafor",
            title: null,
            photoUrl: null,
          },
          invitedAt: '2027-03-01T09:00:00.000Z',
        },
      ],
    });
    // Another client, the provider, or a made-up id: not found.
    const someone = await createTestUser(t, { role: 'client' });
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/client/invitations/${recordId}/accept`,
      headers: someone.headers,
    });
    expect(wrong.statusCode).toBe(404);
    const asProvider = await t.app.inject({
      method: 'POST',
      url: `/api/client/invitations/${recordId}/accept`,
      headers: provider.headers,
    });
    expect(asProvider.statusCode).toBe(403);

    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/client/invitations/${recordId}/accept`,
      headers: { ...client.headers, 'x-language': 'de' },
    });
    expect(accepted.json()).toEqual({ decision: 'accept', message: 'Einladung angenommen' });
    const [record] = await t.deps.db.select().from(providerClients).where(eq(providerClients.id, recordId));
    expect(record).toMatchObject({ userId: client.id, inviteeId: null, acceptedAt: new Date('2027-03-01T09:00:00Z') });
    expect(await listRow(provider, client.email)).toMatchObject({ identifier: client.id, hasAccount: true });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/client/invitations/${recordId}/accept`,
      headers: client.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/client/invitations', headers: client.headers })).json(),
    ).toEqual({ data: [] });
  });

  it('declining leaves the provider with only what they typed, and tells them nothing', async () => {
    const client = await createTestUser(t, { role: 'client', email: 'declines@example.test' });
    const recordId = (await importOne(provider, client.email)).json().results[0].identifier as string;
    await settleAfterAnswerWork();
    const before = JSON.stringify(await listRow(provider, client.email));
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/client/invitations/${recordId}/decline`,
      headers: client.headers,
    });
    expect(declined.json()).toEqual({ decision: 'decline', message: 'Invitation declined' });
    expect(JSON.stringify(await listRow(provider, client.email))).toBe(before);
    const [record] = await t.deps.db.select().from(providerClients).where(eq(providerClients.id, recordId));
    expect(record).toMatchObject({ userId: null, declinedAt: new Date('2027-03-01T09:00:00Z') });
    const open = await t.app.inject({
      method: 'POST',
      url: '/api/messages/conversations',
      headers: provider.headers,
      payload: { userIdentifier: client.id },
    });
    expect(open.statusCode).toBe(403);
  });

  it('booking the provider themselves makes the relation active', async () => {
    const client = await createTestUser(t, { role: 'client', email: 'books@example.test' });
    const recordId = (await importOne(provider, client.email, false)).json().results[0].identifier as string;
    await settleAfterAnswerWork();
    await t.deps.db.insert(bookings).values({
      clientId: client.id,
      providerId: provider.id,
      status: 'pending',
      startsAt: new Date('2027-03-10T10:00:00Z'),
      endsAt: new Date('2027-03-10T11:00:00Z'),
    });
    const [record] = await t.deps.db.select().from(providerClients).where(eq(providerClients.id, recordId));
    expect(record).toMatchObject({ userId: client.id, inviteeId: null });
    expect(await listRow(provider, client.email)).toMatchObject({
      identifier: client.id,
      hasAccount: true,
      booked: true,
    });
  });
});

describe('the invitation allowance of the rate-limit table', () => {
  it('invites at most clientInvitesPerProvider in its window and imports the rest uninvited', async () => {
    const clock = fixedClock('2027-03-01T09:00:00Z');
    const small = await buildTestApp({
      clock,
      config: { ACCESS_TOKEN_TTL: 3600, rateLimits: { clientInvitesPerProvider: { max: 2, windowSeconds: 600 } } },
    });
    try {
      const therapist = await createTestUser(small, { role: 'provider', firstName: 'Renée', lastName: "D'Arcy" });
      const importMany = (emails: string[]) =>
        small.app.inject({
          method: 'POST',
          url: '/api/clients/import',
          headers: therapist.headers,
          payload: {
            clients: emails.map((email) => ({ firstName: 'Chiamaka', lastName: 'Ọbi-Jones', email })),
            allowInvite: true,
          },
        });
      const first = await importMany(['a1@example.test', 'a2@example.test', 'a3@example.test']);
      expect(first.json()).toMatchObject({ imported: 3, invited: 2 });
      expect((await importMany(['a4@example.test'])).json()).toMatchObject({ imported: 1, invited: 0 });
      clock.advance(601_000);
      expect((await importMany(['a5@example.test'])).json()).toMatchObject({ imported: 1, invited: 1 });
      await settleAfterAnswerWork();
    } finally {
      await small.close();
    }
  });
});
