import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/build-test-app.ts';
import { openTestDatabase } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { notes } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { createLogger } from '../../platform/logger.ts';
import { createMailer } from '../../platform/mailer.ts';
import { rawRows } from '../../platform/prepared.ts';
import { privateStorageOf } from '../../platform/uploads/private-storage.ts';
import { samplePdf } from '../../platform/uploads/test-files.ts';
import { buildKeyring, noteAad, seal, unseal } from './crypto.ts';
import { reencryptNotes } from './reencrypt-notes.ts';
import { postNote, providerWithClient } from './test-support.ts';

const key = () => randomBytes(32).toString('base64');
const OLD = key();
const NEW = key();

/** An app on `database` with this configuration and a logger that keeps every line at trace level. */
async function appWith(database: Database, config: Partial<Config>, lines: string[]) {
  // The process's own logger (its redaction and request serializer), writing to memory.
  const log = createLogger(
    'trace',
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  const clock = fixedClock('2027-03-01T09:00:00Z');
  const full = testConfig(config);
  const app = await buildApp(
    {
      config: full,
      database,
      db: database.db,
      clock,
      mailer: createMailer(database.db, { from: full.MAIL_FROM }),
      log,
    },
    { loggerInstance: log },
  );
  await app.ready();
  return { app, deps: app.deps, database, close: () => app.close() };
}

describe('note encryption', () => {
  it('authenticates: a value opens only under its key, for its note and field', () => {
    const ring = buildKeyring({ APP_SECRET: 'x'.repeat(40), NOTES_ENCRYPTION_KEYS: `k1:${OLD}` });
    expect(ring.currentId).toBe('k1');
    const sealed = seal(ring, 'k1', 'hello', noteAad('n1', 'title'));
    expect(unseal(ring, 'k1', sealed, noteAad('n1', 'title')).toString()).toBe('hello');
    expect(() => unseal(ring, 'k1', sealed, noteAad('n2', 'title'))).toThrow(/authenticate/);
    expect(() => unseal(ring, 'k1', sealed, noteAad('n1', 'content'))).toThrow(/authenticate/);
    expect(() => unseal(ring, 'app', sealed, noteAad('n1', 'title'))).toThrow(/authenticate/);
    const flipped = Buffer.from(sealed);
    flipped[flipped.length - 1] = (flipped.at(-1) ?? 0) ^ 1;
    expect(() => unseal(ring, 'k1', flipped, noteAad('n1', 'title'))).toThrow(/authenticate/);
    expect(() => unseal(ring, 'k9', sealed, noteAad('n1', 'title'))).toThrow(/no note key/);
    // Two seals of one text differ (random IV).
    expect(seal(ring, 'k1', 'hello', noteAad('n1', 'title')).equals(sealed)).toBe(false);
  });
});

describe('a canary note', () => {
  let database: Database;
  const lines: string[] = [];
  const CANARY = `Canary${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('leaves no plaintext in any table, in storage or in the logs, and rotates to a new key', async () => {
    const first = await appWith(
      database,
      { NOTES_ENCRYPTION_KEYS: `old:${OLD}`, NOTES_ENCRYPTION_KEY_ID: 'old' },
      lines,
    );
    const { provider, client, bookingId } = await providerWithClient(first);
    const pdf = Buffer.concat([samplePdf().subarray(0, -6), Buffer.from(`${CANARY}\n%%EOF\n`)]);
    const typed = await postNote(first, provider, {
      type: 'booking',
      reference: bookingId,
      title: CANARY.slice(0, 20),
      content: `Session about ${CANARY}`,
    });
    const filed = await postNote(
      first,
      provider,
      { type: 'client', reference: client.id, title: 'Scan', content: CANARY },
      { data: pdf, filename: `${CANARY}.pdf` },
    );
    expect([typed.statusCode, filed.statusCode]).toEqual([201, 201]);
    const filter = await first.app.inject({
      method: 'GET',
      url: `/api/note/client/${client.id}?title=${CANARY.slice(0, 20)}`,
      headers: provider.headers,
    });
    expect(filter.json().data).toHaveLength(1);

    // Every row of every table, as text (bytea shows as hex: look for both spellings).
    const tables = await rawRows<{ name: string }>(
      database.db,
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    let dump = '';
    for (const { name } of tables) {
      const rows = await rawRows<{ line: string }>(
        database.db,
        sql`SELECT t::text AS line FROM ${sql.identifier(name)} t`,
      );
      dump += rows.map((row) => row.line).join('\n');
    }
    expect(dump.length).toBeGreaterThan(1000);
    expect(dump).not.toContain(CANARY);
    expect(dump.toLowerCase()).not.toContain(Buffer.from(CANARY).toString('hex'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('')).not.toContain(CANARY);
    const [fileRow] = await database.db.select().from(notes).where(eq(notes.id, filed.json().identifier));
    const stored = await privateStorageOf(first.deps).get(fileRow?.fileKey as string);
    const chunks: Buffer[] = [];
    for await (const chunk of stored?.body ?? []) chunks.push(Buffer.from(chunk as Buffer));
    expect(Buffer.concat(chunks).includes(CANARY)).toBe(false);
    await first.close();

    // A new key becomes current: old notes stay readable, new ones use it.
    const second = await appWith(
      database,
      { NOTES_ENCRYPTION_KEYS: `old:${OLD},new:${NEW}`, NOTES_ENCRYPTION_KEY_ID: 'new' },
      lines,
    );
    const read = await second.app.inject({
      method: 'GET',
      url: `/api/note/${typed.json().identifier}`,
      headers: provider.headers,
    });
    expect(read.json().content).toBe(`Session about ${CANARY}`);
    const fresh = await postNote(second, provider, {
      type: 'client',
      reference: client.id,
      title: 'Later',
      content: 'x',
    });
    const keyOf = async (id: string) =>
      (await database.db.select({ keyId: notes.keyId }).from(notes).where(eq(notes.id, id)))[0]?.keyId;
    expect(await keyOf(fresh.json().identifier)).toBe('new');
    expect(await keyOf(typed.json().identifier)).toBe('old');

    // The re-encryption moves the old rows and their file; then the old key can go.
    const result = await reencryptNotes(second.deps);
    expect(result).toEqual({ moved: 2, remaining: 0, failed: 0 });
    expect(await keyOf(filed.json().identifier)).toBe('new');
    const [moved] = await database.db.select().from(notes).where(eq(notes.id, filed.json().identifier));
    expect(moved?.fileKey).not.toBe(fileRow?.fileKey);
    expect(await privateStorageOf(second.deps).get(fileRow?.fileKey as string)).toBeNull();
    expect(await reencryptNotes(second.deps)).toEqual({ moved: 0, remaining: 0, failed: 0 });
    await second.close();

    const third = await appWith(
      database,
      { NOTES_ENCRYPTION_KEYS: `new:${NEW}`, NOTES_ENCRYPTION_KEY_ID: 'new' },
      lines,
    );
    const again = await third.app.inject({
      method: 'GET',
      url: `/api/note/${filed.json().identifier}`,
      headers: provider.headers,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ content: CANARY, file: { filename: `${CANARY}.pdf` } });
    const download = await third.app.inject({ method: 'GET', url: again.json().file.url });
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(lines.join('')).not.toContain(CANARY);
    await third.close();
  });
});
