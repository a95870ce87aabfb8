import type { Language } from '@app/shared/constants';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { DomainEvents } from './events.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mailer.ts';
import type { GatewayName, PaymentGateway } from './payments/types.ts';
import type { Telemetry } from './telemetry.ts';
import type { PrivateStorage } from './uploads/private-storage.ts';

/**
 * Asks a job to run soon instead of at its next interval: a request that left work in an outbox
 * (a booking's provider email) wakes the job that sends it, and answers without doing it itself.
 * Declared here, where services meet it as `deps.jobs`; platform/jobs.ts makes one.
 */
export interface JobWaker {
  wake(name: string): void;
}

/** Everything a service may need; built once in server.ts or in a test. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** The process's pino logger (app.log in the server); never tokens, passwords or personal data. */
  log: Logger;
  /** Gateway adapters to use instead of the configured ones (benchmarks and tests stand in for remote gateways). */
  gateways?: Partial<Record<GatewayName, PaymentGateway>>;
  /** Cross-module reactions (a card payment confirms a booking, …): wired in app.ts, wireDomainEvents. */
  events: DomainEvents;
  /** Private uploads; when absent, the one STORAGE_DRIVER names (uploads/private-storage.ts). */
  privateStorage?: PrivateStorage;
  /**
   * Wakes a background job (platform/jobs.ts) to do soon what a request left in an outbox; the
   * server connects it to its jobs. Absent (tests, benchmarks): the work waits for the job's run.
   */
  jobs?: JobWaker;
  /** The process's OpenTelemetry (platform/telemetry.ts); absent or NO_TELEMETRY when off. */
  telemetry?: Telemetry;
}

/** AppDeps before the domain events are wired (buildApp and withDomainEvents wire them). */
export type AppDepsInput = Omit<AppDeps, 'events'> & { events?: DomainEvents };

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    language: Language;
  }
}
