import { loadConfig } from '../config.ts';
import { createLogger } from '../platform/logger.ts';
import { openDatabase } from './client.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` });
await database.migrate();
createLogger().info({ driver: database.driver }, 'Migrations applied');
await database.close();
