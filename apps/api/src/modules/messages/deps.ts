import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RealtimeHub } from '../../platform/realtime/hub.ts';
import type { PrivateStorage } from '../../platform/uploads/private-storage.ts';

export interface MessagesDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'APP_SECRET'>;
  storage: PrivateStorage;
  realtime: Pick<RealtimeHub, 'publish'>;
  log?: FastifyBaseLogger;
}
