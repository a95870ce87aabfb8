import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { bookings, emails, providerClients, users } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { multipartForm } from '../../platform/uploads/test-files.ts';
import { settleAfterAnswerWork } from '../auth/mail-safely.ts';

let t: TestApp;
let provider: TestUser;
let booked: TestUser;
let stranger: TestUser;
let kemi: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') });
  provider = await createTestUser(t, { role: 'provider', firstName: 'Bola', lastName: 'Therapist' });
  booked = await createTestUser(t, { role: 'client', firstName: 'Ada', lastName: 'Booked' });
  stranger = await createTestUser(t, { role: 'provider', firstName: 'Other', lastName: 'Therapist' });
  await t.deps.db.insert(bookings).values([
    {
      clientId: booked.id,
      providerId: provider.id,
      status: 'completed',
      startsAt: new Date('2027-02-01T10:00:00Z'),
      endsAt: new Date('2027-02-01T11:00:00Z'),
    },
    {
      clientId: booked.id,
      providerId: provider.id,
      status: 'confirmed',
      startsAt: new Date('2027-03-05T10:00:00Z'),
      endsAt: new Date('2027-03-05T11:00:00Z'),
    },
  ]);
});
afterAll(() => t.close());

const importVia = (user: TestUser, payload: object, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/clients/import',
    headers: { ...user.headers, 'x-language': language },
    payload,
  });

const outbox = (to: string) => t.deps.db.select().from(emails).where(eq(emails.to, to));

describe('importing by email / manual entry', () => {
  it('records what was typed, never links an account by itself, and invites in the recipient’s language', async () => {
    kemi = await createTestUser(t, {
      role: 'client',
      email: 'kemi@example.test',
      firstName: 'Kemi',
      lastName: 'Account',
      language: 'de',
    });
    const existing = kemi;
    const usersBefore = await t.deps.db.$count(users);
    const res = await importVia(provider, {
      clients: [
        { firstName: 'Kemi', lastName: 'Import', email: 'Kemi@Example.test' },
        { firstName: 'Nadia', lastName: 'New', email: 'nadia@example.test', language: 'de' },
        { firstName: 'Ada', lastName: 'Booked', email: booked.email },
      ],
      allowInvite: true,
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ imported: 2, invited: 2, message: 'Client imported and invitation sent' });
    expect(answer.results).toEqual([
      { email: 'kemi@example.test', outcome: 'invited', identifier: expect.any(String) },
      { email: 'nadia@example.test', outcome: 'invited', identifier: expect.any(String) },
      { email: booked.email, outcome: 'duplicate', identifier: null },
    ]);
    await settleAfterAnswerWork();
    expect(await t.deps.db.$count(users)).toBe(usersBefore);
    const records = await t.deps.db.select().from(providerClients).where(eq(providerClients.providerId, provider.id));
    expect(records.map((row) => [row.email, row.userId, row.inviteeId, row.source]).sort()).toEqual(
      [
        ['kemi@example.test', null, existing.id, 'manual'],
        ['nadia@example.test', null, null, 'manual'],
      ].sort(),
    );
    // Kemi's account speaks German: her invitation to accept is German, as is Nadia's sign-up
    // invitation (asked for at import).
    const [kemiMail] = await outbox('kemi@example.test');
    expect(kemiMail).toMatchObject({
      language: 'de',
      template: 'clients.invitation',
      subject: 'Bola Therapist lädt dich ein, Klient:in zu werden',
    });
    expect(kemiMail?.text).toContain('/de/client-invitations/');
    const [nadiaMail] = await outbox('nadia@example.test');
    expect(nadiaMail).toMatchObject({ language: 'de', template: 'clients.invite' });
    expect(nadiaMail?.text).toContain('/de/signup/');
    expect(await outbox(booked.email.toLowerCase())).toEqual([]);

    // Importing them again changes nothing and sends nothing.
    const again = await importVia(provider, {
      clients: [{ firstName: 'Nadia', lastName: 'New', email: 'nadia@example.test' }],
      allowInvite: true,
    });
    expect(again.json()).toMatchObject({ imported: 0, invited: 0, results: [{ outcome: 'duplicate' }] });
    expect(await outbox('nadia@example.test')).toHaveLength(1);
  });

  it('refuses bad names and emails with the field messages, writing nothing', async () => {
    const before = await t.deps.db.$count(providerClients);
    const res = await importVia(provider, {
      clients: [{ firstName: '1Bad', lastName: '', email: 'not-an-email' }],
      allowInvite: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      'clients.0.email': ['Enter a valid email address'],
      'clients.0.lastName': ['This field is required'],
    });
    const none = await importVia(provider, { clients: [], allowInvite: false });
    expect(none.json().message).toBe('Add at least one client');
    expect(await t.deps.db.$count(providerClients)).toBe(before);
    expect((await importVia(booked, { clients: [], allowInvite: false })).statusCode).toBe(403);
  });

  it('makes a later sign-up the invitee once its email is verified, never the client', async () => {
    await importVia(provider, {
      clients: [{ firstName: 'Later', lastName: 'Person', email: 'later@example.test' }],
      allowInvite: false,
    });
    const [user] = await t.deps.db
      .insert(users)
      .values({ email: 'Later@example.test', role: 'client', firstName: 'Late', lastName: 'Comer' })
      .returning({ id: users.id });
    const linked = async () =>
      (
        await t.deps.db
          .select({ userId: providerClients.userId, inviteeId: providerClients.inviteeId })
          .from(providerClients)
          .where(and(eq(providerClients.providerId, provider.id), eq(providerClients.email, 'later@example.test')))
      )[0];
    expect(await linked()).toEqual({ userId: null, inviteeId: null });
    await t.deps.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, user?.id as string));
    expect(await linked()).toEqual({ userId: null, inviteeId: user?.id });
  });
});

describe('the client list, profile and relation', () => {
  it('lists booked and imported clients by name with keyset paging, search and sessions', async () => {
    const page = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/clients?${query}`, headers: provider.headers })).json();
    const all = await page('perPage=50');
    const names = all.data.map((row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const ada = all.data.find((row: { identifier: string }) => row.identifier === booked.id);
    expect(ada).toMatchObject({
      booked: true,
      imported: false,
      hasAccount: true,
      lastSessionAt: '2027-02-01T10:00:00.000Z',
      nextSessionAt: '2027-03-05T10:00:00.000Z',
    });
    const nadia = all.data.find((row: { email: string }) => row.email === 'nadia@example.test');
    expect(nadia).toMatchObject({ hasAccount: false, imported: true, booked: false, lastSessionAt: null });

    const seen: string[] = [];
    let cursor = '';
    do {
      const next = await page(`perPage=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...next.data.map((row: { identifier: string }) => row.identifier));
      cursor = next.nextCursor ?? '';
    } while (cursor);
    expect(seen).toEqual(all.data.map((row: { identifier: string }) => row.identifier));

    expect((await page('search=nad')).data.map((row: { email: string }) => row.email)).toEqual(['nadia@example.test']);
    expect((await page('search=%25')).data).toEqual([]);
    expect((await page('source=imported')).data.every((row: { imported: boolean }) => row.imported)).toBe(true);
    const other = await t.app.inject({ method: 'GET', url: '/api/clients', headers: stranger.headers });
    expect(other.json()).toEqual({ data: [], nextCursor: null });
  });

  it('shows an import-only client what the provider entered, and a booked one their account details', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/clients?search=nadia', headers: provider.headers });
    const nadiaId = list.json().data[0].identifier;
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/client/profile/${nadiaId}`,
      headers: provider.headers,
    });
    expect(profile.json()).toEqual({
      identifier: nadiaId,
      hasAccount: false,
      deleted: false,
      firstName: 'Nadia',
      lastName: 'New',
      email: 'nadia@example.test',
      phoneNumber: null,
      photoUrl: null,
      timezone: null,
      countryCode: null,
    });
    const relation = await t.app.inject({
      method: 'GET',
      url: `/api/clients/relation/${nadiaId}`,
      headers: provider.headers,
    });
    expect(relation.json()).toMatchObject({
      booked: false,
      imported: true,
      invitedAt: '2027-03-01T09:00:00.000Z',
      userIdentifier: null,
      canMessage: false,
      canBook: false,
      sessionsCount: 0,
    });
    const sessions = await t.app.inject({
      method: 'GET',
      url: `/api/appointment/client/${nadiaId}`,
      headers: provider.headers,
    });
    expect(sessions.json().meta.total).toBe(0);

    const adaProfile = await t.app.inject({
      method: 'GET',
      url: `/api/client/profile/${booked.id}`,
      headers: provider.headers,
    });
    expect(adaProfile.json()).toMatchObject({
      hasAccount: true,
      firstName: 'Ada',
      email: booked.email,
      timezone: 'Africa/Lagos',
      countryCode: 'NG',
    });
    const adaRelation = await t.app.inject({
      method: 'GET',
      url: `/api/clients/relation/${booked.id}`,
      headers: provider.headers,
    });
    expect(adaRelation.json()).toMatchObject({ booked: true, sessionsCount: 2, canMessage: true, canBook: true });
    for (const url of [
      `/api/client/profile/${nadiaId}`,
      `/api/clients/relation/${nadiaId}`,
      `/api/appointment/client/${nadiaId}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: stranger.headers })).statusCode).toBe(404);
    }
  });

  it('lets an imported client and their provider message each other once the client accepted', async () => {
    const [session] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, 'kemi@example.test'));
    const tryOpen = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/messages/conversations',
        headers: provider.headers,
        payload: { userIdentifier: session?.id },
      });
    expect((await tryOpen()).statusCode).toBe(403);
    const [record] = await t.deps.db
      .select({ id: providerClients.id })
      .from(providerClients)
      .where(eq(providerClients.email, 'kemi@example.test'));
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/client/invitations/${record?.id}/accept`,
      headers: kemi.headers,
    });
    expect(accepted.statusCode).toBe(200);
    const open = await t.app.inject({
      method: 'POST',
      url: '/api/messages/conversations',
      headers: provider.headers,
      payload: { userIdentifier: session?.id },
    });
    expect(open.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/messages/conversations',
      headers: stranger.headers,
      payload: { userIdentifier: session?.id },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('exports the list as CSV with formula-looking cells neutralized', async () => {
    await t.deps.db.insert(providerClients).values({
      providerId: provider.id,
      email: '+sum@example.test',
      firstName: '=HYPERLINK("http://evil")',
      lastName: '@Cmd',
      source: 'manual',
      importedAt: new Date(),
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/clients/export', headers: provider.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body.replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[0]).toBe(
      'First name,Last name,Email,Has an account,Booked you,Imported,Last session,Next session',
    );
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")",'@Cmd,'+sum@example.test,no,no,yes,,`);
    expect(text).not.toMatch(/(^|,)[=+@-]/m);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/clients/export', headers: booked.headers })).statusCode,
    ).toBe(403);
  });
});

describe('CSV import', () => {
  const csvPost = (user: TestUser, csv: string | Buffer, fields: Record<string, string> = {}) => {
    const form = multipartForm([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      {
        name: 'file',
        filename: 'clients.csv',
        data: Buffer.isBuffer(csv) ? csv : Buffer.from(csv),
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
  let p: TestUser;
  beforeAll(async () => {
    p = await createTestUser(t, { role: 'provider', firstName: 'Csv', lastName: 'Provider' });
    await t.deps.db.insert(providerClients).values({
      providerId: p.id,
      email: 'existing@example.test',
      firstName: 'Existing',
      lastName: 'Client',
      source: 'manual',
      importedAt: new Date(),
    });
  });

  const FILE = [
    '\uFEFFVorname;Nachname;E-Mail;Notiz',
    'Jürgen;Müller;jm@example.test;"Hallo; Welt"',
    'Ann;"Lee Jr";ann@example.test;"tea, not coffee"',
    '1Bad;Name;broken;x',
    'Dup;Row;JM@example.test;x',
    'Old;Client;existing@example.test;x',
    '',
    'Zoe;Last;zoe@example.test;x',
  ].join('\r\n');

  it('reports each row in a dry run (ok, invalid with reasons, duplicates) and writes nothing', async () => {
    const res = await csvPost(p, FILE, { dryRun: 'true' });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({
      dryRun: true,
      delimiter: ';',
      headers: ['Vorname', 'Nachname', 'E-Mail', 'Notiz'],
      mapping: { firstName: 'Vorname', lastName: 'Nachname', email: 'E-Mail' },
      missing: [],
      counts: { total: 6, ok: 3, invalid: 1, duplicate: 2, imported: 0, invited: 0 },
      message: '3 ready to import, 1 invalid, 2 duplicates',
    });
    expect(
      report.rows.map((row: { line: number; status: string; reasons: string[] }) => [
        row.line,
        row.status,
        row.reasons,
      ]),
    ).toEqual([
      [2, 'ok', []],
      [3, 'ok', []],
      [
        4,
        'invalid',
        [
          'First name: Must start with a letter and contain only letters, spaces, hyphens and apostrophes',
          'Email: Enter a valid email address',
        ],
      ],
      [5, 'duplicate', ['Same email as line 2']],
      [6, 'duplicate', ['Already one of your clients']],
      [8, 'ok', []],
    ]);
    expect(report.rows[1]).toMatchObject({ firstName: 'Ann', lastName: 'Lee Jr', email: 'ann@example.test' });
    expect(await t.deps.db.$count(providerClients, eq(providerClients.providerId, p.id))).toBe(1);
  });

  it('commits the valid rows in one go, and again is all duplicates', async () => {
    const res = await csvPost(p, FILE, { dryRun: 'false' });
    expect(res.json().counts).toEqual({ total: 6, ok: 0, invalid: 1, duplicate: 2, imported: 3, invited: 0 });
    expect(
      res
        .json()
        .rows.filter((row: { status: string }) => row.status === 'imported')
        .map((row: { email: string }) => row.email),
    ).toEqual(['jm@example.test', 'ann@example.test', 'zoe@example.test']);
    const stored = await t.deps.db
      .select({
        email: providerClients.email,
        first: providerClients.firstName,
        last: providerClients.lastName,
        source: providerClients.source,
      })
      .from(providerClients)
      .where(and(eq(providerClients.providerId, p.id), eq(providerClients.source, 'csv')));
    expect(stored).toHaveLength(3);
    expect(stored).toContainEqual({ email: 'jm@example.test', first: 'Jürgen', last: 'Müller', source: 'csv' });
    const again = await csvPost(p, FILE, { dryRun: 'false' });
    expect(again.json().counts).toMatchObject({ ok: 0, duplicate: 5, imported: 0 });
  });

  it('leaves nothing half-imported when the commit fails midway', async () => {
    const q = await createTestUser(t, { role: 'provider' });
    // A fault in the middle of the statement: the third row's insert fails.
    await t.deps.db.execute(sql`CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.email = 'c3@example.test' THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$`);
    await t.deps.db.execute(
      sql`CREATE TRIGGER boom BEFORE INSERT ON provider_clients FOR EACH ROW EXECUTE FUNCTION boom()`,
    );
    try {
      const rows = Array.from({ length: 5 }, (_, i) => `C${'abcde'[i]},Person,c${i + 1}@example.test`);
      const res = await csvPost(q, ['first name,last name,email', ...rows].join('\n'), {
        dryRun: 'false',
        allowInvite: 'true',
      });
      expect(res.statusCode).toBe(500);
      expect(await t.deps.db.$count(providerClients, eq(providerClients.providerId, q.id))).toBe(0);
      expect(await outbox('c1@example.test')).toEqual([]);
    } finally {
      await t.deps.db.execute(sql`DROP TRIGGER boom ON provider_clients`);
      await t.deps.db.execute(sql`DROP FUNCTION boom()`);
    }
  });

  it('maps headers by choice, splits a full name, and asks for a mapping when none fits', async () => {
    const q = await createTestUser(t, { role: 'provider' });
    const unknown = await csvPost(q, 'Client,Contact\nMary Jane Watson,mj@example.test\n');
    expect(unknown.json()).toMatchObject({
      missing: ['firstName', 'lastName', 'email'],
      rows: [],
      counts: { total: 1 },
    });
    const incomplete = await csvPost(q, 'Client,Contact\nMary Jane Watson,mj@example.test\n', { dryRun: 'false' });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().code).toBe('CSV_MAPPING_INCOMPLETE');
    const commas = await csvPost(q, 'First Name,Surname,Email,Notes\nAnn,Lee,ann@example.test,"tea, not coffee"\n');
    expect(commas.json()).toMatchObject({
      delimiter: ',',
      counts: { ok: 1 },
      rows: [{ firstName: 'Ann', lastName: 'Lee' }],
    });
    const mapped = await csvPost(q, 'Client,Contact\nMary Jane Watson,mj@example.test\n', {
      mapping: JSON.stringify({ fullName: 'Client', email: 'Contact' }),
    });
    expect(mapped.json().rows[0]).toMatchObject({
      status: 'ok',
      firstName: 'Mary Jane',
      lastName: 'Watson',
      email: 'mj@example.test',
    });
    // "Last, First" (as lists sort people) is split at the comma, as it is meant.
    const sorted = await csvPost(q, 'Name;Email\nMüller, Hans;hm@example.test\n"O\'Brien, Jean-Luc";jl@example.test\n');
    expect(sorted.json().rows).toMatchObject([
      { status: 'ok', firstName: 'Hans', lastName: 'Müller', email: 'hm@example.test' },
      { status: 'ok', firstName: 'Jean-Luc', lastName: "O'Brien", email: 'jl@example.test' },
    ]);
  });

  it('refuses unreadable, oversized and non-CSV files with clear messages', async () => {
    const q = await createTestUser(t, { role: 'provider' });
    const quotes = await csvPost(q, 'a,b,email\n"unterminated,x,y@example.test\n');
    expect(quotes.statusCode).toBe(400);
    expect(quotes.json().code).toBe('CSV_UNREADABLE');
    const many = ['first name,last name,email', ...Array.from({ length: 5001 }, (_, i) => `A,B,a${i}@x.test`)].join(
      '\n',
    );
    const tooMany = await csvPost(q, many);
    expect(tooMany.json()).toMatchObject({
      code: 'CSV_TOO_MANY_ROWS',
      message: 'A file may hold at most 5000 clients. Split it into smaller files.',
    });
    const exactly = ['first name,last name,email', ...Array.from({ length: 5000 }, (_, i) => `A,B,a${i}@x.test`)].join(
      '\n',
    );
    expect((await csvPost(q, exactly)).json().counts.ok).toBe(5000);
    const binary = await csvPost(q, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    expect(binary.statusCode).toBe(415);
    expect(await t.deps.db.$count(providerClients, eq(providerClients.providerId, q.id))).toBe(0);
  });
});
