import { loadConfig } from '../config.ts';
import { createLogger } from '../platform/logger.ts';
import { openDatabase } from './client.ts';
import { migrateAsOwner } from './roles.ts';

const config = loadConfig();
if (config.DATABASE_OWNER_URL && config.DATABASE_URL) {
  // As the schema's owner, then the application's role granted rows only (docs/operations.md).
  await migrateAsOwner(config.DATABASE_OWNER_URL, config.DATABASE_URL, async () => {});
  createLogger().info({ driver: 'pg' }, 'Migrations applied; application role granted');
} else {
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` });
  await database.migrate();
  createLogger().info({ driver: database.driver }, 'Migrations applied');
  await database.close();
}
