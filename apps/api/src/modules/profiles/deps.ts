import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Storage } from '../../platform/storage.ts';

/** What the profile services need: the database, time, file storage and a log for cleanup failures. */
export interface ProfilesDeps {
  db: Db;
  clock: Clock;
  storage: Storage;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}
