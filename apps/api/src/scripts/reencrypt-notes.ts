import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { keyringOf } from '../modules/notes/crypto.ts';
import { reencryptNotes } from '../modules/notes/reencrypt-notes.ts';
import { createLogger } from '../platform/logger.ts';

/**
 * `npm run notes:reencrypt`: moves every clinical note (text and file) to the key named by
 * NOTES_ENCRYPTION_KEY_ID. Run it after adding a new key and making it current; remove the old
 * key from NOTES_ENCRYPTION_KEYS only once it reports `remaining: 0` (docs/operations.md).
 */
const config = loadConfig();
const log = createLogger(config.LOG_LEVEL);
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` });
await database.migrate();
try {
  const result = await reencryptNotes({ db: database.db, config, log });
  log.info({ keyId: keyringOf(config).currentId, ...result }, 'Notes re-encrypted');
  if (result.failed > 0) process.exitCode = 1;
} finally {
  await database.close();
}
