import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, testDriver } from '../../test/test-database.ts';
import type { Database } from './client.ts';
import { APPEND_ONLY_TABLES, migrateAsOwner } from './roles.ts';

/** The error PostgreSQL answers `text` with, as the application's role, or null when it worked. */
async function refusal(client: pg.Client, text: string): Promise<string | null> {
  await client.query('SAVEPOINT attempt');
  try {
    await client.query(text);
    await client.query('RELEASE SAVEPOINT attempt');
    return null;
  } catch (error) {
    await client.query('ROLLBACK TO SAVEPOINT attempt');
    return (error as Error).message;
  }
}

describe.runIf(testDriver === 'pg')('an application role of its own (DATABASE_OWNER_URL)', () => {
  let database: Database;
  let ownerUrl: string;
  let role: string;
  let app: pg.Client;

  beforeEach(async () => {
    database = await openTestDatabase();
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const options = pool.options as { connectionString: string };
    ownerUrl = options.connectionString;
    role = `app_role_${randomUUID().slice(0, 8)}`;
    await pool.query(`CREATE ROLE ${role} LOGIN`);
  });

  afterEach(async () => {
    await app?.end().catch(() => {});
    await database.close();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP ROLE IF EXISTS ${role}`);
    await admin.end();
  });

  it('migrates as the owner; the application works on rows and can neither change the trails nor their triggers', async () => {
    const appUrl = new URL(ownerUrl);
    appUrl.username = role;
    const seeded = await migrateAsOwner(ownerUrl, appUrl.toString(), async (owner) => owner.driver);
    expect(seeded).toBe('pg');

    app = new pg.Client({ connectionString: appUrl.toString() });
    await app.connect();
    await app.query('BEGIN');
    // Ordinary work: rows of any table, written, changed and removed.
    const user = await app.query<{ id: string }>(
      `INSERT INTO users (email, role, first_name, last_name) VALUES ($1, 'client', 'Role', 'Test') RETURNING id`,
      [`${role}@example.test`],
    );
    const userId = user.rows[0]?.id as string;
    expect(await refusal(app, `UPDATE users SET first_name = 'Changed' WHERE id = '${userId}'`)).toBeNull();
    // The trails: a row goes in and is read back ...
    expect(
      await refusal(
        app,
        `INSERT INTO audit_log (actor_id, actor_role, action, target_type, target_id)
         VALUES ('${userId}', 'admin', 'provider.approve', 'provider', 'p1')`,
      ),
    ).toBeNull();
    const read = await app.query(`SELECT action FROM audit_log WHERE target_id = 'p1'`);
    expect(read.rows).toEqual([{ action: 'provider.approve' }]);
    // ... and nothing changes, empties or disarms them: no privilege, and no ownership for DDL.
    for (const table of APPEND_ONLY_TABLES) {
      for (const attempt of [
        `UPDATE ${table} SET action = action`,
        `DELETE FROM ${table}`,
        `TRUNCATE ${table}`,
        `ALTER TABLE ${table} DISABLE TRIGGER ALL`,
        `DROP TABLE ${table}`,
      ]) {
        expect(await refusal(app, attempt), attempt).toMatch(/permission denied|must be owner/);
      }
    }
    expect(await refusal(app, 'DROP TRIGGER audit_log_no_update_delete ON audit_log')).toMatch(/must be owner/);
    expect(await refusal(app, 'CREATE TABLE sneaky (id int)')).toMatch(/permission denied/);
    await app.query('ROLLBACK');
  });
});
