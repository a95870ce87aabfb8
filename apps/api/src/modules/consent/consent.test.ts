import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Catalog, catalog, createProvider } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser } from '../../../test/factories.ts';
import { testDriver } from '../../../test/test-database.ts';
import {
  consentDocuments,
  consentRequests,
  consentSignatures,
  emails,
  notifications,
  users,
} from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { settleAfterAnswerWork } from '../auth/mail-safely.ts';
import { pdfText } from '../documents/test-support.ts';
import { deliverBookingNotifications } from '../notifications/booking-emails.ts';
import { CONSENT_TEXT, paidSession, sign, writeConsent } from './test-support.ts';

const clock = fixedClock('2027-03-01T09:00:00Z');
let t: TestApp;
let ids: Catalog;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  ids = await catalog(t);
});
afterAll(() => t.close());

const sha256 = (text: string) => createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');
const signaturesOf = (clientId: string) =>
  t.deps.db.select().from(consentSignatures).where(eq(consentSignatures.clientId, clientId));

describe('a provider writes a versioned consent', () => {
  it('saves each change as a new version, keeps the old ones, and answers the same version for the same words', async () => {
    const provider = await createProvider(t);
    expect(await writeConsent(t, provider)).toBe(1);
    // Windows line ends and surrounding spaces are the same words.
    expect(await writeConsent(t, provider, `  ${CONSENT_TEXT.replace(/\n/g, '\r\n')}  `)).toBe(1);
    expect(await writeConsent(t, provider, `${CONSENT_TEXT}\n\nFees are due when you book.`)).toBe(2);
    const rows = await t.deps.db
      .select()
      .from(consentDocuments)
      .where(eq(consentDocuments.providerId, provider.id))
      .orderBy(consentDocuments.version);
    expect(rows.map((row) => [row.version, row.sha256])).toEqual([
      [1, sha256(CONSENT_TEXT)],
      [2, sha256(`${CONSENT_TEXT}\n\nFees are due when you book.`)],
    ]);
    const own = await t.app.inject({ url: '/api/consent/documents', headers: provider.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ required: true, versions: [{ version: 2, signatures: 0 }, { version: 1 }] });
    expect(own.json().versions[1].body).toBe(CONSENT_TEXT);
  });

  it('refuses empty or short words with translated field errors and saves nothing', async () => {
    const provider = await createProvider(t);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/consent/documents',
      headers: provider.headers,
      payload: { body: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ body: ['Write your consent and practice policy'] });
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/consent/documents',
      headers: { ...provider.headers, 'x-language': 'de' },
      payload: { body: 'Zu kurz' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors.body).toHaveLength(1);
    expect(short.json().fieldErrors.body[0]).toMatch(/20/);
    expect(await t.deps.db.$count(consentDocuments, eq(consentDocuments.providerId, provider.id))).toBe(0);
  });

  it('is for providers only: a client is refused 403, an anonymous caller 401', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const asClient = await t.app.inject({
      method: 'POST',
      url: '/api/consent/documents',
      headers: client.headers,
      payload: { body: CONSENT_TEXT },
    });
    expect(asClient.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/consent/documents',
      payload: { body: CONSENT_TEXT },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a client signs before the first session', () => {
  it('shows the current version, refuses bad input in the reader language, and records the signature once', async () => {
    const session = await paidSession(t, ids, {
      date: '2027-03-02',
      client: { firstName: 'Chiamaka', lastName: "O'Neil-Adébáyọ̀" },
    });
    const version = await writeConsent(t, session.provider);
    const read = await t.app.inject({
      url: `/api/booking/${session.bookingId}/consent`,
      headers: session.client.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      party: 'client',
      required: true,
      provider: { identifier: session.provider.id },
      client: { identifier: session.client.id, name: "Chiamaka O'Neil-Adébáyọ̀" },
      document: { version, body: CONSENT_TEXT, sha256: sha256(CONSENT_TEXT) },
      signature: null,
    });

    const blank = await sign(t, session.client, session.bookingId, { version, signedName: '  ', agreed: false });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual({
      signedName: ['Type your full name to sign'],
      agreed: ['Tick the box to confirm that you agree'],
    });
    const german = await sign(
      t,
      session.client,
      session.bookingId,
      { version, signedName: '', agreed: true },
      { 'x-language': 'de' },
    );
    expect(german.json().fieldErrors).toEqual({ signedName: ['Tippe zum Unterschreiben deinen vollständigen Namen'] });
    const stale = await sign(t, session.client, session.bookingId, {
      version: version + 1,
      signedName: 'A',
      agreed: true,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONSENT_VERSION_OUTDATED');
    expect(await signaturesOf(session.client.id)).toEqual([]);

    const signed = await sign(
      t,
      session.client,
      session.bookingId,
      { version, signedName: "  Chiamaka O'Neil-Adébáyọ̀ ", agreed: true },
      { 'user-agent': 'Mozilla/5.0 (Test)' },
    );
    expect(signed.statusCode, signed.body).toBe(201);
    expect(signed.json()).toMatchObject({
      version,
      signedName: "Chiamaka O'Neil-Adébáyọ̀",
      sha256: sha256(CONSENT_TEXT),
    });
    const again = await sign(t, session.client, session.bookingId, {
      version,
      signedName: 'Someone Else',
      agreed: true,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().identifier).toBe(signed.json().identifier);
    const rows = await signaturesOf(session.client.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      providerId: session.provider.id,
      signedName: "Chiamaka O'Neil-Adébáyọ̀",
      signedAt: clock.now(),
      ip: '127.0.0.1',
      userAgent: 'Mozilla/5.0 (Test)',
      sha256: sha256(CONSENT_TEXT),
    });
    // The digest is of the exact stored bytes of the version signed.
    const [document] = await t.deps.db
      .select()
      .from(consentDocuments)
      .where(eq(consentDocuments.id, rows[0]?.documentId as string));
    expect(
      createHash('sha256')
        .update(Buffer.from(document?.body ?? '', 'utf8'))
        .digest('hex'),
    ).toBe(rows[0]?.sha256);

    // A new version needs a new signature; the old one stays.
    const v2 = await writeConsent(t, session.provider, `${CONSENT_TEXT}\n\nNew fees.`);
    const after = (
      await t.app.inject({ url: `/api/booking/${session.bookingId}/consent`, headers: session.client.headers })
    ).json();
    expect(after).toMatchObject({ document: { version: v2 }, signature: null });
    expect(await signaturesOf(session.client.id)).toHaveLength(1);
  });

  it('takes names in any script, and lists the pending consent until it is signed', async () => {
    const session = await paidSession(t, ids, { date: '2027-03-03', client: { firstName: '李', lastName: '小龍' } });
    const version = await writeConsent(t, session.provider);
    const pending = await t.app.inject({ url: '/api/consent/pending', headers: session.client.headers });
    expect(pending.json()).toEqual({
      data: [
        {
          bookingIdentifier: session.bookingId,
          provider: { identifier: session.provider.id, name: 'Test User' },
          version,
          required: true,
          startAt: session.startAt.toISOString(),
        },
      ],
    });
    expect(
      (await sign(t, session.client, session.bookingId, { version, signedName: '李小龍', agreed: true })).statusCode,
    ).toBe(201);
    expect((await signaturesOf(session.client.id))[0]?.signedName).toBe('李小龍');
    expect((await t.app.inject({ url: '/api/consent/pending', headers: session.client.headers })).json()).toEqual({
      data: [],
    });
  });

  it('answers 404 to anyone but the two parties, and 403 to the provider signing for the client', async () => {
    const session = await paidSession(t, ids, { date: '2027-03-04' });
    const version = await writeConsent(t, session.provider);
    const stranger = await createTestUser(t, { role: 'client' });
    const otherProvider = await createProvider(t);
    const admin = await createTestUser(t, { role: 'admin' });
    for (const user of [stranger, otherProvider, admin]) {
      const read = await t.app.inject({ url: `/api/booking/${session.bookingId}/consent`, headers: user.headers });
      expect(read.statusCode).toBe(404);
    }
    expect((await sign(t, stranger, session.bookingId, { version, signedName: 'Nope', agreed: true })).statusCode).toBe(
      404,
    );
    const asProvider = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${session.bookingId}/consent`,
      headers: session.provider.headers,
      payload: { version, signedName: 'Nope', agreed: true },
    });
    expect(asProvider.statusCode).toBe(403);
    const signed = await sign(t, session.client, session.bookingId, {
      version,
      signedName: 'Jürgen Müller-Lüdenscheidt',
      agreed: true,
    });
    const pdfUrl = `/api/consent/signatures/${signed.json().identifier}/pdf`;
    for (const user of [stranger, otherProvider, admin]) {
      expect((await t.app.inject({ url: pdfUrl, headers: user.headers })).statusCode).toBe(404);
    }
    expect(
      (await t.app.inject({ url: `/api/consent/clients/${session.client.id}`, headers: otherProvider.headers }))
        .statusCode,
    ).toBe(404);
    expect(await signaturesOf(session.client.id)).toHaveLength(1);
  });

  it('gives both parties the signed copy as PDF, in the reader language and zone, never cached', async () => {
    const session = await paidSession(t, ids, {
      date: '2027-03-05',
      client: { firstName: 'Jürgen', lastName: 'Müller-Lüdenscheidt', timezone: 'Europe/Berlin' },
    });
    const version = await writeConsent(t, session.provider);
    const signed = await sign(t, session.client, session.bookingId, {
      version,
      signedName: 'Jürgen Müller-Lüdenscheidt',
      agreed: true,
    });
    const url = `/api/consent/signatures/${signed.json().identifier}/pdf`;
    const asClient = await t.app.inject({ url, headers: { ...session.client.headers, 'x-language': 'de' } });
    expect(asClient.statusCode).toBe(200);
    expect(asClient.headers['content-type']).toBe('application/pdf');
    expect(asClient.headers['cache-control']).toBe('private, no-store');
    const german = await pdfText(asClient.rawPayload);
    expect(german).toContain('Einwilligung zur Online-Therapie');
    expect(german).toContain('Jürgen Müller-Lüdenscheidt');
    expect(german.replace(/ /g, '')).toContain(sha256(CONSENT_TEXT));
    expect(german).toContain('127.0.0.1');
    expect(german).toContain('Sessions take place by video.');
    // 09:00Z is 10:00 in Berlin, written the German way.
    expect(german).toContain('1. März 2027 um 10:00');
    const asProvider = await t.app.inject({ url, headers: session.provider.headers });
    expect(asProvider.statusCode).toBe(200);
    const english = await pdfText(asProvider.rawPayload);
    expect(english).toContain('Telehealth consent');
    expect(english).toContain('1 March 2027 at 10:00 (Africa/Lagos)');
    const state = await t.app.inject({
      url: `/api/consent/clients/${session.client.id}`,
      headers: session.provider.headers,
    });
    expect(state.json()).toMatchObject({ currentVersion: version, signedCurrent: true, signatures: [{ version }] });
  });

  it('prints names and words in every script in the signed copy, read back from the PDF', async () => {
    const provider = await createProvider(t, { firstName: 'Ελένη', lastName: 'Παπαδοπούλου-Groß' });
    const session = await paidSession(t, ids, {
      date: '2027-03-12',
      provider,
      client: { firstName: '李小龍', lastName: "Ọ̀kọ́ O'Neil" },
    });
    const text = `${CONSENT_TEXT}\n\n远程治疗知情同意书：视频会谈。Ọ̀kọ́ ni Ελένη.`;
    const version = await writeConsent(t, session.provider, text);
    const signed = await sign(t, session.client, session.bookingId, {
      version,
      signedName: "李小龍 Ọ̀kọ́ O'Neil",
      agreed: true,
    });
    const url = `/api/consent/signatures/${signed.json().identifier}/pdf`;
    const answer = await t.app.inject({ url, headers: session.client.headers });
    expect(answer.statusCode).toBe(200);
    const printed = (await pdfText(answer.rawPayload)).normalize('NFC');
    expect(printed).toContain("李小龍 Ọ̀kọ́ O'Neil".normalize('NFC'));
    expect(printed).toContain('Ελένη Παπαδοπούλου-Groß');
    expect(printed).toContain('远程治疗知情同意书：视频会谈。');
    expect(printed).toContain('Ọ̀kọ́ ni Ελένη.'.normalize('NFC'));
  });

  it('prints Korean, Arabic, Hindi, Thai and Hebrew names, right-to-left ones in reading order', async () => {
    const provider = await createProvider(t, { firstName: 'שרה', lastName: 'כהן' });
    const session = await paidSession(t, ids, {
      date: '2027-03-15',
      provider,
      client: { firstName: 'محمد', lastName: 'بن سلمان' },
    });
    const text = `${CONSENT_TEXT}\n\nClient: שרה כהן, room 12; 김민준, आरव शर्मा, สมชาย.`;
    const version = await writeConsent(t, session.provider, text);
    const signed = await sign(t, session.client, session.bookingId, {
      version,
      signedName: 'محمد بن سلمان',
      agreed: true,
    });
    const url = `/api/consent/signatures/${signed.json().identifier}/pdf`;
    const answer = await t.app.inject({ url, headers: session.client.headers });
    expect(answer.statusCode).toBe(200);
    const printed = await pdfText(answer.rawPayload);
    // The PDF holds glyphs in the order they are drawn, left to right; the text reader puts a
    // right-to-left stretch back into reading order. So a name reads back as typed only when its
    // words were drawn right to left: drawn in typing order (as pdfkit alone does, word by word)
    // it would read back "כהן שרה". A glyph missing from the fonts would read back as another letter.
    expect(printed).toContain('محمد بن سلمان');
    expect(printed).toContain('שרה כהן');
    // A Hebrew name inside an English line: the line reads left to right, the name right to left
    // (the reader takes a piece of text mostly in Hebrew for a right-to-left line, so this line has
    // more Latin than Hebrew). Devanagari draws the र् of शर्मा (the reph) above the last letter of its syllable, so the text
    // in drawing order carries it after मा.
    expect(printed).toContain('Client: שרה כהן, room 12; 김민준, आरव शमार्, สมชาย.');
  });

  it('refuses the signature, its PDF and the client state in view mode (403)', async () => {
    const session = await paidSession(t, ids, { date: '2027-03-08' });
    const version = await writeConsent(t, session.provider);
    const signed = await sign(t, session.client, session.bookingId, { version, signedName: 'Ada Obi', agreed: true });
    const admin = await createTestUser(t, { role: 'admin' });
    for (const user of [session.client, session.provider]) {
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/admin/view-mode',
        headers: admin.headers,
        payload: { userIdentifier: user.id },
      });
      expect(started.statusCode, started.body).toBe(201);
      const headers = { authorization: `Bearer ${started.json().token}`, 'x-view-mode': '1' };
      for (const url of [
        `/api/consent/signatures/${signed.json().identifier}/pdf`,
        `/api/booking/${session.bookingId}/consent`,
        ...(user === session.provider ? [`/api/consent/clients/${session.client.id}`] : []),
      ]) {
        const response = await t.app.inject({ url, headers });
        expect(response.statusCode, url).toBe(403);
        expect(response.json().code).toBe('VIEW_MODE_OWNER_ONLY');
      }
    }
  });
});

describe('asking the client to sign', () => {
  it('tells a client whose session is confirmed, once per version, in the app and by email in their language', async () => {
    const provider = await createProvider(t, { fee: 500_000 });
    await writeConsent(t, provider);
    const session = await paidSession(t, ids, { date: '2027-03-09', provider, client: { language: 'de' } });
    await deliverBookingNotifications(t.deps);
    await settleAfterAnswerWork();
    const told = await t.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, session.client.id), eq(notifications.kind, 'consent.required')));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ subjectId: session.bookingId, actorId: provider.id });
    const [client] = await t.deps.db.select().from(users).where(eq(users.id, session.client.id));
    const mail = await t.deps.db
      .select()
      .from(emails)
      .where(eq(emails.to, client?.email ?? ''));
    const consentMail = mail.filter((row) => row.template === 'consent.required');
    expect(consentMail).toHaveLength(1);
    expect(consentMail[0]?.subject).toBe('Bitte unterschreibe die Einwilligung von Test User');
    expect(consentMail[0]?.text).toContain(`/de/appointments/${session.bookingId}/consent/`);
    // A second run (the job) asks nothing more.
    await deliverBookingNotifications(t.deps);
    expect(await t.deps.db.$count(consentRequests, eq(consentRequests.clientId, session.client.id))).toBe(1);
  });
});

describe('data export and erasure', () => {
  it('exports the signature to the client and the versions to the provider; erasure keeps it without name, IP or browser', async () => {
    const session = await paidSession(t, ids, {
      date: '2027-03-10',
      client: { firstName: 'Siobhán', lastName: "D'Arcy" },
    });
    const version = await writeConsent(t, session.provider);
    await sign(t, session.client, session.bookingId, { version, signedName: "Siobhán D'Arcy", agreed: true });
    const now = clock.now();
    const exported = await t.deps.db.transaction((tx) =>
      t.deps.events.collectPersonalData(tx, { userId: session.client.id, role: 'client', now }),
    );
    expect(exported.consent).toMatchObject({
      signatures: [{ providerId: session.provider.id, version, signedName: "Siobhán D'Arcy", ip: '127.0.0.1' }],
    });
    const providerExport = await t.deps.db.transaction((tx) =>
      t.deps.events.collectPersonalData(tx, { userId: session.provider.id, role: 'provider', now }),
    );
    expect(providerExport.consent).toMatchObject({
      versions: [{ version, text: CONSENT_TEXT }],
      signaturesReceived: [{ clientId: session.client.id, version }],
    });

    const kept = await t.deps.db.transaction((tx) =>
      t.deps.events.accountDeleting(tx, { userId: session.client.id, now }),
    );
    expect(kept).toContainEqual({ kind: 'consentSignatures', count: 1 });
    const [row] = await signaturesOf(session.client.id);
    expect(row).toMatchObject({ signedName: '', ip: null, userAgent: null, sha256: sha256(CONSENT_TEXT) });
  });
});

describe.runIf(testDriver === 'pg')('signing twice at once', () => {
  it('records one signature and answers it to both', async () => {
    const session = await paidSession(t, ids, { date: '2027-03-11' });
    const version = await writeConsent(t, session.provider);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        sign(t, session.client, session.bookingId, { version, signedName: 'Ada Obi', agreed: true }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json().identifier)).size).toBe(1);
    expect(await signaturesOf(session.client.id)).toHaveLength(1);
  });
});
