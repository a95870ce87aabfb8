/**
 * Payments benchmark: how many verified card top-ups per second the API can apply, beside
 * `pgbench -N` on the same server in the same run.
 *
 *   npx tsx bench/payments.ts                 (npm run bench:payments)
 *
 * Uses DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) only to reach the server:
 * it creates a fresh database, migrates and seeds it, runs, and drops it again; pgbench gets its
 * own scratch database (pgbench -i, then -N -c 4 -T 10), also dropped.
 *
 * A "confirmation" is the whole of confirmPayment(): read the payment, verify it with the gateway
 * (the sandbox gateway reads its own table), then in one transaction lock the payment row, post
 * the double-entry top-up (idempotency check, account locks, entries, balances) and mark the
 * payment successful; the deferred balance check runs at commit. Goal: ≥ 30% of pgbench -N tps.
 */
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type Config, parseEnv } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedReferenceData } from '../apps/api/src/db/seed/reference.ts';
import { confirmPayment } from '../apps/api/src/modules/payments/card-payments.ts';
import { auditLedger } from '../apps/api/src/modules/wallet/ledger-audit.ts';
import { systemClock } from '../apps/api/src/platform/clock.ts';
import type { AppDeps } from '../apps/api/src/platform/deps.ts';
import { createMailer } from '../apps/api/src/platform/mailer.ts';

const GOAL_RATIO = 0.3;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const USERS = 500;
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 40_000);

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `bench_payments_${process.pid}`;
const pgbenchDb = `bench_pgbench_${process.pid}`;

function urlFor(database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** pgbench's simple-update (-N) tps on a scratch database of the same server. */
function pgbenchArgs() {
  const url = new URL(serverUrl);
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  const env = { ...process.env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) };
  return { args, env };
}

function initPgbench(): void {
  const { args, env } = pgbenchArgs();
  execFileSync('pgbench', [...args, '-i', '-q', pgbenchDb], { env, stdio: 'ignore' });
}

function runPgbench(): number {
  const { args, env } = pgbenchArgs();
  const out = execFileSync('pgbench', [...args, '-N', '-c', '4', '-j', '2', '-T', '10', pgbenchDb], {
    env,
    encoding: 'utf8',
  });
  const match = out.match(/tps = ([\d.]+) \(without initial connection time\)/) ?? out.match(/tps = ([\d.]+)/);
  if (!match?.[1]) throw new Error(`could not read pgbench output:\n${out}`);
  return Number(match[1]);
}

async function main() {
  await admin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await client.query(`DROP DATABASE IF EXISTS ${pgbenchDb} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${dbName}`);
    await client.query(`CREATE DATABASE ${pgbenchDb}`);
  });
  const database = await openDatabase({ url: urlFor(dbName), poolSize: CONCURRENCY + 2 });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const raw = new pg.Client({ connectionString: urlFor(dbName) });
    await raw.connect();
    // Clients, and checkouts the payers have already approved at the sandbox gateway.
    await raw.query(
      `INSERT INTO users (email, role, first_name, last_name, country_id)
       SELECT 'bench' || g || '@example.test', 'client', 'Bench', 'Client' || g, (SELECT id FROM countries WHERE code = 'NG')
       FROM generate_series(1, $1) g`,
      [USERS],
    );
    await raw.query(
      `WITH u AS (SELECT id, email, row_number() OVER (ORDER BY id) - 1 AS n FROM users)
       INSERT INTO payments (reference, user_id, purpose, channel, gateway, amount_minor, currency_code, callback_url)
       SELECT 'pay-bench-' || g, u.id, 'top_up', 'card', 'sandbox', 500000, 'NGN', '/wallet/'
       FROM generate_series(1, $1) g JOIN u ON u.n = g % $2`,
      [PAYMENTS, USERS],
    );
    await raw.query(
      `INSERT INTO sandbox_charges (reference, amount_minor, currency_code, email, status, callback_url, decided_at)
       SELECT p.reference, p.amount_minor, p.currency_code, u.email, 'success', '/wallet/', now()
       FROM payments p JOIN users u ON u.id = p.user_id`,
    );
    await raw.query('VACUUM ANALYZE');
    await raw.end();

    const config: Config = {
      ...parseEnv({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' }),
      APP_SECRET: 'bench-secret-that-is-long-enough-for-signing-tokens',
      DEV_TOOLS: false,
    };
    const deps: AppDeps = {
      config,
      database,
      db: database.db,
      clock: systemClock,
      mailer: createMailer(database.db, { from: config.MAIL_FROM }),
    };

    // pgbench runs before and after our run and the mean is the yardstick: on a shared machine
    // the load of other work moves both figures, and a single sample of either misleads.
    console.log(`pgbench -i, then -N -c 4 -T 10 on ${new URL(serverUrl).host} ...`);
    initPgbench();
    const pgbenchBefore = runPgbench();

    // Warm up: every client's first top-up (it opens their wallet account), then measure the
    // steady state of top-ups into existing wallets.
    let next = 1;
    for (; next <= USERS; next++) await confirmPayment(deps, `pay-bench-${next}`);
    console.log(`confirming card top-ups for ${DURATION_S} s with ${CONCURRENCY} concurrent workers ...`);
    let confirmed = 0;
    const cpuBefore = process.cpuUsage();
    const deadline = performance.now() + DURATION_S * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < deadline && next <= PAYMENTS) {
          const reference = `pay-bench-${next++}`;
          const payment = await confirmPayment(deps, reference);
          if (payment?.status !== 'success') throw new Error(`${reference} ended ${payment?.status}`);
          confirmed++;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    console.log('pgbench -N -c 4 -T 10 again ...');
    const pgbenchAfter = runPgbench();
    const pgbenchTps = (pgbenchBefore + pgbenchAfter) / 2;
    const perSecond = confirmed / elapsed;
    const cpuMsEach = (cpu.user + cpu.system) / 1000 / Math.max(confirmed, 1);

    const audit = await auditLedger(database.db);
    const healthy = Object.values(audit).every((list) => list.length === 0);
    const ratio = perSecond / pgbenchTps;
    console.log('');
    console.log(
      `pgbench -N (4 clients)        ${pgbenchTps.toFixed(0)} tps  (before ${pgbenchBefore.toFixed(0)}, after ${pgbenchAfter.toFixed(0)})`,
    );
    console.log(
      `top-up confirmations           ${perSecond.toFixed(0)} /s  (${confirmed} in ${elapsed.toFixed(1)} s, ${CONCURRENCY} workers)`,
    );
    console.log(`Node CPU per confirmation      ${cpuMsEach.toFixed(2)} ms`);
    console.log(
      `ratio                          ${(Math.floor(ratio * 1000) / 10).toFixed(1)}%  (goal ≥ ${GOAL_RATIO * 100}%: ${ratio >= GOAL_RATIO ? 'met' : 'MISSED'})`,
    );
    console.log(`ledger audit after the run     ${healthy ? 'balanced' : JSON.stringify(audit)}`);
    if (!healthy || ratio < GOAL_RATIO) process.exitCode = 1;
  } finally {
    // The forced drop below may reach a pooled connection still closing: not an error of the run.
    (database.db as unknown as { $client: { on(event: 'error', listener: () => void): void } }).$client.on(
      'error',
      () => {},
    );
    await database.close();
    await admin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await client.query(`DROP DATABASE IF EXISTS ${pgbenchDb} WITH (FORCE)`);
    });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
