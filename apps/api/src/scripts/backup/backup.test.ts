import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDriver } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { auditLedger } from '../../modules/money/ledger-audit.ts';
import { rawRows } from '../../platform/prepared.ts';
import { createLocalPrivateStorage } from '../../platform/uploads/private-storage.ts';
import { seedDatabase } from '../seed/index.ts';
import { createBackup, readManifest, restoreBackup, restoreCheckPassed, tableRowCounts } from './backup.ts';

const now = new Date('2027-03-01T09:00:00Z');
const folders: string[] = [];
const temp = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'therapyhub-backup-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A database with the demo's people, bookings, ledger and reviews, and one uploaded file of each kind. */
async function seeded(database: Database, dataDir: string) {
  const storage = createLocalPrivateStorage(path.join(dataDir, 'private'));
  await seedDatabase(database.db, { now, demo: true, storage });
  mkdirSync(path.join(dataDir, 'private', 'credentials'), { recursive: true });
  writeFileSync(path.join(dataDir, 'private', 'credentials', 'licence-okafor-nwosu.pdf'), '%PDF-1.4 licence');
  mkdirSync(path.join(dataDir, 'uploads', 'public'), { recursive: true });
  writeFileSync(path.join(dataDir, 'uploads', 'public', 'picture.webp'), 'RIFF picture');
}

function expectFilesRestored(dataDir: string) {
  expect(readFileSync(path.join(dataDir, 'private', 'credentials', 'licence-okafor-nwosu.pdf'), 'utf8')).toBe(
    '%PDF-1.4 licence',
  );
  expect(readFileSync(path.join(dataDir, 'uploads', 'public', 'picture.webp'), 'utf8')).toBe('RIFF picture');
}

describe.runIf(testDriver === 'pglite')('backup and restore of the embedded database', () => {
  it('restores a seeded database with the same rows, a clean ledger and its files', { timeout: 120_000 }, async () => {
    const source = await openTestDatabase();
    const sourceDir = temp();
    const config = { DATA_DIR: sourceDir, STORAGE_DRIVER: 'local' as const };
    try {
      await seeded(source, sourceDir);
      // Seeding the demo hashes a dozen passwords and books a practice's history: slow by design.
      const counts = await tableRowCounts(source.db);
      expect(counts['public.bookings']).toBeGreaterThan(0);
      expect(counts['public.ledger_entries']).toBeGreaterThan(0);

      const { dir, manifest } = await createBackup({ config, database: source, outDir: temp(), now });
      expect(path.basename(dir)).toBe('therapyhub-20270301T090000Z');
      // Every private file: the demo's insurance certificates and the licence written above.
      const privateFiles = readdirSync(path.join(sourceDir, 'private'), { recursive: true, withFileTypes: true });
      const fileCount = privateFiles.filter((entry) => entry.isFile()).length;
      expect(fileCount).toBeGreaterThan(1);
      expect(manifest).toMatchObject({ driver: 'pglite', rowCounts: counts, files: { private: { files: fileCount } } });
      expect(await readManifest(dir)).toEqual(manifest);

      const targetDir = temp();
      const check = await restoreBackup({ config: { DATA_DIR: targetDir, STORAGE_DRIVER: 'local' }, from: dir });
      expect(check.mismatchedTables).toEqual([]);
      expect(restoreCheckPassed(check)).toBe(true);
      expectFilesRestored(targetDir);

      // A second restore into the same place is refused: a restore never overwrites a database.
      await expect(
        restoreBackup({ config: { DATA_DIR: targetDir, STORAGE_DRIVER: 'local' }, from: dir }),
      ).rejects.toThrow(/holds a database already/);
    } finally {
      await source.close();
    }
  });
});

describe.runIf(testDriver === 'pg')('backup and restore of PostgreSQL with pg_dump and pg_restore', () => {
  const serverUrl = process.env.TEST_DATABASE_URL as string;
  const databaseUrl = (name: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };

  it('restores a seeded database into a new one with the same rows and a clean ledger', {
    timeout: 120_000,
  }, async () => {
    const source = await openTestDatabase({ poolSize: 2 });
    const target = `restore_${randomUUID().slice(0, 8)}`;
    const sourceDir = temp();
    try {
      await seeded(source, sourceDir);
      // openTestDatabase names its database itself: back up through the same URL it opened.
      const [row] = await rawRows<{ name: string }>(source.db, sql`SELECT current_database() AS name`);
      const name = row?.name ?? '';
      const config = { DATA_DIR: sourceDir, STORAGE_DRIVER: 'local' as const, DATABASE_URL: databaseUrl(name) };
      const { dir, manifest } = await createBackup({ config, database: source, outDir: temp(), now });
      expect(manifest.driver).toBe('pg');
      expect(manifest.postgresMajor).toBeGreaterThanOrEqual(15);
      expect(existsSync(path.join(dir, 'database.pgdump'))).toBe(true);
      expect(manifest.rowCounts).toEqual(await tableRowCounts(source.db));

      await admin(`CREATE DATABASE ${target}`);
      const targetDir = temp();
      const targetConfig = { DATA_DIR: targetDir, STORAGE_DRIVER: 'local' as const, DATABASE_URL: databaseUrl(target) };
      const check = await restoreBackup({ config: targetConfig, from: dir });
      expect(check.mismatchedTables).toEqual([]);
      expect(check.ledger).toEqual(await auditLedger(source.db));
      expect(restoreCheckPassed(check)).toBe(true);
      expectFilesRestored(targetDir);

      // The target now holds tables: a second restore into it is refused and changes nothing.
      await expect(restoreBackup({ config: targetConfig, from: dir })).rejects.toThrow(/not empty/);
    } finally {
      await source.close();
      await admin(`DROP DATABASE IF EXISTS ${target} WITH (FORCE)`);
    }
  });
});
