import type { ErrorCode } from '@app/shared/errors';
import type { TransactionType } from '@app/shared/schemas/wallet';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ledgerAccounts, ledgerTransactions } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { type Statement, statementQuery } from '../../platform/prepared.ts';
import { type AccountRef, accountKey, assertBalanced, type Line } from './ledger-math.ts';

export interface PostTransactionInput {
  type: TransactionType;
  /** Idempotency key of the business event: a second post with it changes nothing. */
  reference: string;
  lines: Line[];
  /** When it happened (deps.clock.now()); the database's transaction time when absent. */
  at?: Date;
  description?: string | null;
  metadata?: Record<string, unknown>;
  /** The error thrown when an account would go below zero (default INSUFFICIENT_FUNDS). */
  insufficientFunds?: ErrorCode;
  /**
   * A data-modifying statement that belongs to the same event, run in the same statement only
   * when the posting applies; it may read the new transaction's id as `(SELECT id FROM txn)`.
   * Card payments mark themselves successful this way: one round trip, no transaction needed.
   * `name` identifies its text (values only as parameters) for the prepared statement.
   */
  companion?: { name: string; statement: SQL };
}

export interface PostedTransaction {
  transactionId: string;
  /** false when the reference had already been posted (nothing changed). */
  applied: boolean;
}

interface PostingOutcome {
  transaction_id: string | null;
  found: number | string;
  ok: boolean | null;
  /** Rows the posting and its companion wrote (selected so every part is evaluated). */
  written: number | string;
}

/**
 * Runs the posting as a named prepared statement: PostgreSQL parses and plans it once per
 * connection instead of on every payment (a measurable share of each confirmation).
 */
async function executePosting(tx: Tx, input: PostTransactionInput): Promise<PostingOutcome | undefined> {
  const name = input.companion ? `ledger_post_${input.companion.name}` : 'ledger_post';
  const [outcome] = await statementQuery<PostingOutcome>(tx, name, postingStatement(input)).execute();
  return outcome;
}

/**
 * The values of one posting as SQL: bound parameters (postTransaction) or placeholders of a
 * statement prepared once (a service that posts inside a bigger statement, e.g. checkout/pay-booking.ts).
 */
export interface PostingValues {
  /**
   * The lines as a FROM item of (account key, signed amount, line number): `postingArrays` (any
   * number of lines) or `postingPlaceholders` (a fixed number, in a statement prepared once).
   */
  lines: SQL;
  lineCount: SQL;
  type: SQL;
  reference: SQL;
  description: SQL;
  /** jsonb */
  metadata: SQL;
  /** timestamptz (NULL: the transaction's time) */
  at: SQL;
}

/**
 * The posting's common table expressions, in order (v, acc, chk, txn, upd, ent):
 *  - `acc` locks the accounts FOR UPDATE in one global order (users' accounts first, then the
 *    platform's, each by key), so two postings never wait on each other in a cycle; with a
 *    `guard` (a condition over earlier expressions of the caller's statement, evaluated once
 *    before any account is locked) it locks nothing, and so posts nothing, unless the guard holds;
 *  - `chk` sees every account present and none that may not go negative going negative;
 *  - only then `txn` inserts the transaction (ON CONFLICT on the reference: a replay changes
 *    nothing), and `upd`/`ent` move the balances and append the entries with running balances.
 * A refusal writes nothing. A caller's own writes that belong to the event read `txn` (only when
 * the posting applied), and its answer reads `chk` (found, ok) to say why it did not.
 */
export function postingCtes(values: PostingValues, guard?: SQL): Record<string, SQL> {
  const at = sql`COALESCE(${values.at}::timestamptz, now())`;
  const type = sql`${values.type}::ledger_transaction_type`;
  return {
    v: sql`
      SELECT * FROM ${values.lines} AS v(key, delta, ord)`,
    acc: sql`
      SELECT a.id, a.kind, a.balance_minor, v.delta, v.ord
      FROM ledger_accounts a JOIN v ON v.key = a.key
      ${guard ? sql`WHERE ${guard}` : sql``}
      ORDER BY a.user_id IS NULL, a.key
      FOR UPDATE OF a`,
    chk: sql`
      SELECT count(*) AS found, bool_and(kind = 'gateway_clearing' OR balance_minor + delta >= 0) AS ok FROM acc`,
    txn: sql`
      INSERT INTO ledger_transactions (type, reference, description, metadata, created_at)
      SELECT ${type}, ${values.reference}, ${values.description}, ${values.metadata}::jsonb, ${at}
      FROM chk WHERE chk.found = ${values.lineCount}::int AND chk.ok
      ON CONFLICT (reference) DO NOTHING
      RETURNING id`,
    upd: sql`
      UPDATE ledger_accounts a SET balance_minor = acc.balance_minor + acc.delta
      FROM acc, txn WHERE a.id = acc.id
      RETURNING a.id`,
    ent: sql`
      INSERT INTO ledger_entries (transaction_id, account_id, transaction_type, amount_minor, balance_after_minor, created_at)
      SELECT txn.id, acc.id, ${type}, acc.delta, acc.balance_minor + acc.delta, ${at}
      FROM acc, txn ORDER BY acc.ord
      RETURNING id`,
  };
}

/** A posting's lines as two bound arrays (one prepared text for any number of lines). */
function postingArrays(lines: Line[]): SQL {
  const keys = lines.map((line) => accountKey(line.account));
  const deltas = lines.map((line) => line.amountMinor);
  return sql`unnest(${sql.param(keys)}::text[], ${sql.param(deltas)}::bigint[]) WITH ORDINALITY`;
}

/**
 * The lines of a posting with a fixed number of lines, as placeholders of a statement prepared
 * once (`line1Key`, `line1Delta`, …; `values` gives them for a posting's lines). A VALUES list
 * tells the planner how many lines there are, where unnest over an array parameter is guessed at
 * ten: with the guess the generic plan looked dearer than the custom ones, and PostgreSQL planned
 * the statement again on every call (the wallet payment paid that planning on every payment).
 */
export function postingPlaceholders(count: number): { lines: SQL; values(lines: Line[]): Record<string, unknown> } {
  const numbers = Array.from({ length: count }, (_, index) => index + 1);
  const rows = numbers.map(
    (n) =>
      sql`(${sql.placeholder(`line${n}Key`)}::text, ${sql.placeholder(`line${n}Delta`)}::bigint, ${sql.raw(`${n}`)}::bigint)`,
  );
  return {
    lines: sql`(VALUES ${sql.join(rows, sql`, `)})`,
    values(lines) {
      if (lines.length !== count) throw new Error(`a posting of ${count} lines got ${lines.length}`);
      return Object.fromEntries(
        lines.flatMap((line, index) => [
          [`line${index + 1}Key`, accountKey(line.account)],
          [`line${index + 1}Delta`, line.amountMinor],
        ]),
      );
    },
  };
}

/** Stands for the currency in account keys given to `unitPostingPlaceholders` (codes are three capitals). */
export const CURRENCY_IN_KEY = '{currency}';

/**
 * postingPlaceholders for a posting whose amount and currency the statement itself reads (from a
 * row it locks, `from`): the lines are given for one minor unit with CURRENCY_IN_KEY in place of
 * the currency in their keys (the keys' format stays accountKey's), and each becomes
 * (key with the row's currency, delta × the row's amount). One row in `from`, or none: no lines.
 */
export function unitPostingPlaceholders(
  count: number,
  row: { from: SQL; currency: SQL; amount: SQL },
): { lines: SQL; values(lines: Line[]): Record<string, unknown> } {
  const unit = postingPlaceholders(count);
  return {
    lines: sql`(SELECT replace(u.key, ${CURRENCY_IN_KEY}::text, ${row.currency}), u.delta * ${row.amount}, u.ord
      FROM ${unit.lines} AS u(key, delta, ord), ${row.from})`,
    values(lines) {
      for (const line of lines) {
        if (Math.abs(line.amountMinor) !== 1) throw new Error('unit posting lines move one minor unit');
        if (line.account.currencyCode !== CURRENCY_IN_KEY) throw new Error('unit posting lines name CURRENCY_IN_KEY');
      }
      return unit.values(lines);
    },
  };
}

/**
 * The whole posting as one statement (one round trip; the ledger is the hot path of every
 * payment): postingCtes with this posting's values, and the companion's write.
 */
function postingStatement(input: PostTransactionInput): Statement<PostingOutcome> {
  return {
    with: {
      ...postingCtes({
        lines: postingArrays(input.lines),
        lineCount: sql`${input.lines.length}`,
        type: sql`${input.type}`,
        reference: sql`${input.reference}`,
        description: sql`${input.description ?? null}`,
        metadata: sql`${JSON.stringify(input.metadata ?? {})}`,
        at: sql`${input.at?.toISOString() ?? null}`,
      }),
      also: input.companion?.statement ?? sql`SELECT 1 AS id WHERE false`,
    },
    select: sql`
    SELECT (SELECT id FROM txn) AS transaction_id, chk.found, chk.ok,
      (SELECT count(*) FROM upd) + (SELECT count(*) FROM ent) + (SELECT count(*) FROM also) AS written
    FROM chk`,
    columns: ['transaction_id', 'found', 'ok', 'written'],
  };
}

async function createAccounts(tx: Tx, refs: AccountRef[]): Promise<void> {
  await tx
    .insert(ledgerAccounts)
    .values(
      refs.map((ref) => ({
        key: accountKey(ref),
        kind: ref.kind,
        currencyCode: ref.currencyCode,
        userId: 'userId' in ref ? ref.userId : null,
        gateway: 'gateway' in ref ? ref.gateway : null,
      })),
    )
    .onConflictDoNothing({ target: ledgerAccounts.key });
}

async function existingTransaction(tx: Tx, reference: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reference, reference));
  return row?.id ?? null;
}

/**
 * Posts one balanced transaction inside the caller's database transaction (or on its own:
 * it is a single statement): entries are appended, cached balances move with them, and no
 * account other than gateway clearing goes below zero. Nothing is written when it refuses.
 */
export async function postTransaction(tx: Tx, input: PostTransactionInput): Promise<PostedTransaction> {
  assertBalanced(input.lines);
  for (let attempt = 0; ; attempt++) {
    const outcome = await executePosting(tx, input);
    if (!outcome) throw new Error('ledger posting answered nothing');
    if (outcome.transaction_id) return { transactionId: outcome.transaction_id, applied: true };

    if (Number(outcome.found) < input.lines.length) {
      // First use of an account: create it, then post again (a replay needs no new account).
      const replayed = await existingTransaction(tx, input.reference);
      if (replayed) return { transactionId: replayed, applied: false };
      if (attempt > 0) throw new Error(`ledger accounts for ${input.reference} could not be created`);
      await createAccounts(
        tx,
        input.lines.map((line) => line.account),
      );
      continue;
    }
    const replayed = await existingTransaction(tx, input.reference);
    if (replayed) return { transactionId: replayed, applied: false };
    if (outcome.ok === false) throw new AppError(input.insufficientFunds ?? 'INSUFFICIENT_FUNDS');
    throw new Error(`ledger posting ${input.reference} was not applied`);
  }
}

/** The cached balance of an account (0 when it has never been used). */
export async function accountBalance(tx: Tx, ref: AccountRef): Promise<number> {
  const [row] = await tx
    .select({ balanceMinor: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, accountKey(ref)));
  return row?.balanceMinor ?? 0;
}

/** All booking escrow of a currency: the unsharded account of before and every shard. */
export async function escrowBalance(tx: Tx, currencyCode: string): Promise<number> {
  const [row] = await tx
    .select({ balanceMinor: sql<string>`COALESCE(sum(${ledgerAccounts.balanceMinor}), 0)` })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'booking_escrow'), eq(ledgerAccounts.currencyCode, currencyCode)));
  return Number(row?.balanceMinor ?? 0);
}
