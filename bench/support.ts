/**
 * What the PostgreSQL benchmarks share: the server they reach (DATABASE_URL, default the local
 * one), scratch databases they create and drop, and pgbench's simple-update (-N) run as the
 * yardstick on the same server.
 */
import { execFileSync } from 'node:child_process';
import pg from 'pg';

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
