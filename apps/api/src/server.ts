import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateAsOwner } from './db/roles.ts';
import { bookingJobs } from './modules/bookings/jobs.ts';
import { calendarFeedJobs } from './modules/calendar-feeds/jobs.ts';
import { credentialJobs } from './modules/credentials/reminders.ts';
import { dataRightsJobs } from './modules/data-rights/exports.ts';
import { directoryJobs } from './modules/directory/next-available.ts';
import { documentJobs } from './modules/documents/jobs.ts';
import { formJobs } from './modules/forms/jobs.ts';
import { paymentJobs } from './modules/money/reconcile.ts';
import { notificationJobs } from './modules/notifications/reminders.ts';
import { sessionJobs } from './modules/sessions/jobs.ts';
import { waitlistJobs } from './modules/waitlist/jobs.ts';
import { systemClock } from './platform/clock.ts';
import { createJobWaker, startJobs } from './platform/jobs.ts';
import { createLogger } from './platform/logger.ts';
import { createMailer } from './platform/mailer.ts';
import { rateLimitJobs } from './platform/rate-limits.ts';
import { NO_TELEMETRY, type Telemetry } from './platform/telemetry.ts';
import { privateStorageOf } from './platform/uploads/private-storage.ts';
import { seedDatabase } from './scripts/seed/index.ts';
import { registerBuiltWeb, trailingSlashRedirect } from './web/web-plugin.ts';

export interface StartOptions {
  /** Mount the web app: the production build, or Vite in middleware mode for development. */
  web: 'build' | 'vite' | 'none';
  /** The process's OpenTelemetry, started by main.ts before this module was imported. */
  telemetry?: Telemetry;
}

/** Config from env, migrate, seed an empty database, build the app, mount the web, listen. */
export async function start(options: StartOptions) {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      createLogger().fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.LOG_LEVEL);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
    onPoolError: (error) => log.error({ err: error }, 'idle database connection failed'),
  });
  // Processes starting together on one PostgreSQL migrate and seed one after another; with a role
  // of its own the application migrates through the schema's owner and is granted rows only.
  const seed = (db: typeof database.db) =>
    seedDatabase(db, { now: new Date(), demo: true, storage: privateStorageOf({ config }) });
  const seeded =
    config.DATABASE_OWNER_URL && config.DATABASE_URL
      ? await migrateAsOwner(config.DATABASE_OWNER_URL, config.DATABASE_URL, (owner) => seed(owner.db))
      : await database.exclusively(async () => {
          await database.migrate();
          return seed(database.db);
        });

  const waker = createJobWaker();
  const app = await buildApp(
    {
      config,
      database,
      db: database.db,
      clock: systemClock,
      mailer: createMailer(database.db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
      log,
      jobs: waker,
      telemetry: options.telemetry,
    },
    {
      loggerInstance: log,
      trustProxy: config.TRUST_PROXY || Boolean(config.TRUSTED_COUNTRY_HEADER),
    },
  );
  // The services' dependencies with the domain events wired (app.ts): jobs and the web use them.
  const { deps } = app;
  if (seeded.demo) app.log.info('Seeded demo data (client@demo.test, provider@demo.test, admin@demo.test).');

  trailingSlashRedirect(app);
  if (options.web === 'build') await registerBuiltWeb(app, deps);
  if (options.web === 'vite') {
    const { registerViteWeb } = await import('./web/vite-dev.ts');
    await registerViteWeb(app, deps);
  }

  // Background work on the database: expiring holds, completing sessions, reconciling payments,
  // session reminders.
  const jobList = [
    ...paymentJobs,
    ...bookingJobs,
    ...sessionJobs,
    ...credentialJobs,
    ...rateLimitJobs,
    ...dataRightsJobs,
    ...directoryJobs,
    ...notificationJobs,
    ...documentJobs,
    ...formJobs,
    ...calendarFeedJobs,
    ...waitlistJobs,
  ];
  const telemetry = options.telemetry ?? NO_TELEMETRY;
  const jobs = startJobs(deps, jobList, {
    waker,
    onRun: telemetry.enabled ? (job, seconds, failed) => telemetry.recordJobRun(job.name, seconds, failed) : undefined,
  });
  telemetry.observe({
    now: () => deps.clock.now(),
    jobs: jobList.filter((job) => job.backlog),
    readBacklog: (job) => (job.backlog as NonNullable<typeof job.backlog>)(deps),
    sockets: () => app.realtime.socketCount(),
    pool: () => database.poolStats?.(),
  });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await jobs.stop();
    await app.close();
    await database.close();
    await telemetry.shutdown();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  return app;
}
