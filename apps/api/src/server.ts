import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDatabase } from './db/seed/index.ts';
import { bookingJobs } from './modules/bookings/jobs.ts';
import { credentialJobs } from './modules/credentials/reminders.ts';
import { paymentJobs } from './modules/payments/reconcile.ts';
import { systemClock } from './platform/clock.ts';
import type { AppDeps } from './platform/deps.ts';
import { startJobs } from './platform/jobs.ts';
import { createMailer } from './platform/mailer.ts';
import { registerBuiltWeb, trailingSlashRedirect } from './web/web-plugin.ts';

export interface StartOptions {
  /** Mount the web app: the production build, or Vite in middleware mode for development. */
  web: 'build' | 'vite' | 'none';
}

/** Config from env, migrate, seed an empty database, build the app, mount the web, listen. */
export async function start(options: StartOptions) {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
    onPoolError: (error) =>
      console.error(JSON.stringify({ level: 50, msg: 'idle database connection failed', err: error.message })),
  });
  await database.migrate();
  const seeded = await seedDatabase(database.db, { now: new Date(), demo: true });

  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    clock: systemClock,
    mailer: createMailer(database.db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
  };
  const app = await buildApp(deps, {
    logger: { level: config.LOG_LEVEL, transport: undefined },
    trustProxy: Boolean(config.TRUSTED_COUNTRY_HEADER),
  });
  if (seeded.demo) app.log.info('Seeded demo data (client@demo.test, provider@demo.test, admin@demo.test).');

  trailingSlashRedirect(app);
  if (options.web === 'build') await registerBuiltWeb(app, deps);
  if (options.web === 'vite') {
    const { registerViteWeb } = await import('./web/vite-dev.ts');
    await registerViteWeb(app, deps);
  }

  // Background work on the database: expiring holds, completing sessions, reconciling payments.
  const jobs = startJobs(deps, [...paymentJobs, ...bookingJobs, ...credentialJobs], {
    onError: (job, error) => app.log.error({ err: error, job: job.name }, 'background job failed'),
  });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  return app;
}
