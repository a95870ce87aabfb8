import type { Language } from '@app/shared/constants';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { Mailer } from './mailer.ts';
import type { GatewayName, PaymentGateway } from './payments/gateway.ts';
import type { PrivateStorage } from './uploads/private-storage.ts';

/** Everything a service may need; built once in server.ts or in a test. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** Gateway adapters to use instead of the configured ones (benchmarks and tests stand in for remote gateways). */
  gateways?: Partial<Record<GatewayName, PaymentGateway>>;
  /** Private uploads; when absent, the one STORAGE_DRIVER names (uploads/private-storage.ts). */
  privateStorage?: PrivateStorage;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    language: Language;
  }
}
