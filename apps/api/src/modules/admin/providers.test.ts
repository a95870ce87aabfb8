import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, makeListed, type TestUser } from '../../../test/factories.ts';
import { auditLog, emails, providerProfiles, verificationDecisions } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { multipartForm, samplePdf } from '../../platform/uploads/test-files.ts';

const clock = fixedClock(new Date());
const inAYear = new Date(clock.now().getTime() + 365 * 86_400_000).toISOString().slice(0, 10);
const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-providers-test-'));
let t: TestApp;
let admin: TestUser;
let client: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ clock, config: { DATA_DIR: dataDir } });
  admin = await createTestUser(t, { role: 'admin' });
  client = await createTestUser(t, { role: 'client' });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function send(user: TestUser, form: ReturnType<typeof multipartForm>, url: string) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** A provider who uploaded a licence and an insurance and submitted them, through the API. */
async function submittedProvider(options: { firstName?: string; language?: 'en' | 'de' } = {}): Promise<TestUser> {
  const provider = await createTestUser(t, { role: 'provider', verificationStatus: 'draft', ...options });
  await send(
    provider,
    multipartForm([
      { name: 'type', value: 'license' },
      { name: 'body', value: 'Medical and Dental Council of Nigeria' },
      { name: 'credentialNumber', value: 'MDCN/12-345' },
      { name: 'files', filename: 'licence.pdf', data: samplePdf() },
    ]),
    '/api/provider/qualification/file/upload',
  );
  await send(
    provider,
    multipartForm([
      { name: 'expiresOn', value: inAYear },
      { name: 'file', filename: 'policy.pdf', data: samplePdf() },
    ]),
    '/api/provider/indemnity-insurance',
  );
  await makeListed(t, provider);
  const submitted = await t.app.inject({
    method: 'PUT',
    url: '/api/provider/verification-submission',
    headers: provider.headers,
  });
  expect(submitted.json().status).toBe('submitted');
  return provider;
}

const auditRowsFor = (targetId: string, action: string) =>
  t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), eq(auditLog.action, action)));

describe('the review queue', () => {
  it('lists submitted providers oldest first, searchable by name or email', async () => {
    const first = await submittedProvider({ firstName: 'Queuefirst' });
    clock.advance?.(1000);
    const second = await submittedProvider({ firstName: 'Queuesecond' });
    const response = await t.app.inject({ url: '/api/admin/providers?perPage=100', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const ids = response.json().data.map((row: { identifier: string }) => row.identifier);
    expect(ids).toContain(first.id);
    expect(ids).toContain(second.id);
    expect(response.json().data.every((row: { status: string }) => row.status === 'submitted')).toBe(true);

    const searched = await t.app.inject({
      url: '/api/admin/providers?searchQuery=queuesecond',
      headers: admin.headers,
    });
    expect(searched.json().data.map((row: { identifier: string }) => row.identifier)).toEqual([second.id]);
    expect(searched.json().meta).toEqual({ page: 1, perPage: 20, total: 1, totalPages: 1 });

    const byEmail = await t.app.inject({
      url: `/api/admin/providers?searchQuery=${encodeURIComponent(first.email.slice(0, 14))}`,
      headers: admin.headers,
    });
    expect(byEmail.json().data.map((row: { identifier: string }) => row.identifier)).toContain(first.id);
  });

  it('takes LIKE wildcards in a search literally', async () => {
    const response = await t.app.inject({ url: '/api/admin/providers?searchQuery=%25', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([]);
  });

  it('refuses other roles (403) and anonymous callers (401)', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    for (const [headers, status] of [
      [client.headers, 403],
      [provider.headers, 403],
      [{}, 401],
    ] as const) {
      const response = await t.app.inject({ url: '/api/admin/providers', headers });
      expect(response.statusCode).toBe(status);
    }
  });
});

describe('the dossier', () => {
  it('answers the documents with signed links an admin can open, and the account state', async () => {
    const provider = await submittedProvider();
    const response = await t.app.inject({ url: `/api/admin/providers/${provider.id}`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const dossier = response.json();
    expect(dossier.verification).toMatchObject({ status: 'submitted', listed: false, missing: [] });
    expect(dossier.suspended).toBe(false);
    const file = dossier.qualifications[0].files[0];
    expect(file.filename).toBe('licence.pdf');
    const opened = await t.app.inject({ url: file.url });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toContain('application/pdf');
    expect(dossier.insurance[0].expiresOn).toBe(inAYear);
  });

  it('answers 404 for a client, an unknown id, and 400 for a malformed one', async () => {
    expect((await t.app.inject({ url: `/api/admin/providers/${client.id}`, headers: admin.headers })).statusCode).toBe(
      404,
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ url: `/api/admin/providers/${unknown}`, headers: admin.headers })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: '/api/admin/providers/nope', headers: admin.headers })).statusCode).toBe(400);
  });
});

describe('decisions', () => {
  it('approves: the provider is listed and bookable, emailed, and exactly one audit row is written', async () => {
    const provider = await submittedProvider({ firstName: 'Approvable' });
    expect((await t.app.inject({ url: `/api/providers/${provider.id}` })).statusCode).toBe(404);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/providers/${provider.id}/approve`,
      headers: { ...admin.headers, 'x-language': 'de' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'approved', message: 'Anbieter:in freigegeben' });

    const [profile] = await t.deps.db.select().from(providerProfiles).where(eq(providerProfiles.userId, provider.id));
    expect(profile?.verificationStatus).toBe('approved');
    expect(profile?.approvedAt).not.toBeNull();
    expect((await t.app.inject({ url: `/api/providers/${provider.id}` })).statusCode).toBe(200);

    const rows = await auditRowsFor(provider.id, 'provider.approve');
    expect(rows).toHaveLength(1);
    const [decision] = await t.deps.db
      .select()
      .from(verificationDecisions)
      .where(eq(verificationDecisions.providerId, provider.id));
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      actorRole: 'admin',
      targetType: 'user',
      detail: { decisionId: decision?.id },
    });
    const mail = await t.deps.db.select().from(emails).where(eq(emails.to, provider.email));
    expect(mail.map((row) => row.template)).toContain('credentials.approved');

    // Deciding again: not submitted any more, nothing more recorded.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/providers/${provider.id}/approve`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('VERIFICATION_NOT_SUBMITTED');
    expect(await auditRowsFor(provider.id, 'provider.approve')).toHaveLength(1);
  });

  it('rejects with a note the provider reads at verification-note and in the email', async () => {
    const provider = await submittedProvider({ language: 'de' });
    const note = 'The licence scan is unreadable; please upload a clearer copy.';
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/providers/${provider.id}/reject`,
      headers: admin.headers,
      payload: { note },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('rejected');

    const seen = await t.app.inject({
      url: '/api/provider/qualification/verification-note',
      headers: provider.headers,
    });
    expect(seen.json()).toMatchObject({ status: 'rejected', note, listed: false });
    const [mail] = await t.deps.db.select().from(emails).where(eq(emails.to, provider.email));
    expect(mail?.template).toBe('credentials.rejected');
    expect(mail?.text).toContain(note);
    expect(mail?.language).toBe('de');
    expect(await auditRowsFor(provider.id, 'provider.reject')).toHaveLength(1);
  });

  it('refuses a rejection without a note (400, translated) and changes nothing', async () => {
    const provider = await submittedProvider();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/providers/${provider.id}/reject`,
      headers: admin.headers,
      payload: { note: ' a ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.note[0]).toMatch(/3/);
    const [profile] = await t.deps.db.select().from(providerProfiles).where(eq(providerProfiles.userId, provider.id));
    expect(profile?.verificationStatus).toBe('submitted');
    expect(await auditRowsFor(provider.id, 'provider.reject')).toHaveLength(0);
  });

  it("leaves the audit row of a decision beyond the application's reach: no update, no delete", async () => {
    const provider = await submittedProvider();
    await t.app.inject({ method: 'POST', url: `/api/admin/providers/${provider.id}/approve`, headers: admin.headers });
    const [row] = await auditRowsFor(provider.id, 'provider.approve');
    if (!row) throw new Error('no audit row');
    await expect(
      t.deps.db.update(auditLog).set({ action: 'provider.reject' }).where(eq(auditLog.id, row.id)),
    ).rejects.toThrow();
    await expect(t.deps.db.delete(auditLog).where(eq(auditLog.id, row.id))).rejects.toThrow();
    await expect(t.deps.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    expect(await auditRowsFor(provider.id, 'provider.approve')).toEqual([row]);
  });
});
