import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../platform/logger.ts';
import { BackupError, restoreBackup, restoreCheckPassed } from './backup.ts';

// `npm run db:restore -- <backup folder>`: into DATABASE_URL (a new, empty database) or a new DATA_DIR.
const log = createLogger();
const { positionals } = parseArgs({ allowPositionals: true });
const config = loadConfig();
try {
  const from = positionals[0];
  if (!from) throw new BackupError('usage: npm run db:restore -- <backup folder>');
  const check = await restoreBackup({ config, from });
  if (restoreCheckPassed(check)) {
    log.info({ from }, 'Restored: every table has its row count and the ledger audit is clean');
  } else {
    log.error({ from, ...check }, 'Restored, but the check failed: do not use this database');
    process.exitCode = 1;
  }
} catch (error) {
  log.fatal(error instanceof BackupError ? error.message : { err: error }, 'Restore failed');
  process.exitCode = 1;
}
