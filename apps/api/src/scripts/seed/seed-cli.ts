import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { createLogger } from '../../platform/logger.ts';
import { privateStorageOf } from '../../platform/uploads/private-storage.ts';
import { seedDatabase } from './index.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` });
await database.migrate();
const result = await seedDatabase(database.db, { now: new Date(), demo: true, storage: privateStorageOf({ config }) });
createLogger().info(
  result.demo ? 'Seeded reference and demo data.' : 'Reference data present; users exist, demo data skipped.',
);
await database.close();
