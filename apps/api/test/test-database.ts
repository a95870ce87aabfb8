import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Logger } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';

export const testDriver: 'pglite' | 'pg' = process.env.TEST_DB_DRIVER === 'pg' ? 'pg' : 'pglite';

/** The PGlite snapshot, read once per worker when its files share modules (isolate: false). */
let snapshot: Buffer | undefined;

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
  snapshot ??= readFileSync(inject('pgliteSnapshot'));
  return openDatabase({ loadDataDir: new Blob([snapshot]), logger: options.logger });
}
