import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { seedReferenceData } from '../src/scripts/seed/reference.ts';

/**
 * Migrates and seeds reference data once per run. PGlite: a snapshot file every test file
 * loads (a fresh database per file). PostgreSQL: a template database every test file clones.
 */
export default async function setup(project: TestProject) {
  const driver = project.config.env?.TEST_DB_DRIVER ?? 'pglite';
  if (driver === 'pg') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DATABASE_URL is required for the pg project');
    const template = `app_test_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 2 });
    await database.migrate();
    await seedReferenceData(database.db);
    await database.close();
    project.provide('pgTemplate', template);
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
        `app_test_%_${process.pid}%`,
      ]);
      for (const row of rows) {
        await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      }
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }

  const database = await openDatabase({});
  await database.migrate();
  await seedReferenceData(database.db);
  const dump = await database.pglite?.dumpDataDir('none');
  await database.close();
  if (!dump) throw new Error('PGlite snapshot failed');
  const dir = path.resolve('node_modules/.cache/test-db');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `snapshot-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return undefined;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string;
  }
}
