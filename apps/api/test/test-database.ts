import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Logger } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, type OpenDatabaseOptions, openDatabase } from '../src/db/client.ts';

export const testDriver: 'pglite' | 'pg' = process.env.TEST_DB_DRIVER === 'pg' ? 'pg' : 'pglite';

/**
 * What every PGlite database of a worker starts from: the snapshot's bytes and PGlite's compiled
 * WebAssembly. A worker runs many files (isolate: false) and each file evaluates this module anew
 * (test/setup.ts), so they live on the global object; compiling once also keeps the code V8
 * optimised while earlier files ran.
 */
type WasmModule = NonNullable<OpenDatabaseOptions['pgliteWasmModule']>;

const shared = globalThis as unknown as {
  testPglite?: { snapshot: Buffer; wasm: Promise<WasmModule> };
  // The API's types (node only) declare WebAssembly's types, not its functions.
  WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };
};

function pgliteStart() {
  shared.testPglite ??= {
    snapshot: readFileSync(inject('pgliteSnapshot')),
    wasm: shared.WebAssembly.compile(
      readFileSync(
        path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm'),
      ),
    ),
  };
  return shared.testPglite;
}

/** A fresh, migrated database with reference data: a PGlite snapshot, or a clone of the PostgreSQL template. */
export async function openTestDatabase(options: { poolSize?: number; logger?: Logger } = {}): Promise<Database> {
  if (testDriver === 'pg') {
    const serverUrl = process.env.TEST_DATABASE_URL as string;
    const template = inject('pgTemplate');
    const name = `app_test_${randomUUID().slice(0, 8)}_${template.split('_').pop()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({
      url: url.toString(),
      poolSize: options.poolSize ?? 20,
      logger: options.logger,
    });
    return {
      ...database,
      close: async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: serverUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const start = pgliteStart();
  return openDatabase({
    loadDataDir: new Blob([start.snapshot]),
    pgliteWasmModule: await start.wasm,
    logger: options.logger,
  });
}
