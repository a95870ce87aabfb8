import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser, tamperedTail } from '../../../test/factories.ts';
import { noteAccessLog, notes, providerClients } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { privateStorageOf } from '../../platform/uploads/private-storage.ts';
import { sampleDocx, samplePdf } from '../../platform/uploads/test-files.ts';
import { postNote, providerWithClient } from './test-support.ts';

let t: TestApp;
let provider: TestUser;
let client: TestUser;
let bookingId: string;
let stranger: TestUser;
const clock = fixedClock('2027-03-01T09:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ clock });
  ({ provider, client, bookingId } = await providerWithClient(t));
  stranger = await createTestUser(t, { role: 'provider', firstName: 'Other', lastName: 'Therapist' });
});
afterAll(() => t.close());

const logOf = (noteId: string) =>
  t.deps.db
    .select({ action: noteAccessLog.action, actorId: noteAccessLog.actorId })
    .from(noteAccessLog)
    .where(eq(noteAccessLog.noteId, noteId))
    .orderBy(noteAccessLog.id);

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('writing notes', () => {
  it('keeps a typed session note sealed in the database and records its creation', async () => {
    const res = await postNote(t, provider, {
      type: 'booking',
      reference: bookingId,
      title: 'First session',
      content: 'Client reports sleeping better.',
    });
    expect(res.statusCode).toBe(201);
    const note = res.json();
    expect(note).toMatchObject({
      type: 'booking',
      title: 'First session',
      content: 'Client reports sleeping better.',
      reference: bookingId,
      clientIdentifier: client.id,
      booking: { identifier: bookingId, startAt: '2027-02-20T10:00:00.000Z' },
      file: null,
    });
    const [row] = await t.deps.db.select().from(notes).where(eq(notes.id, note.identifier));
    expect(row?.keyId).toBe('app');
    expect(row?.title.includes('First session')).toBe(false);
    expect(row?.content?.includes('sleeping')).toBe(false);
    expect(row?.providerId).toBe(provider.id);
    // The note hangs on the provider's record of the client, made for the booked client.
    const [record] = await t.deps.db
      .select()
      .from(providerClients)
      .where(eq(providerClients.id, row?.providerClientId as string));
    expect(record).toMatchObject({ providerId: provider.id, userId: client.id, source: 'booking', email: null });
    expect(await logOf(note.identifier)).toEqual([{ action: 'create', actorId: provider.id }]);
  });

  it('writes a client note by the client id and a file note with its file encrypted in storage', async () => {
    const typed = await postNote(t, provider, {
      type: 'client',
      reference: client.id,
      title: 'Background',
      content: 'Referred by GP.',
    });
    expect(typed.statusCode).toBe(201);
    expect(typed.json()).toMatchObject({ type: 'client', reference: client.id, booking: null });

    const pdf = samplePdf();
    const withFile = await postNote(
      t,
      provider,
      { type: 'booking', reference: bookingId, title: 'Worksheet' },
      { data: pdf, filename: 'worksheet.pdf' },
    );
    expect(withFile.statusCode).toBe(201);
    const note = withFile.json();
    expect(note.content).toBe('');
    expect(note.file).toEqual({
      filename: 'worksheet.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
      url: null,
    });
    const [row] = await t.deps.db.select().from(notes).where(eq(notes.id, note.identifier));
    expect(row?.fileKey).toMatch(/^notes\/[0-9a-f]{32}\.enc$/);
    const stored = await privateStorageOf(t.deps).get(row?.fileKey as string);
    const bytes = await readAll(stored?.body as NodeJS.ReadableStream);
    expect(bytes.includes('%PDF')).toBe(false);
    expect(bytes.length).toBe(pdf.length + 29);

    // Reading the note gives a link; the link gives the decrypted file; both are recorded.
    const read = await t.app.inject({ method: 'GET', url: `/api/note/${note.identifier}`, headers: provider.headers });
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    const url = read.json().file.url as string;
    expect(url).toMatch(/^\/api\/note\/file\//);
    const download = await t.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect((await logOf(note.identifier)).map((entry) => entry.action)).toEqual(['create', 'read', 'file_download']);
    // A tampered link is nothing.
    expect((await t.app.inject({ method: 'GET', url: tamperedTail(url) })).statusCode).toBe(404);
    // Guessing links is slowed down: 120 a minute from one address, then 429.
    const answers: number[] = [];
    for (let i = 0; i < 120; i += 1) {
      answers.push((await t.app.inject({ method: 'GET', url: `${url.slice(0, -3)}A${i % 10}A` })).statusCode);
    }
    expect(answers.slice(0, 100).every((status) => status === 404)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('takes docx and mp4 only on client notes, and refuses other kinds by content', async () => {
    const docx = await postNote(
      t,
      provider,
      { type: 'client', reference: client.id, title: 'Letter' },
      { data: sampleDocx(), filename: 'letter.docx' },
    );
    expect(docx.statusCode).toBe(201);
    const before = await t.deps.db.$count(notes);
    const sessionDocx = await postNote(
      t,
      provider,
      { type: 'booking', reference: bookingId, title: 'Letter' },
      { data: sampleDocx(), filename: 'letter.docx' },
    );
    expect(sessionDocx.statusCode).toBe(415);
    expect(sessionDocx.json()).toMatchObject({
      code: 'NOTE_FILE_TYPE',
      message: 'This file type is not allowed here. Upload one of: doc, pdf, jpg, jpeg, png, mp3, wav, ogg, csv.',
    });
    const disguised = await postNote(
      t,
      provider,
      { type: 'client', reference: client.id, title: 'Page' },
      { data: Buffer.from('<!doctype html><script>alert(1)</script>'), filename: 'notes.pdf' },
    );
    expect(disguised.statusCode).toBe(415);
    expect(await t.deps.db.$count(notes)).toBe(before);
  });

  it("answers SPEC's words for bad input and writes nothing", async () => {
    const before = await t.deps.db.$count(notes);
    const short = await postNote(t, provider, { type: 'booking', reference: bookingId, title: 'ab', content: 'x' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toEqual({ title: ['Title must be at least 3 characters'] });
    const long = await postNote(t, provider, {
      type: 'client',
      reference: client.id,
      title: 'x'.repeat(33),
      content: 'y'.repeat(4001),
    });
    expect(long.json().fieldErrors).toEqual({
      title: ['Title must not exceed 32 characters'],
      content: ['Note must not exceed 4000 characters'],
    });
    const empty = await postNote(t, provider, { type: 'booking', reference: bookingId, title: 'Session' });
    expect(empty.json().fieldErrors).toEqual({ content: ['Write the note'] });
    const noClient = await postNote(t, provider, { type: 'client', reference: '', title: 'Background', content: 'x' });
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json().message).toBe('Client ID is missing');
    const german = await t.app.inject({
      ...(await (async () => {
        const { multipartForm } = await import('../../platform/uploads/test-files.ts');
        const form = multipartForm([
          { name: 'type', value: 'client' },
          { name: 'reference', value: client.id },
          { name: 'title', value: 'ab' },
          { name: 'content', value: 'x' },
        ]);
        return { payload: form.payload, headers: { ...provider.headers, ...form.headers, 'x-language': 'de' } };
      })()),
      method: 'POST',
      url: '/api/note',
    });
    expect(german.json().message).toBe('Der Titel muss mindestens 3 Zeichen lang sein');
    expect(await t.deps.db.$count(notes)).toBe(before);
  });
});

describe('who may see a note', () => {
  let noteId: string;
  beforeAll(async () => {
    const res = await postNote(t, provider, {
      type: 'client',
      reference: client.id,
      title: 'Private',
      content: 'Only mine.',
    });
    noteId = res.json().identifier;
  });

  it('is 404 for another provider on every verb, 403 for the client, 401 for no one, and changes nothing', async () => {
    for (const request of [
      { method: 'GET' as const, url: `/api/note/${noteId}` },
      { method: 'PUT' as const, url: `/api/note/${noteId}`, payload: { title: 'Stolen', content: 'x' } },
      { method: 'DELETE' as const, url: `/api/note/${noteId}` },
      { method: 'GET' as const, url: `/api/note/client/${client.id}` },
      { method: 'GET' as const, url: `/api/note/booking/${bookingId}` },
      { method: 'GET' as const, url: `/api/client/profile/${client.id}` },
      { method: 'GET' as const, url: `/api/clients/relation/${client.id}` },
    ]) {
      expect((await t.app.inject({ ...request, headers: stranger.headers })).statusCode, request.url).toBe(404);
      expect((await t.app.inject({ ...request, headers: client.headers })).statusCode, request.url).toBe(403);
      expect((await t.app.inject(request)).statusCode, request.url).toBe(401);
    }
    const writes = [
      await postNote(t, stranger, { type: 'booking', reference: bookingId, title: 'Intrude', content: 'x' }),
      await postNote(t, stranger, { type: 'client', reference: client.id, title: 'Intrude', content: 'x' }),
    ];
    expect(writes.map((res) => res.statusCode)).toEqual([404, 404]);
    const [row] = await t.deps.db.select({ id: notes.id }).from(notes).where(eq(notes.id, noteId));
    expect(row).toBeDefined();
    const actors = new Set((await logOf(noteId)).map((entry) => entry.actorId));
    expect(actors).toEqual(new Set([provider.id]));
    expect(await t.deps.db.$count(notes, eq(notes.providerId, stranger.id))).toBe(0);
  });

  it('records one access row per note read, listed, updated and deleted', async () => {
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/note/client/${client.id}?type=client`,
      headers: provider.headers,
    });
    expect(listed.statusCode).toBe(200);
    const ids = listed.json().data.map((note: { identifier: string }) => note.identifier);
    expect(ids).toContain(noteId);
    const rows = await t.deps.db
      .select({ noteId: noteAccessLog.noteId })
      .from(noteAccessLog)
      .where(and(eq(noteAccessLog.action, 'list'), eq(noteAccessLog.actorId, provider.id)));
    expect(rows.filter((row) => row.noteId === noteId)).toHaveLength(1);
    expect(new Set(rows.map((row) => row.noteId))).toEqual(new Set(ids));

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/note/${noteId}`,
      headers: provider.headers,
      payload: { title: 'Private 2', content: 'Still mine.' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ title: 'Private 2', content: 'Still mine.' });
    const emptied = await t.app.inject({
      method: 'PUT',
      url: `/api/note/${noteId}`,
      headers: provider.headers,
      payload: { title: 'Private 2', content: '' },
    });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().fieldErrors).toEqual({ content: ['Write the note'] });

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/note/${noteId}`, headers: provider.headers });
    expect(deleted.json()).toEqual({ message: 'Client Note Deleted', identifier: noteId });
    expect(await t.deps.db.$count(notes, eq(notes.id, noteId))).toBe(0);
    expect((await logOf(noteId)).map((entry) => entry.action)).toEqual(['create', 'list', 'update', 'delete']);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/note/${noteId}`, headers: provider.headers })).statusCode,
    ).toBe(404);
  });

  it('keeps the access log append-only, even against TRUNCATE', async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.deps.db.execute(statement).then(
        () => 'done',
        (error: Error & { cause?: Error }) => (error.cause ?? error).message,
      );
    expect(await refusal(sql`UPDATE note_access_log SET action = 'read'`)).toBe('note_access_log is append-only');
    expect(await refusal(sql`DELETE FROM note_access_log`)).toBe('note_access_log is append-only');
    expect(await refusal(sql`TRUNCATE note_access_log`)).toBe('note_access_log is append-only');
    expect(await t.deps.db.$count(noteAccessLog)).toBeGreaterThan(0);
  });
});

describe('session notes and the client notes page', () => {
  it('lists a session’s notes and moves a session note to another session of the provider', async () => {
    const second = await providerWithClient(t);
    const created = await postNote(t, second.provider, {
      type: 'booking',
      reference: second.bookingId,
      title: 'Intake',
      content: 'Goals agreed.',
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/note/booking/${second.bookingId}`,
      headers: second.provider.headers,
    });
    expect(list.json().data.map((note: { title: string }) => note.title)).toEqual(['Intake']);
    // Someone else's booking as the new session: 404, nothing moved.
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/note/${created.json().identifier}`,
      headers: second.provider.headers,
      payload: { title: 'Intake', content: 'Goals agreed.', id: bookingId },
    });
    expect(moved.statusCode).toBe(404);
  });

  it('filters by kind, title and the provider’s days, and pages', async () => {
    const { provider: p, client: c, bookingId: b } = await providerWithClient(t, { provider: 'Filter' });
    const titles = ['Alpha plan', 'Beta review', 'alpha check', 'Gamma'];
    for (const [index, title] of titles.entries()) {
      const res = await postNote(t, p, {
        type: index % 2 === 0 ? 'booking' : 'client',
        reference: index % 2 === 0 ? b : c.id,
        title,
        content: 'x',
      });
      expect(res.statusCode).toBe(201);
      // Written on 1-4 March, 10:00 in Lagos (the provider's zone, UTC+1).
      await t.deps.db
        .update(notes)
        .set({ createdAt: new Date(`2027-03-0${index + 1}T09:00:00Z`) })
        .where(eq(notes.id, res.json().identifier));
    }
    const get = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/note/client/${c.id}?${query}`, headers: p.headers })).json();
    expect((await get('')).data.map((n: { title: string }) => n.title)).toEqual([
      'Gamma',
      'alpha check',
      'Beta review',
      'Alpha plan',
    ]);
    expect((await get('type=booking')).data.map((n: { title: string }) => n.title)).toEqual([
      'alpha check',
      'Alpha plan',
    ]);
    expect((await get('title=ALPHA')).data.map((n: { title: string }) => n.title)).toEqual([
      'alpha check',
      'Alpha plan',
    ]);
    expect((await get('fromDate=2027-03-02&toDate=2027-03-03')).data.map((n: { title: string }) => n.title)).toEqual([
      'alpha check',
      'Beta review',
    ]);
    const page2 = await get('perPage=3&page=2');
    expect(page2.meta).toEqual({ page: 2, perPage: 3, total: 4, totalPages: 2 });
    expect(page2.data.map((n: { title: string }) => n.title)).toEqual(['Alpha plan']);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/note/client/${c.id}?fromDate=2027-02-30`,
      headers: p.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
