import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from './client.ts';

/** Tables the application may add rows to and read, never change or empty: the two trails. */
export const APPEND_ONLY_TABLES = ['audit_log', 'note_access_log'] as const;

/**
 * The application's role, when it is not the schema's owner (DATABASE_OWNER_URL): rows of every
 * table and sequence, nothing of the schema itself (no DDL, so no trigger can be switched off),
 * and only INSERT and SELECT on the append-only trails. Idempotent; run after every migration,
 * so the tables a migration adds are covered too.
 */
export async function grantApplicationRole(database: Database, role: string): Promise<void> {
  if (database.driver !== 'pg') throw new Error('a separate application role needs PostgreSQL');
  const who = pg.escapeIdentifier(role);
  const trails = APPEND_ONLY_TABLES.map((table) => pg.escapeIdentifier(table)).join(', ');
  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`GRANT USAGE ON SCHEMA public TO ${who}`));
    await tx.execute(sql.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${who}`));
    await tx.execute(sql.raw(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${who}`));
    await tx.execute(sql.raw(`REVOKE UPDATE, DELETE, TRUNCATE ON ${trails} FROM ${who}`));
  });
}

/**
 * Migrations through the schema's owner, then the application's role (the user of `appUrl`)
 * granted what it needs. `work` (seeding) runs inside the same start-up lock, as the owner.
 */
export async function migrateAsOwner<T>(
  ownerUrl: string,
  appUrl: string,
  work: (owner: Database) => Promise<T>,
): Promise<T> {
  const owner = await openDatabase({ url: ownerUrl, poolSize: 2 });
  try {
    return await owner.exclusively(async () => {
      await owner.migrate();
      await grantApplicationRole(owner, decodeURIComponent(new URL(appUrl).username));
      return work(owner);
    });
  } finally {
    await owner.close();
  }
}
