/**
 * Builds one bench:scale database on the local PostgreSQL with its bulk tools (INSERT … SELECT
 * generate_series), never the API: the app's migrations and reference data, then the SQL phases
 * beside this file in order, with the large tables' indexes, constraints and user triggers set
 * aside during the load and restored (and so validated) after it. What a switched-off trigger
 * would have done is done in bulk (07-finish.sql); the ledger is audited after the load.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { notes } from '../../apps/api/src/db/schema/index.ts';
import { keyringOf, noteAad, sealText } from '../../apps/api/src/modules/notes/crypto.ts';
import { seedReferenceData } from '../../apps/api/src/scripts/seed/reference.ts';
import { admin, benchDeps, closeDatabase, urlFor } from '../support.ts';

export interface ScaleSize {
  name: string;
  providers: number;
  listed: number;
  clients: number;
  bookings: number;
  /** Conversations of twenty messages each (plus the one deep thread). */
  conversations: number;
  sessionNotes: number;
  /** Pairs with four client notes each. */
  clientNotePairs: number;
  /** Confirmed sessions on the day whose reminders the bench sends (at most 48 per listed provider). */
  reminderSessions: number;
}

export const SIZES: Record<string, ScaleSize> = {
  tiny: {
    name: 'tiny',
    providers: 200,
    listed: 200,
    clients: 2_000,
    bookings: 10_000,
    conversations: 500,
    sessionNotes: 600,
    clientNotePairs: 100,
    reminderSessions: 5_000,
  },
  small: {
    name: 'small',
    providers: 1_000,
    listed: 1_000,
    clients: 20_000,
    bookings: 100_000,
    conversations: 10_000,
    sessionNotes: 12_000,
    clientNotePairs: 2_000,
    reminderSessions: 30_000,
  },
  large: {
    name: 'large',
    providers: 100_000,
    listed: 20_000,
    clients: 1_000_000,
    bookings: 5_000_000,
    conversations: 500_000,
    sessionNotes: 600_000,
    clientNotePairs: 100_000,
    reminderSessions: 30_000,
  },
};

/** Client 1's thread with provider 1, the one the chat measurement pages through. */
export const DEEP_THREAD = 600;
/** Provider 1's notes about client 1: sealed for their own ids, so the notes list opens them. */
const FEATURED_NOTES = 300;
const TEMPLATES = 300;
/** The tables loaded without their indexes, constraints and user triggers. */
const BULK_TABLES = [
  'bookings',
  'booking_events',
  'session_reminders',
  'reviews',
  'ledger_transactions',
  'ledger_entries',
  'conversations',
  'conversation_members',
  'messages',
  'notes',
  'notifications',
  'audit_log',
];
/** Tables whose user triggers are off during the load too, their indexes kept (07-finish.sql does their work). */
const TRIGGERS_OFF = [...BULK_TABLES, 'users', 'provider_clients'];

const here = new URL('.', import.meta.url);
const phases = readdirSync(here)
  .filter((name) => /^\d\d-.*\.sql$/.test(name))
  .sort();

/** Changes with the generator: a database built by another version is rebuilt, never reused. */
export const GENERATOR_VERSION = createHash('sha256')
  .update(phases.map((name) => readFileSync(new URL(name, here), 'utf8')).join('\n'))
  .update(readFileSync(new URL('build.ts', here), 'utf8'))
  .digest('hex')
  .slice(0, 12);

export function databaseName(size: ScaleSize): string {
  return `bench_scale_${size.name}`;
}

export interface Built {
  secret: string;
  builtAt: Date;
  buildSeconds: number;
  reused: boolean;
}

function render(sqlText: string, values: Record<string, string | number>): string {
  return sqlText.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    if (!(key in values)) throw new Error(`no value for {{${key}}}`);
    return String(values[key]);
  });
}

const load1 = () => (loadavg()[0] ?? 0).toFixed(1);

/** The marker of a finished build of this generator version, if the database has one. */
async function marker(name: string): Promise<Built | null> {
  const exists = await admin((client) => client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]));
  if (exists.rowCount === 0) return null;
  const client = new pg.Client({ connectionString: urlFor(name) });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string; secret: string; built_at: Date; build_seconds: string }>(
      `SELECT version, secret, built_at, build_seconds FROM bench_scale.marker LIMIT 1`,
    );
    const row = rows[0];
    if (!row || row.version !== GENERATOR_VERSION) return null;
    return { secret: row.secret, builtAt: row.built_at, buildSeconds: Number(row.build_seconds), reused: true };
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/** Whether a restore statement is on one of the ledger's tables, or refers to one (03-ledger.sql loads them). */
const touchesLedger = (statement: string) => /\bledger_/.test(statement);

/** Sets the bulk tables' indexes, constraints and user triggers aside; answers how to restore them. */
async function setAside(client: pg.Client): Promise<string[][]> {
  const tables = BULK_TABLES.map((table) => `'public.${table}'::regclass`).join(', ');
  const { rows: constraints } = await client.query<{ name: string; rel: string; def: string; type: string }>(
    `SELECT conname AS name, conrelid::regclass::text AS rel, pg_get_constraintdef(oid) AS def, contype AS type
     FROM pg_constraint
     WHERE contype IN ('p', 'u', 'x', 'f') AND (conrelid IN (${tables}) OR (contype = 'f' AND confrelid IN (${tables})))`,
  );
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS def FROM pg_index
     WHERE indrelid IN (${tables}) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = indexrelid)`,
  );
  const foreign = constraints.filter((c) => c.type === 'f');
  const keys = constraints.filter((c) => c.type !== 'f');
  for (const c of foreign) await client.query(`ALTER TABLE ${c.rel} DROP CONSTRAINT ${c.name}`);
  for (const c of keys) await client.query(`ALTER TABLE ${c.rel} DROP CONSTRAINT ${c.name}`);
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
  for (const table of TRIGGERS_OFF) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
  return [
    keys.map((c) => `ALTER TABLE ${c.rel} ADD CONSTRAINT ${c.name} ${c.def}`),
    indexes.map((index) => index.def),
    foreign.map((c) => `ALTER TABLE ${c.rel} ADD CONSTRAINT ${c.name} ${c.def}`),
    TRIGGERS_OFF.map((table) => `ALTER TABLE ${table} ENABLE TRIGGER USER`),
  ];
}

/**
 * Seals the template values (what the bulk notes copy) and provider 1's notes about client 1,
 * with the keyring the server builds from the database's secret, as createNote seals them.
 */
async function sealNotes(client: pg.Client, database: Awaited<ReturnType<typeof openDatabase>>, secret: string) {
  const deps = benchDeps(database, {}, secret);
  const ring = keyringOf(deps.config);
  const keyId = ring.currentId;
  const text = (i: number) =>
    `Session ${i}: Adaeze O'Neil-Okafor reported better sleep; Jürgen Groß's exercise helped. `.padEnd(480, '·');
  await client.query(
    `CREATE TABLE bench_scale.note_templates (ix int PRIMARY KEY, key_id text NOT NULL, title bytea NOT NULL, content bytea NOT NULL)`,
  );
  for (let ix = 0; ix < TEMPLATES; ix++) {
    const id = randomUUID();
    await client.query(`INSERT INTO bench_scale.note_templates VALUES ($1, $2, $3, $4)`, [
      ix,
      keyId,
      sealText(ring, keyId, `Note ${ix}`, noteAad(id, 'title')),
      sealText(ring, keyId, text(ix), noteAad(id, 'content')),
    ]);
  }
  const { rows } = await client.query<{ id: string }>(
    `SELECT id FROM provider_clients WHERE provider_id = bench_scale.uid(1, 1) AND user_id = bench_scale.uid(2, 1)`,
  );
  const pair = rows[0];
  if (!pair) throw new Error('provider 1 has no record of client 1');
  const base = Date.now() - FEATURED_NOTES * 86_400_000;
  const values = Array.from({ length: FEATURED_NOTES }, (_, i) => {
    const id = randomUUID();
    const at = new Date(base + i * 86_400_000);
    return {
      id,
      providerId: '00000001-0000-4000-8000-000000000001',
      providerClientId: pair.id,
      bookingId: null,
      type: 'client' as const,
      keyId,
      title: sealText(ring, keyId, `Client note ${i}`, noteAad(id, 'title')),
      content: sealText(ring, keyId, text(i), noteAad(id, 'content')),
      createdAt: at,
      updatedAt: at,
    };
  });
  await database.db.insert(notes).values(values);
}

/** Builds the database of `size` (or reuses it when `reuse` and it carries this generator's marker). */
export async function buildDatabase(size: ScaleSize, options: { reuse: boolean }): Promise<Built> {
  const name = databaseName(size);
  if (options.reuse) {
    const found = await marker(name);
    if (found) {
      console.log(
        `${size.name}: reusing ${name} (generator ${GENERATOR_VERSION}, built ${found.builtAt.toISOString()})`,
      );
      return found;
    }
  }
  const started = performance.now();
  const builtAt = new Date();
  const secret = randomBytes(32).toString('base64url');
  await admin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
  const database = await openDatabase({ url: urlFor(name), poolSize: 2 });
  const client = new pg.Client({ connectionString: urlFor(name) });
  await client.connect();
  let beside: pg.Client | undefined;
  const timings: Array<[string, number, string]> = [];
  const phase = async (label: string, fn: () => Promise<unknown>) => {
    const at = performance.now();
    await fn();
    const seconds = (performance.now() - at) / 1000;
    timings.push([label, seconds, load1()]);
    console.log(`  ${size.name}: ${label.padEnd(46)} ${seconds.toFixed(1).padStart(7)} s  (load ${load1()})`);
  };
  // Keys, then indexes, then foreign keys (which need the keys they reference) of the statements `which` picks.
  const restoreAll = async (restore: string[][], label: string, which: (statement: string) => boolean) => {
    const [keys = [], indexes = [], foreign = []] = restore.map((statements) => statements.filter(which));
    await phase(`restore ${keys.length} keys ${label}`, async () => {
      for (const statement of keys) await client.query(statement);
    });
    await phase(`restore ${indexes.length} indexes ${label}`, async () => {
      for (const statement of indexes) await client.query(statement);
    });
    await phase(`validate ${foreign.length} foreign keys ${label}`, async () => {
      for (const statement of foreign) await client.query(statement);
    });
  };
  try {
    console.log(`${size.name}: building ${name} (generator ${GENERATOR_VERSION}, load ${load1()}) ...`);
    await phase('migrations, reference data', async () => {
      await database.migrate();
      await seedReferenceData(database.db);
    });
    // A bulk load: nothing here needs to survive a crash (a failed build is rebuilt), so commits
    // do not wait for the WAL flush; sorts for the index builds get memory. The directory's
    // triggers run a statement per inserted row: a plan cached while the tables were still empty
    // (a generic plan, after five calls) scans them whole, and goes on doing so as they fill, so
    // each call is planned for what the tables hold then.
    const bulkSettings = `SET plan_cache_mode = force_custom_plan; SET synchronous_commit = off; SET maintenance_work_mem = '512MB'; SET work_mem = '256MB'`;
    await client.query(bulkSettings);
    // The ledger depends only on the bookings; the phases after it neither read nor write it, so
    // it loads on a second connection beside them (one statement uses one core).
    beside = new pg.Client({ connectionString: urlFor(name) });
    await beside.connect();
    await beside.query(bulkSettings);
    let ledger: Promise<unknown> = Promise.resolve();
    const values = {
      now: `'${builtAt.toISOString()}'`,
      providers: size.providers,
      listed: size.listed,
      clients: size.clients,
      bookings: size.bookings,
      conversations: size.conversations,
      deep_thread: DEEP_THREAD,
      session_notes: size.sessionNotes,
      client_note_pairs: size.clientNotePairs,
      templates: TEMPLATES,
      reminder_sessions: size.reminderSessions,
    };
    let restore: string[][] = [];
    for (const file of phases) {
      const sqlText = render(readFileSync(new URL(file, here), 'utf8'), values);
      if (file.startsWith('01-')) {
        await phase(file, () => client.query(sqlText));
        await phase('set aside indexes and triggers', async () => {
          restore = await setAside(client);
        });
      } else if (file.startsWith('03-')) {
        const second = beside;
        ledger = phase(`${file} (in parallel)`, () => second.query(sqlText));
        // Reported when it fails, not only when awaited after the other phases.
        ledger.catch(() => {});
      } else if (file.startsWith('07-')) {
        // While the ledger loads, this connection restores what the ledger's tables have no part
        // in: the other core would otherwise idle for minutes.
        await restoreAll(restore, 'beside the ledger', (statement) => !touchesLedger(statement));
        // The finish drops the staging tables the ledger reads.
        await phase('wait for the ledger', () => ledger);
        await phase(file, () => client.query(sqlText));
      } else if (file.startsWith('05-')) {
        await phase('seal notes (Node, the app keyring)', () => sealNotes(client, database, secret));
        await phase(file, () => client.query(sqlText));
      } else {
        await phase(file, () => client.query(sqlText));
      }
    }
    await restoreAll(restore, 'of the ledger', touchesLedger);
    const triggers = restore[3] ?? [];
    await phase('enable triggers', async () => {
      for (const statement of triggers) await client.query(statement);
    });
    // auditLedger's checks, set-based: its per-account lookups take minutes over millions of accounts.
    await phase('ledger audit (set-based)', async () => {
      const { rows } = await client.query<{ unbalanced: string; mismatched: string; negative: string }>(
        `SELECT
           (SELECT count(*) FROM ledger_transactions t LEFT JOIN (SELECT transaction_id, sum(amount_minor) AS total, count(*) AS n
              FROM ledger_entries GROUP BY transaction_id) e ON e.transaction_id = t.id
            WHERE coalesce(e.total, 0) <> 0 OR coalesce(e.n, 0) < 2) AS unbalanced,
           (SELECT count(*) FROM ledger_accounts a LEFT JOIN (SELECT DISTINCT ON (account_id) account_id, balance_after_minor
              FROM ledger_entries ORDER BY account_id, seq DESC) l ON l.account_id = a.id
            LEFT JOIN (SELECT account_id, sum(amount_minor) AS total FROM ledger_entries GROUP BY account_id) s ON s.account_id = a.id
            WHERE a.balance_minor <> coalesce(s.total, 0) OR a.balance_minor <> coalesce(l.balance_after_minor, 0)) AS mismatched,
           (SELECT count(*) FROM ledger_accounts WHERE balance_minor < 0 AND kind <> 'gateway_clearing') AS negative`,
      );
      const audit = rows[0];
      if (!audit || Number(audit.unbalanced) + Number(audit.mismatched) + Number(audit.negative) > 0) {
        throw new Error(`the ledger does not audit: ${JSON.stringify(audit)}`);
      }
    });
    await phase('VACUUM ANALYZE', () => client.query('VACUUM ANALYZE'));
    const buildSeconds = (performance.now() - started) / 1000;
    // The secret seals the notes: the server of a later run must use it too.
    await client.query(
      `INSERT INTO bench_scale.marker (version, size, built_at, build_seconds, secret) VALUES ($1, $2, $3, $4, $5)`,
      [GENERATOR_VERSION, size.name, builtAt, buildSeconds.toFixed(1), secret],
    );
    const { rows } = await client.query<{ size: string }>(
      `SELECT pg_size_pretty(pg_database_size(current_database())) AS size`,
    );
    console.log(`${size.name}: built in ${buildSeconds.toFixed(0)} s, ${rows[0]?.size} on disk`);
    return { secret, builtAt, buildSeconds, reused: false };
  } finally {
    await beside?.end();
    await client.end();
    await closeDatabase(database);
  }
}
