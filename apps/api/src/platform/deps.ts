import type { Language } from '@app/shared/constants';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { Mailer } from './mailer.ts';

/** Everything a service may need; built once in server.ts or in a test. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  mailer: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    language: Language;
  }
}
