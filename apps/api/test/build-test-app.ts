import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../src/app.ts';
import { type Config, parseEnv } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { type Clock, systemClock } from '../src/platform/clock.ts';
import type { AppDeps } from '../src/platform/deps.ts';
import type { DomainEvents } from '../src/platform/events.ts';
import { silentLogger } from '../src/platform/logger.ts';
import { createMailer } from '../src/platform/mailer.ts';
import type { Telemetry } from '../src/platform/telemetry.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: 'node_modules/.cache/test-data' });
  return {
    ...env,
    APP_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DEV_TOOLS: true,
    ...overrides,
  };
}

/** A whole app on a fresh database, no open port: tests talk to it through app.inject. */
export async function buildTestApp(
  options: {
    clock?: Clock;
    config?: Partial<Config>;
    database?: Database;
    /** Reactions standing in for the ones app.ts wires (a test of the event's semantics). */
    events?: DomainEvents;
    app?: BuildAppOptions;
    /** Runs before the app is ready: a hook or route only the test adds. */
    beforeReady?: (app: FastifyInstance) => void;
    /** OpenTelemetry for this app (platform/telemetry.ts); off when absent. */
    telemetry?: Telemetry;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const config = testConfig(options.config);
  const app = await buildApp(
    {
      config,
      database,
      db: database.db,
      clock: options.clock ?? systemClock,
      mailer: createMailer(database.db, { from: config.MAIL_FROM }),
      log: silentLogger(),
      events: options.events,
      telemetry: options.telemetry,
    },
    options.app,
  );
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    deps: app.deps,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
