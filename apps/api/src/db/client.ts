import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What a query helper takes: the database or an open transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  migrate(): Promise<void>;
  /**
   * Runs `work` (migrations and seeding at start-up) while holding a session advisory lock, so
   * processes starting together behind one PostgreSQL do it one after another.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The PGlite instance, for snapshots in tests; absent on PostgreSQL. */
  pglite?: PGlite;
  /** The pool's connections and the queries waiting for one (metrics); absent on PGlite. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenDatabaseOptions {
  /** postgres:// URL; absent means embedded PGlite. */
  url?: string;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string;
  /** A PGlite snapshot (dumpDataDir) to start from. */
  loadDataDir?: Blob | File;
  /** PGlite's compiled WebAssembly, when one process opens many databases (tests); compiled anew when absent. */
  pgliteWasmModule?: PGliteOptions['pgliteWasmModule'];
  poolSize?: number;
  /** Called when an idle pooled connection fails (logged by the server). */
  onPoolError?: (error: Error) => void;
  /** Sees every statement before it runs (tests comparing the work two requests do). */
  logger?: Logger;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // Every statement of this app reads a few rows; JIT compilation only pays on long scans, and
      // a misestimated plan priced past jit_above_cost would spend hundreds of milliseconds
      // compiling (docs/decisions/performance-the-apps-connections-run-without-jit.md). A SET the
      // pool awaits before lending the connection, rather than a startup option, which a
      // connection pooler in front of PostgreSQL may refuse.
      onConnect: (client) => client.query('SET jit = off'),
    });
    // An idle client can lose its connection (server restart, a dropped test database); pg emits
    // that on the pool, and an unhandled 'error' would end the process. The pool replaces it.
    pool.on('error', (error) => {
      options.onPoolError?.(error);
    });
    const db = drizzlePg(pool, { schema, casing: 'snake_case', logger: options.logger }) as unknown as Db;
    return {
      db,
      driver: 'pg',
      migrate: async () => {
        await pool.query('CREATE EXTENSION IF NOT EXISTS btree_gist');
        await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      },
      exclusively: async (work) => {
        const client = await pool.connect();
        try {
          await client.query("SELECT pg_advisory_lock(hashtextextended('therapyhub:startup', 0))");
          return await work();
        } finally {
          await client.query("SELECT pg_advisory_unlock(hashtextextended('therapyhub:startup', 0))").catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    pgliteWasmModule: options.pgliteWasmModule,
    extensions: { btree_gist, pg_trgm },
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case', logger: options.logger }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    pglite: client,
    migrate: async () => {
      await client.exec('CREATE EXTENSION IF NOT EXISTS btree_gist');
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    exclusively: (work) => work(), // one process owns an embedded database
    close: () => client.close(),
  };
}
