import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { createLogger } from '../../platform/logger.ts';
import { BackupError, createBackup, pgliteDir } from './backup.ts';

// `npm run db:backup [-- --out <folder>]`: a new folder under <folder> (default DATA_DIR/backups).
const log = createLogger();
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfig();
try {
  if (!config.DATABASE_URL && existsSync(path.join(pgliteDir(config), 'postmaster.pid'))) {
    // PGlite does not lock its folder against a second process: two would corrupt it.
    throw new BackupError(
      `the embedded database is open (${path.join(pgliteDir(config), 'postmaster.pid')}): stop the server first; ` +
        'if no process runs, it was not shut down cleanly: start and stop it once',
    );
  }
  const database = await openDatabase({
    url: config.DATABASE_OWNER_URL ?? config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : pgliteDir(config),
    poolSize: 1,
  });
  try {
    const { dir, manifest } = await createBackup({
      config,
      database,
      outDir: values.out ?? path.join(config.DATA_DIR, 'backups'),
      now: new Date(),
    });
    const rows = Object.values(manifest.rowCounts).reduce((sum, count) => sum + count, 0);
    log.info(
      { dir, driver: manifest.driver, postgres: manifest.postgresMajor, rows, files: manifest.files },
      'Backup written',
    );
  } finally {
    await database.close();
  }
} catch (error) {
  log.fatal(error instanceof BackupError ? error.message : { err: error }, 'Backup failed');
  process.exitCode = 1;
}
