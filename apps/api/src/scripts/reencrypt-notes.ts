import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { reencryptForms } from '../modules/forms/reencrypt-forms.ts';
import { keyringOf } from '../modules/notes/crypto.ts';
import { reencryptNotes } from '../modules/notes/reencrypt-notes.ts';
import { createLogger } from '../platform/logger.ts';

/**
 * `npm run notes:reencrypt`: moves every clinical record sealed with the notes' keys to the key
 * named by NOTES_ENCRYPTION_KEY_ID: clinical notes (text and file) and sent forms (draft, answers,
 * result). Run it after adding a new key and making it current; remove the old key from
 * NOTES_ENCRYPTION_KEYS only once both report `remaining: 0` (docs/operations.md).
 */
const config = loadConfig();
const log = createLogger(config.LOG_LEVEL);
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` });
await database.migrate();
try {
  const deps = { db: database.db, config, log };
  const notes = await reencryptNotes(deps);
  const forms = await reencryptForms(deps);
  log.info({ keyId: keyringOf(config).currentId, notes, forms }, 'Clinical records re-encrypted (notes and forms)');
  if (notes.failed > 0 || forms.failed > 0) process.exitCode = 1;
} finally {
  await database.close();
}
