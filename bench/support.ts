/**
 * What the PostgreSQL benchmarks share: the server they reach (DATABASE_URL, default the local
 * one), scratch databases they create and drop, pgbench's simple-update (-N) run as the
 * yardstick on the same server, and the services' dependencies (timed runs: timed.ts).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { withDomainEvents } from '../apps/api/src/app.ts';
import { type Config, parseEnv } from '../apps/api/src/config.ts';
import type { Database } from '../apps/api/src/db/client.ts';
import { systemClock } from '../apps/api/src/platform/clock.ts';
import type { AppDeps } from '../apps/api/src/platform/deps.ts';
import { silentLogger } from '../apps/api/src/platform/logger.ts';
import { createMailer } from '../apps/api/src/platform/mailer.ts';
import { procStatCpuMs } from './http.ts';

export const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The server's URL with another database. */
export function urlFor(database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `fn` with a client connected to the server's default database. */
export async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Drops (if left over) and creates these databases. */
export async function createDatabases(...names: string[]): Promise<void> {
  await admin(async (client) => {
    for (const name of names) {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${name}`);
    }
  });
}

export async function dropDatabases(...names: string[]): Promise<void> {
  await admin(async (client) => {
    for (const name of names) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

/**
 * CPU time (user + system, ms) of each of the server's client backends connected to `database`,
 * by process id: pg_stat_activity's processes read from /proc (PostgreSQL on this machine,
 * Linux; undefined otherwise). `cpuSpent` compares two readings.
 */
export async function backendsCpuMs(client: pg.Client, database: string): Promise<Map<number, number> | undefined> {
  const { rows } = await client.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    [database],
  );
  const byPid = new Map<number, number>();
  for (const { pid } of rows) {
    // Not on this machine's /proc (another host, or the backend just ended): not counted.
    const ms = procStatCpuMs(`/proc/${pid}/stat`);
    if (ms !== undefined) byPid.set(pid, ms);
  }
  return rows.length > 0 && byPid.size === 0 ? undefined : byPid;
}

/**
 * The CPU spent between two readings: each backend's growth, a backend that started between
 * them counted whole. A backend that ended between them (the pool closed an idle connection) is
 * not counted: its last ticks are lost, so the figure is a floor.
 */
export function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0);
  return spent;
}

/** pgbench against a scratch database of the same server: `init()` once, then `run()` tps. */
export function pgbench(database: string) {
  const url = new URL(serverUrl);
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  const env = { ...process.env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) };
  return {
    init(): void {
      execFileSync('pgbench', [...args, '-i', '-q', database], { env, stdio: 'ignore' });
    },
    /** `pgbench -N -c 4 -j 2 -T 10`: transactions per second without the connection time. */
    run(): number {
      const out = execFileSync('pgbench', [...args, '-N', '-c', '4', '-j', '2', '-T', '10', database], {
        env,
        encoding: 'utf8',
      });
      const match = out.match(/tps = ([\d.]+) \(without initial connection time\)/) ?? out.match(/tps = ([\d.]+)/);
      if (!match?.[1]) throw new Error(`could not read pgbench output:\n${out}`);
      return Number(match[1]);
    },
  };
}

/**
 * The services' dependencies on a benchmark database: production settings, the system clock. A
 * database kept between runs passes the secret it was built with (its notes are sealed with it).
 */
export function benchDeps(
  database: Database,
  env: Record<string, string> = {},
  secret = randomBytes(32).toString('base64url'),
): AppDeps {
  const config: Config = {
    ...parseEnv({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox', ...env }),
    APP_SECRET: secret,
    DEV_TOOLS: false,
  };
  return withDomainEvents({
    config,
    database,
    db: database.db,
    clock: systemClock,
    mailer: createMailer(database.db, { from: config.MAIL_FROM }),
    log: silentLogger(),
  });
}

/** Closes the pool; the forced drop that follows may reach a connection still closing, which is no error. */
export async function closeDatabase(database: Database): Promise<void> {
  (database.db as unknown as { $client: { on(event: 'error', listener: () => void): void } }).$client.on(
    'error',
    () => {},
  );
  await database.close();
}

/**
 * With BENCH_PROFILE=<dir>, records a V8 CPU profile of `fn` alone into <dir>/<name>.cpuprofile
 * (open it in Chrome DevTools or summarise it): the set-up around a measured phase stays out.
 */
export async function profiled<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return fn();
  const { Session } = await import('node:inspector/promises');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/${name}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}

/**
 * The median of rounds by their ratio to the yardstick measured beside them (the upper one of an
 * even count): the round whose figures decide a verdict on a machine whose speed swings.
 */
export function medianRound<T extends { ratio: number }>(rounds: readonly T[]): T {
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)];
  if (!median) throw new Error('no rounds measured');
  return median;
}
