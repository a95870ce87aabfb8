import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Config } from '../../config.ts';
import { type Database, openDatabase, type Tx } from '../../db/client.ts';
import { auditLedger, type LedgerAudit } from '../../modules/money/ledger-audit.ts';
import { rawRows } from '../../platform/prepared.ts';
import { findPgTool, runPgTool, serverMajorVersion, toolConnection } from './pg-tools.ts';

/** Raised for what an operator must fix before a backup or a restore can run (printed as is). */
export class BackupError extends Error {}

export const MANIFEST = 'manifest.json';
const PG_ARCHIVE = 'database.pgdump';
const PGLITE_ARCHIVE = 'database.pglite.tar.gz';

type BackupConfig = Pick<Config, 'DATA_DIR' | 'DATABASE_URL' | 'DATABASE_OWNER_URL' | 'STORAGE_DRIVER'>;

interface FileSet {
  files: number;
  bytes: number;
}

/** What a backup holds, written beside it: the restore checks itself against the row counts. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  driver: 'pg' | 'pglite';
  /** The PostgreSQL major version of the server (pg) or of the embedded engine (PGlite). */
  postgresMajor: number;
  database: string;
  /** Uploaded files kept on local disk; private files in S3 are not in the backup (docs/operations.md). */
  files: { public: FileSet; private: FileSet | 's3' };
  /** Rows per table (schema.table) at the time of the backup. */
  rowCounts: Record<string, number>;
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The rows of every table of the application (its schema and drizzle's migration journal). */
async function countRows(query: Query): Promise<Record<string, number>> {
  const tables = await query(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
     ORDER BY 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables as { schema: string; name: string }[]) {
    const [row] = await query(`SELECT count(*)::int AS count FROM ${quoted(schema)}.${quoted(name)}`);
    counts[`${schema}.${name}`] = Number(row?.count ?? 0);
  }
  return counts;
}

export function tableRowCounts(db: Tx): Promise<Record<string, number>> {
  return countRows((text) => rawRows<Record<string, unknown>>(db, sql.raw(text)));
}

/**
 * pg_dump of the server's own version, reading the snapshot the row counts were taken in (an
 * exported snapshot held open by a REPEATABLE READ transaction), so the manifest describes
 * exactly what the archive holds even while the application keeps writing.
 */
async function dumpPostgres(url: string, file: string): Promise<{ major: number; rowCounts: Record<string, number> }> {
  const major = await serverMajorVersion(url);
  const pgDump = await findPgTool('pg_dump', major);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
    const rowCounts = await countRows(async (text) => (await client.query(text)).rows);
    const { dbname, env } = toolConnection(url);
    await runPgTool(
      pgDump,
      ['--format=custom', `--snapshot=${rows[0]?.snapshot}`, '--file', file, '--dbname', dbname],
      env,
    );
    await client.query('COMMIT');
    return { major, rowCounts };
  } finally {
    await client.end();
  }
}

async function fileSet(dir: string): Promise<FileSet> {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

function fileRoots(config: BackupConfig) {
  return {
    public: path.resolve(config.DATA_DIR, 'uploads', 'public'),
    private: path.resolve(config.DATA_DIR, 'private'),
  };
}

/** The PostgreSQL URL a backup reads and a restore writes: the schema's owner when there is one. */
function ownerUrl(config: BackupConfig): string | undefined {
  return config.DATABASE_OWNER_URL ?? config.DATABASE_URL;
}

/** The embedded database's folder; PGlite keeps postmaster.pid there while a process has it open. */
export function pgliteDir(config: Pick<Config, 'DATA_DIR'>): string {
  return path.resolve(config.DATA_DIR, 'pglite');
}

export function timestampName(now: Date): string {
  return `therapyhub-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
}

/**
 * Writes a backup into a new folder under `outDir`: the database (pg_dump's custom format of the
 * server's own version, or PGlite's data directory dump), the uploaded files kept on local disk,
 * and a manifest with every table's row count. `database` is the open database to read (the
 * command opens the configured one).
 */
export async function createBackup(input: {
  config: BackupConfig;
  database: Database;
  outDir: string;
  now: Date;
}): Promise<{ dir: string; manifest: BackupManifest }> {
  const { config, database } = input;
  const dir = path.resolve(input.outDir, timestampName(input.now));
  if (existsSync(dir)) throw new BackupError(`${dir} exists already`);
  await mkdir(dir, { recursive: true });

  let postgresMajor: number;
  let archive: string;
  let rowCounts: Record<string, number>;
  if (database.driver === 'pg') {
    const url = ownerUrl(config);
    if (!url) throw new BackupError('DATABASE_URL is not set');
    archive = PG_ARCHIVE;
    ({ major: postgresMajor, rowCounts } = await dumpPostgres(url, path.join(dir, archive)));
  } else {
    if (!database.pglite) throw new BackupError('the embedded database is not open');
    const [version] = await rawRows<{ server_version_num: string }>(database.db, sql`SHOW server_version_num`);
    postgresMajor = Math.floor(Number(version?.server_version_num) / 10_000);
    // One connection, and the command runs only while no process has the database open.
    rowCounts = await tableRowCounts(database.db);
    archive = PGLITE_ARCHIVE;
    const dump = await database.pglite.dumpDataDir('gzip');
    await writeFile(path.join(dir, archive), Buffer.from(await dump.arrayBuffer()));
  }

  const roots = fileRoots(config);
  const files: BackupManifest['files'] = {
    public: await fileSet(roots.public),
    private: config.STORAGE_DRIVER === 's3' ? 's3' : await fileSet(roots.private),
  };
  if (existsSync(roots.public)) await cp(roots.public, path.join(dir, 'files', 'public'), { recursive: true });
  if (files.private !== 's3' && existsSync(roots.private)) {
    await cp(roots.private, path.join(dir, 'files', 'private'), { recursive: true });
  }

  const manifest: BackupManifest = {
    format: 1,
    createdAt: input.now.toISOString(),
    driver: database.driver,
    postgresMajor,
    database: archive,
    files,
    rowCounts,
  };
  await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return { dir, manifest };
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const file = path.join(dir, MANIFEST);
  if (!existsSync(file)) throw new BackupError(`${file} not found: not a backup folder`);
  const manifest = JSON.parse(await readFile(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new BackupError(`unknown backup format ${String(manifest.format)}`);
  return manifest;
}

/** What a restore found when it compared the restored database with the manifest. */
export interface RestoreCheck {
  /** Tables whose row count differs from the backup's, with both counts. */
  mismatchedTables: { table: string; expected: number; actual: number }[];
  ledger: LedgerAudit;
}

export function restoreCheckPassed(check: RestoreCheck): boolean {
  const { ledger } = check;
  return (
    check.mismatchedTables.length === 0 &&
    ledger.unbalancedTransactions.length === 0 &&
    ledger.mismatchedAccounts.length === 0 &&
    ledger.negativeAccounts.length === 0
  );
}

export async function checkRestored(db: Tx, manifest: BackupManifest): Promise<RestoreCheck> {
  const actual = await tableRowCounts(db);
  const tables = new Set([...Object.keys(manifest.rowCounts), ...Object.keys(actual)]);
  const mismatchedTables = [...tables]
    .map((table) => ({ table, expected: manifest.rowCounts[table] ?? 0, actual: actual[table] ?? 0 }))
    .filter((row) => row.expected !== row.actual);
  return { mismatchedTables, ledger: await auditLedger(db) };
}

/**
 * Restores a backup into a NEW database (an empty PostgreSQL database, or a DATA_DIR without an
 * embedded database) and the uploaded files into DATA_DIR (files already there are kept), then
 * checks the result: every table's row count against the manifest, and the ledger audit.
 */
export async function restoreBackup(input: { config: BackupConfig; from: string }): Promise<RestoreCheck> {
  const { config } = input;
  const from = path.resolve(input.from);
  const manifest = await readManifest(from);
  let database: Database;
  if (manifest.driver === 'pg') {
    const url = ownerUrl(config);
    if (!url) throw new BackupError('a PostgreSQL backup restores into DATABASE_URL (or DATABASE_OWNER_URL): set it');
    const major = await serverMajorVersion(url);
    if (major < manifest.postgresMajor) {
      throw new BackupError(`the backup is from PostgreSQL ${manifest.postgresMajor}; this server is ${major}`);
    }
    const probe = await openDatabase({ url, poolSize: 1 });
    const [tables] = await rawRows<{ count: number }>(
      probe.db,
      sql`SELECT count(*)::int AS count FROM information_schema.tables
          WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    await probe.close();
    if (Number(tables?.count) > 0) throw new BackupError('the target database is not empty: restore into a new one');
    const pgRestore = await findPgTool('pg_restore', major);
    const { dbname, env } = toolConnection(url);
    await runPgTool(
      pgRestore,
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        '--dbname',
        dbname,
        path.join(from, manifest.database),
      ],
      env,
    );
    database = await openDatabase({ url, poolSize: 1 });
  } else {
    if (config.DATABASE_URL) {
      throw new BackupError('this backup is of the embedded database: restore it without DATABASE_URL (into DATA_DIR)');
    }
    const dataDir = pgliteDir(config);
    if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
      throw new BackupError(`${dataDir} holds a database already: restore into a new DATA_DIR`);
    }
    const archive = await readFile(path.join(from, manifest.database));
    database = await openDatabase({ dataDir, loadDataDir: new Blob([archive]) });
  }

  try {
    const roots = fileRoots(config);
    const saved = path.join(from, 'files');
    if (existsSync(path.join(saved, 'public'))) {
      await cp(path.join(saved, 'public'), roots.public, { recursive: true, force: false });
    }
    if (existsSync(path.join(saved, 'private'))) {
      await cp(path.join(saved, 'private'), roots.private, { recursive: true, force: false });
    }
    return await checkRestored(database.db, manifest);
  } finally {
    await database.close();
  }
}
