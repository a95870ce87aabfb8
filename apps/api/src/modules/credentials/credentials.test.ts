import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, createBookingVia, createProvider } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, makeListed, type TestUser, tamperedTail } from '../../../test/factories.ts';
import {
  emails,
  indemnityInsurances,
  providerProfiles,
  qualificationFiles,
  qualifications,
  verificationDecisions,
  workHistory,
} from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { MAX_UPLOAD_BYTES } from '../../platform/uploads/sniff.ts';
import {
  htmlPage,
  htmlPdfPolyglot,
  multipartForm,
  sampleDocx,
  samplePdf,
  samplePng,
  zipBombDocx,
} from '../../platform/uploads/test-files.ts';
import { sendInsuranceReminders } from './reminders.ts';
import { decideVerification, getProviderDossier } from './review.ts';

const clock = fixedClock(new Date());
const day = (offsetDays: number) =>
  new Date(clock.now().getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const dataDir = mkdtempSync(path.join(tmpdir(), 'credentials-test-'));
let t: TestApp;
let provider: TestUser;
let other: TestUser;
let client: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ clock, config: { DATA_DIR: dataDir } });
  provider = await createTestUser(t, { role: 'provider', verificationStatus: 'draft', firstName: 'Ada' });
  other = await createTestUser(t, { role: 'provider', verificationStatus: 'draft' });
  client = await createTestUser(t, { role: 'client' });
  admin = await createTestUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function licenseForm(file: { filename: string; data: Buffer }[] = [{ filename: 'licence.pdf', data: samplePdf() }]) {
  return multipartForm([
    { name: 'type', value: 'license' },
    { name: 'body', value: 'Medical and Dental Council of Nigeria' },
    { name: 'credentialNumber', value: 'MDCN/12-345' },
    ...file.map((item) => ({ name: 'files', ...item })),
  ]);
}

async function upload(
  user: TestUser,
  form: ReturnType<typeof multipartForm>,
  url = '/api/provider/qualification/file/upload',
) {
  return t.app.inject({ method: 'POST', url, headers: { ...user.headers, ...form.headers }, payload: form.payload });
}

async function insuranceFor(user: TestUser, expiresOn = day(365)) {
  const form = multipartForm([
    { name: 'expiresOn', value: expiresOn },
    { name: 'file', filename: 'policy.pdf', data: samplePdf() },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/provider/indemnity-insurance',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
}

async function fileCount(providerId: string) {
  const [row] = await t.deps.db
    .select({ n: count() })
    .from(qualificationFiles)
    .where(eq(qualificationFiles.providerId, providerId));
  return row?.n ?? 0;
}

describe('qualification files', () => {
  it('uploads a licence with two files, lists it with signed links that serve the file privately', async () => {
    const response = await upload(
      provider,
      licenseForm([
        { filename: 'licence.pdf', data: samplePdf() },
        { filename: 'licence-back.docx', data: sampleDocx() },
      ]),
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      type: 'license',
      body: 'Medical and Dental Council of Nigeria',
      credentialNumber: 'MDCN/12-345',
      title: null,
    });
    expect(created.files.map((file: { filename: string }) => file.filename)).toEqual([
      'licence.pdf',
      'licence-back.docx',
    ]);
    expect(response.headers['cache-control']).toBe('no-store');

    const list = await t.app.inject({
      url: '/api/provider/qualification/files?type=license',
      headers: provider.headers,
    });
    expect(list.json().data).toHaveLength(1);

    const file = await t.app.inject({ url: created.files[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="licence.pdf"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(samplePdf())).toBe(true);
  });

  it('shows an image inline, still unsniffable and uncached', async () => {
    const form = multipartForm([
      { name: 'type', value: 'education' },
      { name: 'title', value: 'MSc Clinical Psychology' },
      { name: 'files', filename: 'diploma.png', data: samplePng(), contentType: 'image/png' },
    ]);
    const response = await upload(provider, form);
    expect(response.statusCode, response.body).toBe(201);
    const file = await t.app.inject({ url: response.json().files[0].url });
    expect(file.statusCode, `${response.json().files[0].url} ${file.body}`).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^inline;/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses hostile uploads and stores nothing', async () => {
    const before = await fileCount(provider.id);
    const html = await upload(provider, licenseForm([{ filename: 'licence.pdf', data: htmlPage() }]));
    expect(html.statusCode).toBe(415);
    expect(html.json().code).toBe('UNSUPPORTED_FILE_TYPE');
    const polyglot = await upload(provider, licenseForm([{ filename: 'licence.pdf', data: htmlPdfPolyglot() }]));
    expect(polyglot.statusCode).toBe(415);
    const bomb = await upload(provider, licenseForm([{ filename: 'licence.docx', data: zipBombDocx() }]));
    expect(bomb.statusCode).toBe(415);
    // One good file and one bad one: neither is kept.
    const mixed = await upload(
      provider,
      licenseForm([
        { filename: 'a.pdf', data: samplePdf() },
        { filename: 'b.pdf', data: htmlPage() },
      ]),
    );
    expect(mixed.statusCode).toBe(415);
    const big = await upload(
      provider,
      licenseForm([
        {
          filename: 'big.pdf',
          data: Buffer.concat([samplePdf(), Buffer.alloc(MAX_UPLOAD_BYTES + 1 - samplePdf().length)]),
        },
      ]),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'File too large' });
    const none = await upload(provider, licenseForm([]));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'FILE_REQUIRED', message: 'File is required' });
    const noNumber = await upload(
      provider,
      multipartForm([
        { name: 'type', value: 'license' },
        { name: 'body', value: 'MDCN' },
        { name: 'credentialNumber', value: 'MDCN 12;DROP' },
        { name: 'files', filename: 'x.pdf', data: samplePdf() },
      ]),
    );
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().fieldErrors.credentialNumber).toEqual(['Use letters, digits, dashes and slashes only']);
    expect(await fileCount(provider.id)).toBe(before);
  });

  it('keeps only the last part of a `../` name and gives the file its real extension', async () => {
    const response = await upload(provider, licenseForm([{ filename: '../../etc/passwd', data: samplePdf() }]));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().files[0].filename).toBe('passwd.pdf');
    const [row] = await t.deps.db
      .select()
      .from(qualificationFiles)
      .where(eq(qualificationFiles.id, response.json().files[0].identifier));
    expect(row?.storageKey).toMatch(/^credentials\/qualifications\/[0-9a-f]{32}\.pdf$/);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/provider/qualification/files/${response.json().identifier}`,
      headers: provider.headers,
    });
  });

  it('lets no one else read or change them: another provider 404, a client 403, anonymous 401', async () => {
    const list = (await t.app.inject({ url: '/api/provider/qualification/files', headers: provider.headers })).json()
      .data;
    const id = list[0].identifier;
    for (const [user, status] of [
      [other, 404],
      [client, 403],
      [admin, 403],
    ] as const) {
      expect((await t.app.inject({ url: `/api/provider/qualification/${id}`, headers: user.headers })).statusCode).toBe(
        status,
      );
      expect(
        (
          await t.app.inject({
            method: 'DELETE',
            url: `/api/provider/qualification/files/${id}`,
            headers: user.headers,
          })
        ).statusCode,
      ).toBe(status);
      const form = licenseForm();
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/provider/qualification/files/${id}`,
        headers: { ...user.headers, ...form.headers },
        payload: form.payload,
      });
      expect(put.statusCode).toBe(status);
    }
    expect((await t.app.inject({ url: `/api/provider/qualification/${id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/provider/qualification/files' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/provider/experience', headers: client.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/provider/indemnity-insurance' })).statusCode).toBe(401);
    // The other provider's own list is empty.
    expect(
      (await t.app.inject({ url: '/api/provider/qualification/files', headers: other.headers })).json().data,
    ).toEqual([]);
  });

  it('refuses expired and tampered links', async () => {
    const list = (await t.app.inject({ url: '/api/provider/qualification/files', headers: provider.headers })).json()
      .data;
    const url: string = list[0].files[0].url;
    expect((await t.app.inject({ url: tamperedTail(url) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/files/not-a-token' })).statusCode).toBe(404);
    clock.advance(5 * 60 * 1000 + 1000);
    try {
      expect((await t.app.inject({ url })).statusCode).toBe(404);
    } finally {
      clock.advance(-(5 * 60 * 1000 + 1000));
    }
  });

  it("updates a qualification's details and replaces its files; deleting a file or the qualification", async () => {
    const created = (await upload(provider, licenseForm())).json();
    const form = multipartForm([
      { name: 'credentialNumber', value: 'MDCN/99' },
      { name: 'files', filename: 'renewed.pdf', data: samplePdf() },
    ]);
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/provider/qualification/files/${created.identifier}`,
      headers: { ...provider.headers, ...form.headers },
      payload: form.payload,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      credentialNumber: 'MDCN/99',
      body: 'Medical and Dental Council of Nigeria',
    });
    expect(updated.json().files.map((f: { filename: string }) => f.filename)).toEqual(['renewed.pdf']);
    expect((await t.app.inject({ url: created.files[0].url })).statusCode).toBe(404); // the old file is gone

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/provider/qualification/files/${updated.json().files[0].identifier}`,
      headers: provider.headers,
    });
    expect(removed.json()).toMatchObject({ message: 'File Deleted' });
    // It was the last file: the qualification went with it.
    const [left] = await t.deps.db.select().from(qualifications).where(eq(qualifications.id, created.identifier));
    expect(left).toBeUndefined();
  });
});

describe('work history', () => {
  it('adds, lists, updates and deletes entries; currently works here clears the end date', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/provider/experience',
      headers: provider.headers,
      payload: {
        companyName: 'Lagos Clinic',
        jobTitle: 'Therapist',
        startDate: '2019-04',
        endDate: '2022-06',
        currentlyWorksHere: false,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ startDate: '2019-04', endDate: '2022-06', currentlyWorksHere: false });
    const id = created.json().identifier;

    const current = await t.app.inject({
      method: 'PUT',
      url: `/api/provider/experience/${id}`,
      headers: provider.headers,
      payload: {
        companyName: 'Lagos Clinic',
        jobTitle: 'Lead therapist',
        startDate: '2019-04',
        endDate: '2022-06',
        currentlyWorksHere: true,
      },
    });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json()).toMatchObject({ jobTitle: 'Lead therapist', endDate: null, currentlyWorksHere: true });
    const [row] = await t.deps.db.select().from(workHistory).where(eq(workHistory.id, id));
    expect(row?.endMonth).toBeNull();

    for (const bad of [
      { startDate: '1899-12', endDate: '2000-01' },
      { startDate: '2100-01', currentlyWorksHere: true },
      { startDate: '2019-13', endDate: '2020-01' },
      { startDate: '2020-05', endDate: '2019-01' },
      { startDate: '2020-05' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/provider/experience',
        headers: provider.headers,
        payload: { companyName: 'X Clinic', jobTitle: 'Therapist', currentlyWorksHere: false, ...bad },
      });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await t.app.inject({ url: '/api/provider/experience', headers: provider.headers })).json().data,
    ).toHaveLength(1);

    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/provider/experience/${id}`,
      headers: other.headers,
      payload: { companyName: 'Mine', jobTitle: 'Therapist', startDate: '2019-04', currentlyWorksHere: true },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/provider/experience/${id}`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/provider/experience/${id}`,
      headers: provider.headers,
    });
    expect(deleted.statusCode).toBe(200);
  });
});

describe('submission and review', () => {
  it('refuses a submission while the licence or insurance is missing, naming what is missing', async () => {
    const fresh = await createTestUser(t, { role: 'provider', verificationStatus: 'draft' });
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/provider/verification-submission',
      headers: fresh.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'VERIFICATION_INCOMPLETE',
      message:
        'Your documents cannot be submitted yet. Still missing: a licence with its credential number and a file; an indemnity insurance that has not expired.',
    });
    expect((await upload(fresh, licenseForm())).statusCode).toBe(201);
    const german = await t.app.inject({
      method: 'PUT',
      url: '/api/provider/verification-submission',
      headers: { ...fresh.headers, 'x-language': 'de' },
    });
    expect(german.statusCode).toBe(409);
    expect(german.json().message).toContain('eine nicht abgelaufene Berufshaftpflichtversicherung');
    const [profile] = await t.deps.db.select().from(providerProfiles).where(eq(providerProfiles.userId, fresh.id));
    expect(profile?.verificationStatus).toBe('draft');
  });

  it('refuses an insurance already expired or with a bad date, and accepts one with an expiry', async () => {
    expect((await insuranceFor(provider, day(-1))).statusCode).toBe(400);
    expect((await insuranceFor(provider, '2027-02-30')).statusCode).toBe(400);
    const accepted = await insuranceFor(provider);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ filename: 'policy.pdf', expiresOn: day(365), expired: false });
    expect((await t.app.inject({ url: accepted.json().url })).statusCode).toBe(200);
  });

  it('submits, the admin rejects with a note the provider reads, then approves; the dossier shows it all', async () => {
    await makeListed(t, provider);
    const submitted = await t.app.inject({
      method: 'PUT',
      url: '/api/provider/verification-submission',
      headers: provider.headers,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'submitted', missing: [], listed: false });

    const dossier = await getProviderDossier(t.deps, { providerUserId: provider.id, now: clock.now() });
    expect(dossier.verification).toMatchObject({ status: 'submitted', listed: false, missing: [] });
    expect(dossier.qualifications.length).toBeGreaterThan(0);
    expect(dossier.insurance[0]?.expiresOn).toBe(day(365));
    const link = dossier.qualifications[0]?.files[0]?.url as string;
    expect((await t.app.inject({ url: link })).statusCode).toBe(200);
    await expect(getProviderDossier(t.deps, { providerUserId: client.id, now: clock.now() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    expect(
      await decideVerification(t.deps, {
        adminUserId: admin.id,
        providerUserId: provider.id,
        decision: 'rejected',
        note: 'The licence scan is unreadable.',
      }),
    ).toEqual({ status: 'rejected' });
    const note = await t.app.inject({
      url: '/api/provider/qualification/verification-note',
      headers: provider.headers,
    });
    expect(note.json()).toMatchObject({ status: 'rejected', note: 'The licence scan is unreadable.' });
    const [mail] = await t.deps.db.select().from(emails).where(eq(emails.to, provider.email));
    expect(mail?.subject).toBe('Your documents need changes');
    expect(mail?.text).toContain('The licence scan is unreadable.');
    await expect(
      decideVerification(t.deps, { adminUserId: admin.id, providerUserId: provider.id, decision: 'approved' }),
    ).rejects.toMatchObject({ code: 'VERIFICATION_NOT_SUBMITTED' });

    clock.advance(60_000);
    await t.app.inject({ method: 'PUT', url: '/api/provider/verification-submission', headers: provider.headers });
    expect(
      await decideVerification(t.deps, { adminUserId: admin.id, providerUserId: provider.id, decision: 'approved' }),
    ).toEqual({
      status: 'approved',
    });
    const decisions = await t.deps.db
      .select()
      .from(verificationDecisions)
      .where(eq(verificationDecisions.providerId, provider.id));
    expect(decisions.map((row) => row.decision).sort()).toEqual(['approved', 'rejected']);
    const after = await getProviderDossier(t.deps, { providerUserId: provider.id, now: clock.now() });
    expect(after.verification).toMatchObject({ status: 'approved', listed: true });
    expect(after.decisions[0]).toMatchObject({ decision: 'approved', adminUserId: admin.id });
  });

  it('emails a German provider in German', async () => {
    const german = await createTestUser(t, { role: 'provider', verificationStatus: 'submitted', language: 'de' });
    await decideVerification(t.deps, {
      adminUserId: admin.id,
      providerUserId: german.id,
      decision: 'rejected',
      note: 'Bitte neu scannen.',
    });
    const [mail] = await t.deps.db.select().from(emails).where(eq(emails.to, german.email));
    expect(mail).toMatchObject({ language: 'de', subject: 'Deine Unterlagen brauchen Änderungen' });
  });
});

describe('listing rules', () => {
  it('a change after approval puts the profile under review but keeps it listed; a lapsed insurance hides it from the directory and new bookings', async () => {
    const ids = await catalog(t);
    const therapist = await createProvider(t, { fee: 1_500_000, firstName: 'Bola', lastName: 'Ade' });
    const visitor = await createTestUser(t, { role: 'client' });
    const listed = async () => (await t.app.inject({ url: `/api/providers/${therapist.id}` })).statusCode;
    expect(await listed()).toBe(200);

    expect((await insuranceFor(therapist)).statusCode).toBe(201);
    const [profile] = await t.deps.db.select().from(providerProfiles).where(eq(providerProfiles.userId, therapist.id));
    expect(profile).toMatchObject({ verificationStatus: 'submitted' });
    expect(profile?.approvedAt).not.toBeNull();
    expect(await listed()).toBe(200);
    const booking = await createBookingVia(t, visitor, therapist, ids);

    // The insurance lapses: hidden and not bookable; the existing booking stays.
    await t.deps.db
      .update(indemnityInsurances)
      .set({ expiresOn: day(-1) })
      .where(eq(indemnityInsurances.providerId, therapist.id));
    expect(await listed()).toBe(404);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: visitor.headers,
      payload: {
        providerIdentifier: therapist.id,
        modalityIdentifier: ids.modalityId,
        therapyIdentifier: ids.therapyId,
      },
    });
    expect(refused.statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/booking/${booking.identifier}`, headers: visitor.headers })).statusCode,
    ).toBe(200);
    const note = await t.app.inject({
      url: '/api/provider/qualification/verification-note',
      headers: therapist.headers,
    });
    expect(note.json()).toMatchObject({ listed: false, missing: expect.arrayContaining(['insurance']) });

    // Renewed: listed again.
    expect((await insuranceFor(therapist, day(200))).statusCode).toBe(201);
    expect(await listed()).toBe(200);

    // A rejection of the change hides the provider.
    await decideVerification(t.deps, {
      adminUserId: admin.id,
      providerUserId: therapist.id,
      decision: 'rejected',
      note: 'Expired licence.',
    });
    expect(await listed()).toBe(404);
  });
});

describe('insurance reminders', () => {
  it('sends the 30-day and the 7-day reminder once each, only for the newest insurance', async () => {
    const insured = await createTestUser(t, {
      role: 'provider',
      verificationStatus: 'draft',
      language: 'de',
      firstName: 'Jonas',
    });
    await insuranceFor(insured, day(20));
    const mine = () => t.deps.db.select().from(emails).where(eq(emails.to, insured.email));
    await sendInsuranceReminders(t.deps);
    await sendInsuranceReminders(t.deps);
    expect((await mine()).map((mail) => mail.subject)).toEqual([
      'Deine Berufshaftpflichtversicherung läuft in 20 Tagen ab',
    ]);

    clock.advance(14 * 86_400_000); // 6 days left
    try {
      await sendInsuranceReminders(t.deps);
      await sendInsuranceReminders(t.deps);
      expect((await mine()).map((mail) => mail.subject).sort()).toEqual([
        'Deine Berufshaftpflichtversicherung läuft in 20 Tagen ab',
        'Deine Berufshaftpflichtversicherung läuft in 6 Tagen ab',
      ]);
      // Renewed: no reminder for the old policy any more.
      const renewed = await createTestUser(t, { role: 'provider', verificationStatus: 'draft' });
      await insuranceFor(renewed, day(5));
      await insuranceFor(renewed, day(300));
      await sendInsuranceReminders(t.deps);
      expect(await t.deps.db.select().from(emails).where(eq(emails.to, renewed.email))).toEqual([]);
    } finally {
      clock.advance(-14 * 86_400_000);
    }
  });
});
