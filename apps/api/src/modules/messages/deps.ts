import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { DomainEvents } from '../../platform/events.ts';
import type { RealtimeHub } from '../../platform/realtime/hub.ts';
import type { PrivateStorage } from '../../platform/uploads/private-storage.ts';

export interface MessagesDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'APP_SECRET' | 'rateLimits' | 'RATE_LIMIT_SCALE'>;
  storage: PrivateStorage;
  realtime: Pick<RealtimeHub, 'publish'>;
  /** Tells the recipient in the app (notifications), inside the message's transaction. */
  events: Pick<DomainEvents, 'notify'>;
  log?: FastifyBaseLogger;
}
