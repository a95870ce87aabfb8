/**
 * BENCH_EXPLAIN=1: the statements one request of a measured path sends to PostgreSQL, captured at
 * the driver (every pooled client is a pg.Client), then run again under EXPLAIN (ANALYZE,
 * BUFFERS) inside a transaction that is rolled back, so a write changes nothing. A sequential
 * scan over a table of more than LARGE_TABLE_ROWS rows is flagged.
 */
import pg from 'pg';

const LARGE_TABLE_ROWS = 10_000;

interface Statement {
  text: string;
  values: unknown[];
}

let capturing: Statement[] | null = null;
let patched = false;

function patchDriver(): void {
  if (patched) return;
  patched = true;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
    const [config, values] = args;
    if (capturing) {
      if (typeof config === 'string') capturing.push({ text: config, values: Array.isArray(values) ? values : [] });
      else if (config && typeof config === 'object' && 'text' in config) {
        const { text, values: bound } = config as { text: string; values?: unknown[] };
        capturing.push({ text, values: bound ?? (Array.isArray(values) ? values : []) });
      }
    }
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

export const explainEnabled = process.env.BENCH_EXPLAIN === '1';

/** Runs `fn` with the driver recording every statement sent; answers them. */
export async function captureStatements(fn: () => Promise<unknown>): Promise<Statement[]> {
  patchDriver();
  const statements: Statement[] = [];
  capturing = statements;
  try {
    await fn();
  } finally {
    capturing = null;
  }
  return statements.filter(
    (statement) => !/^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|SET|SHOW)\b/i.test(statement.text),
  );
}

/** Prints each statement's plan; answers the large tables read by a sequential scan. */
export async function explainStatements(url: string, label: string, statements: Statement[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const flagged: string[] = [];
  try {
    const { rows } = await client.query<{ relname: string; reltuples: number }>(
      `SELECT relname, reltuples FROM pg_class WHERE relkind IN ('r', 'p') AND relnamespace = 'public'::regnamespace`,
    );
    const sizes = new Map(rows.map((row) => [row.relname, Number(row.reltuples)]));
    console.log(`\n=== EXPLAIN ${label}: ${statements.length} statements`);
    const totals = { planning: 0, execution: 0 };
    for (const [index, statement] of statements.entries()) {
      await client.query('BEGIN');
      try {
        const explain = () =>
          client.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
            statement.values as unknown[],
          );
        // Once to warm this connection's catalog caches (as a pooled connection in service has
        // them), undone, then the plan printed: its planning time is then the statement's own.
        await client.query('SAVEPOINT warm');
        await explain();
        await client.query('ROLLBACK TO SAVEPOINT warm');
        const plan = await explain();
        const lines = plan.rows.map((row) => row['QUERY PLAN']);
        console.log(`--- ${label} #${index + 1}: ${statement.text.replace(/\s+/g, ' ').slice(0, 300)}`);
        for (const line of lines) console.log(line);
        for (const line of lines) {
          const time = line.match(/^(Planning|Execution) Time: ([\d.]+) ms/);
          if (time) totals[time[1] === 'Planning' ? 'planning' : 'execution'] += Number(time[2]);
        }
        for (const line of lines) {
          const match = line.match(/Seq Scan on (\w+)/);
          const table = match?.[1];
          if (table && (sizes.get(table) ?? 0) > LARGE_TABLE_ROWS) flagged.push(`${label}: Seq Scan on ${table}`);
        }
      } catch (error) {
        console.log(`--- ${label} #${index + 1}: not explained (${(error as Error).message})`);
      } finally {
        await client.query('ROLLBACK');
      }
    }
    console.log(
      `=== ${label}: planning ${totals.planning.toFixed(2)} ms, execution ${totals.execution.toFixed(2)} ms over ${statements.length} statements`,
    );
  } finally {
    await client.end();
  }
  for (const flag of flagged) console.log(`FLAG ${flag}`);
  return flagged;
}
