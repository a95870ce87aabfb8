import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { confirmPayment } from '../apps/api/src/modules/money/card-payments.ts';
import { auditLedger } from '../apps/api/src/modules/money/ledger-audit.ts';
import type { AppDeps } from '../apps/api/src/platform/deps.ts';
import type { PaymentGateway } from '../apps/api/src/platform/payments/gateway.ts';
import { createSandboxGateway } from '../apps/api/src/platform/payments/sandbox.ts';
import { seedReferenceData } from '../apps/api/src/scripts/seed/reference.ts';
import { recordRun } from './record.ts';
import { benchDeps, closeDatabase, createDatabases, dropDatabases, pgbench, serverUrl, urlFor } from './support.ts';
import { timed } from './timed.ts';

const GOAL_RATIO = 0.3;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const USERS = 500;
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 60_000);

async function main() {
  recordRun('payments');
  const dbName = `bench_payments_${process.pid}`;
  const pgbenchDb = `bench_pgbench_${process.pid}`;
  await createDatabases(dbName, pgbenchDb);
  const yardstick = pgbench(pgbenchDb);
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
    // The gateway's records: what it would answer for each reference it charged.
    const charges = await raw.query<{ reference: string; amount_minor: string; currency_code: string }>(
      'SELECT reference, amount_minor, currency_code FROM sandbox_charges',
    );
    const charged = new Map(
      charges.rows.map((row) => [
        row.reference,
        { amountMinor: Number(row.amount_minor), currencyCode: row.currency_code },
      ]),
    );
    await raw.query('VACUUM ANALYZE');
    await raw.end();

    const deps = benchDeps(database);

    // pgbench runs before and after our run and the mean is the yardstick: on a shared machine
    // the load of other work moves both figures, and a single sample of either misleads.
    console.log(`pgbench -i, then -N -c 4 -T 10 on ${new URL(serverUrl).host} ...`);
    yardstick.init();
    const pgbenchBefore = yardstick.run();

    const sandbox = createSandboxGateway(deps);
    const remote: PaymentGateway = {
      ...sandbox,
      async verify(reference) {
        const charge = charged.get(reference);
        if (!charge) return null;
        return {
          reference,
          status: 'success',
          ...charge,
          paidAt: null,
          customerCode: null,
          receiverAccountNumber: null,
        };
      },
    };
    const remoteDeps: AppDeps = { ...deps, gateways: { sandbox: remote } };

    // Warm up: every client's first top-up (it opens their wallet account), then measure the
    // steady state of top-ups into existing wallets.
    let next = 1;
    for (; next <= USERS; next++) await confirmPayment(remoteDeps, `pay-bench-${next}`);
    // The warm-up opened 500 wallet accounts: fresh statistics, as autovacuum would gather, so that
    // plans (the foreign-key checks' included) see the ledger's real size and not the empty one.
    await database.db.execute(sql`ANALYZE`);
    const confirmFor = (runDeps: AppDeps) =>
      timed(
        { concurrency: CONCURRENCY, durationS: DURATION_S },
        () => (next <= PAYMENTS ? `pay-bench-${next++}` : undefined),
        async (reference) => {
          const payment = await confirmPayment(runDeps, reference);
          if (payment?.status !== 'success') throw new Error(`${reference} ended ${payment?.status}`);
        },
      );
    console.log(`confirming card top-ups for ${DURATION_S} s with ${CONCURRENCY} workers (gateway elsewhere) ...`);
    const measured = await confirmFor(remoteDeps);
    console.log('pgbench -N -c 4 -T 10 again ...');
    const pgbenchAfter = yardstick.run();
    console.log(`confirming card top-ups for ${DURATION_S} s with ${CONCURRENCY} workers (sandbox gateway) ...`);
    const withSandbox = await confirmFor(deps);
    const pgbenchTps = (pgbenchBefore + pgbenchAfter) / 2;
    const { done: confirmed, elapsed, perSecond, cpuMsEach } = measured;

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
      `with the sandbox gateway       ${withSandbox.perSecond.toFixed(0)} /s  (${((withSandbox.perSecond / pgbenchTps) * 100).toFixed(1)}%; its records are in our database: one more query each)`,
    );
    console.log(
      `ratio                          ${(Math.floor(ratio * 1000) / 10).toFixed(1)}%  (goal ≥ ${GOAL_RATIO * 100}%: ${ratio >= GOAL_RATIO ? 'met' : 'MISSED'})`,
    );
    console.log(`ledger audit after the run     ${healthy ? 'balanced' : JSON.stringify(audit)}`);
    if (!healthy || ratio < GOAL_RATIO) process.exitCode = 1;
  } finally {
    await closeDatabase(database);
    await dropDatabases(dbName, pgbenchDb);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
