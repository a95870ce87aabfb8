import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ledgerAccounts, ledgerTransactions } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { preparedSql } from '../../platform/prepared.ts';
import { commissionRateFor } from './commission.ts';
import { type PostedTransaction, postTransaction } from './ledger.ts';
import { accountKey, escrowShard } from './ledger-math.ts';
import { earningLines, earningReversalLines, refundLines, walletPaymentLines } from './postings.ts';
import { references } from './references.ts';

/**
 * The money operations other modules (bookings) call inside their own database transaction.
 * Money for a booking waits in booking escrow: payFromWallet (or a card payment, see
 * startCardPayment and onPaymentSucceeded) puts it there; refundToWallet returns it to the
 * client; creditEarning pays it out to the provider minus commission. Every call carries a
 * `reference` that makes it idempotent: the same reference twice changes nothing the second time.
 * Pass `at: deps.clock.now()`; without it the database's transaction time is used.
 */

export interface PayFromWalletInput {
  userId: string;
  amountMinor: number;
  currencyCode: string;
  /** e.g. `booking:<id>:payment`. */
  reference: string;
  description?: string | null;
  bookingId?: string;
  at?: Date;
}

/** Debits the client's wallet into booking escrow; AppError INSUFFICIENT_FUNDS (409) when it is short. */
export async function payFromWallet(tx: Tx, input: PayFromWalletInput): Promise<PostedTransaction> {
  return postTransaction(tx, {
    type: 'booking_payment',
    reference: input.reference,
    at: input.at,
    description: input.description,
    metadata: { channel: 'wallet', ...(input.bookingId ? { bookingId: input.bookingId } : {}) },
    lines: walletPaymentLines({ ...input, escrowShard: input.bookingId ? escrowShard(input.bookingId) : undefined }),
  });
}

/**
 * Locks the client's wallet for the rest of the transaction and refuses (INSUFFICIENT_FUNDS) when
 * it holds less than `amountMinor`: several payments from one wallet in one transaction (a series
 * paid at once) are checked against their total once, before the first is posted, so a short
 * wallet changes nothing. The wallet is the first account every posting locks, so taking it
 * first keeps the ledger's lock order.
 */
export async function assertWalletCovers(
  tx: Tx,
  input: { userId: string; currencyCode: string; amountMinor: number },
): Promise<void> {
  const key = accountKey({ kind: 'client_wallet', currencyCode: input.currencyCode, userId: input.userId });
  const [wallet] = await tx
    .select({ balanceMinor: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, key))
    .for('update');
  if ((wallet?.balanceMinor ?? 0) < input.amountMinor) throw new AppError('INSUFFICIENT_FUNDS');
}

/** The escrow account a booking's payment credited last (its key), if any. */
const escrowCreditOf = preparedSql<{ key: string }>('money_escrow_credit_of_booking', () => ({
  select: sql`
    SELECT a.key FROM ledger_transactions t
    JOIN ledger_entries e ON e.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = e.account_id
    WHERE t.metadata ? 'bookingId' AND t.metadata->>'bookingId' = ${sql.placeholder('bookingId')}
      AND a.kind = 'booking_escrow' AND a.currency_code = ${sql.placeholder('currencyCode')} AND e.amount_minor > 0
    ORDER BY e.seq DESC LIMIT 1`,
  columns: ['key'],
}));

/**
 * The escrow shard that holds a booking's money: the account its payment credited. A payment
 * made before the shards, or posted without naming its booking, sat in the unsharded account
 * (undefined).
 */
async function escrowShardHolding(tx: Tx, bookingId: string, currencyCode: string): Promise<number | undefined> {
  const [credit] = await escrowCreditOf(tx, { bookingId, currencyCode });
  if (!credit) return undefined;
  const shard = credit.key.split(':')[2];
  return shard === undefined ? undefined : Number(shard);
}

export interface RefundToWalletInput {
  userId: string;
  amountMinor: number;
  currencyCode: string;
  /** e.g. `booking:<id>:refund`. */
  reference: string;
  description?: string | null;
  bookingId?: string;
  at?: Date;
}

/** Returns escrowed booking money to the client's wallet (type refund). */
export async function refundToWallet(tx: Tx, input: RefundToWalletInput): Promise<PostedTransaction> {
  const shard = input.bookingId ? await escrowShardHolding(tx, input.bookingId, input.currencyCode) : undefined;
  return postTransaction(tx, {
    type: 'refund',
    reference: input.reference,
    at: input.at,
    description: input.description,
    metadata: input.bookingId ? { bookingId: input.bookingId } : {},
    lines: refundLines({ ...input, escrowShard: shard }),
  });
}

export interface CreditEarningInput {
  providerId: string;
  /** The booking price the client paid. */
  grossMinor: number;
  currencyCode: string;
  /** e.g. `booking:<id>:earning`. */
  reference: string;
  description?: string | null;
  bookingId?: string;
  at?: Date;
}

/**
 * Moves a paid booking's money from escrow to the provider's available earnings, keeping the
 * platform's commission (rate per provider country, default 15%, rounded half up).
 */
export async function creditEarning(
  tx: Tx,
  input: CreditEarningInput,
): Promise<PostedTransaction & { netMinor: number; commissionMinor: number }> {
  const rateBps = await commissionRateFor(tx, input.providerId);
  const shard = input.bookingId ? await escrowShardHolding(tx, input.bookingId, input.currencyCode) : undefined;
  const { lines, netMinor, commissionMinor } = earningLines({ ...input, rateBps, escrowShard: shard });
  const posted = await postTransaction(tx, {
    type: 'earning',
    reference: input.reference,
    at: input.at,
    description: input.description,
    metadata: {
      grossMinor: input.grossMinor,
      commissionMinor,
      netMinor,
      rateBps,
      ...(input.bookingId ? { bookingId: input.bookingId } : {}),
    },
    lines,
  });
  return { ...posted, netMinor, commissionMinor };
}

export interface ReverseEarningInput {
  bookingId: string;
  providerId: string;
  clientId: string;
  currencyCode: string;
  at?: Date;
}

/**
 * An operator decided the session did not take place: its earning goes back to the client's
 * wallet in full, the provider's net and the platform's commission together, as one refund
 * (idempotent by `booking:<id>:earning-reversal`). Nothing to take back without an earning.
 * The provider cannot have withdrawn it: it is held while the report waits (held-earnings.ts).
 */
export async function reverseEarning(
  tx: Tx,
  input: ReverseEarningInput,
): Promise<PostedTransaction & { refundMinor: number }> {
  const [earning] = await tx
    .select({ metadata: ledgerTransactions.metadata })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reference, references.bookingEarning(input.bookingId)));
  if (!earning) return { transactionId: '', applied: false, refundMinor: 0 };
  const metadata = earning.metadata as { netMinor?: number; commissionMinor?: number };
  const netMinor = Number(metadata.netMinor ?? 0);
  const commissionMinor = Number(metadata.commissionMinor ?? 0);
  if (netMinor + commissionMinor === 0) return { transactionId: '', applied: false, refundMinor: 0 };
  const posted = await postTransaction(tx, {
    type: 'refund',
    reference: references.bookingEarningReversal(input.bookingId),
    at: input.at,
    description: 'The session did not take place',
    metadata: { bookingId: input.bookingId, netMinor, commissionMinor },
    lines: earningReversalLines({ ...input, netMinor, commissionMinor }),
  });
  return { ...posted, refundMinor: netMinor + commissionMinor };
}
