import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser } from '../../../test/factories.ts';
import { testDriver } from '../../../test/test-database.ts';
import type { Tx } from '../../db/client.ts';
import { ledgerAccounts } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { creditEarning, payFromWallet, refundToWallet } from './escrow.ts';
import { postTransaction } from './ledger.ts';
import { auditLedger } from './ledger-audit.ts';
import { type AccountKind, accountKey, applyLines, assertBalanced, type Line } from './ledger-math.ts';
import {
  earningLines,
  payoutLines,
  payoutReversalLines,
  refundLines,
  topUpLines,
  walletPaymentLines,
} from './postings.ts';

/**
 * The ledger against a model anyone can check by eye: a handful of plain numbers (each
 * wallet, each provider's earnings, escrow, commission, the gateway) moved by the product's
 * rules. Random sequences of top-ups, wallet payments, refunds, earnings, payouts, reversals
 * and replays of old references run through the real code; after every step the books must
 * match the model, sum to zero and have no negative user balance.
 */

const CURRENCY = 'NGN';
const GATEWAY = 'sandbox';
const CLIENTS = 3;
const PROVIDERS = 2;

type Op =
  | { kind: 'topUp'; user: number; amount: number }
  | { kind: 'pay'; user: number; amount: number }
  | { kind: 'refund'; user: number; amount: number }
  | { kind: 'earn'; provider: number; gross: number }
  | { kind: 'payout'; provider: number; amount: number }
  | { kind: 'reverse'; payout: number }
  | { kind: 'replay'; step: number };

const amount = fc.integer({ min: 1, max: 60_000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('topUp' as const), user: fc.nat(CLIENTS - 1), amount }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pay' as const), user: fc.nat(CLIENTS - 1), amount }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), user: fc.nat(CLIENTS - 1), amount }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('earn' as const), provider: fc.nat(PROVIDERS - 1), gross: amount }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('payout' as const), provider: fc.nat(PROVIDERS - 1), amount }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverse' as const), payout: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const), step: fc.nat(60) }) },
);

/** The naive model: plain numbers and the product's rules written out longhand. */
class Model {
  wallets = Array<number>(CLIENTS).fill(0);
  earnings = Array<number>(PROVIDERS).fill(0);
  escrow = 0;
  commission = 0;
  gateway = 0;
  payouts: Array<{ provider: number; amount: number; reversed: boolean }> = [];

  constructor(readonly rateBps: number) {}

  /** false when the operation is refused (nothing changes). */
  apply(op: Op): boolean {
    switch (op.kind) {
      case 'topUp':
        this.wallets[op.user] = (this.wallets[op.user] ?? 0) + op.amount;
        this.gateway -= op.amount;
        return true;
      case 'pay':
        if ((this.wallets[op.user] ?? 0) < op.amount) return false;
        this.wallets[op.user] = (this.wallets[op.user] ?? 0) - op.amount;
        this.escrow += op.amount;
        return true;
      case 'refund':
        if (this.escrow < op.amount) return false;
        this.escrow -= op.amount;
        this.wallets[op.user] = (this.wallets[op.user] ?? 0) + op.amount;
        return true;
      case 'earn': {
        if (this.escrow < op.gross) return false;
        const commission = Math.round((op.gross * this.rateBps) / 10_000);
        this.escrow -= op.gross;
        this.commission += commission;
        this.earnings[op.provider] = (this.earnings[op.provider] ?? 0) + op.gross - commission;
        return true;
      }
      case 'payout':
        if ((this.earnings[op.provider] ?? 0) < op.amount) return false;
        this.earnings[op.provider] = (this.earnings[op.provider] ?? 0) - op.amount;
        this.gateway += op.amount;
        this.payouts.push({ provider: op.provider, amount: op.amount, reversed: false });
        return true;
      case 'reverse': {
        const payout = this.payouts[op.payout];
        if (!payout || payout.reversed) return true;
        payout.reversed = true;
        this.earnings[payout.provider] = (this.earnings[payout.provider] ?? 0) + payout.amount;
        this.gateway -= payout.amount;
        return true;
      }
      case 'replay':
        return true;
    }
  }

  balances(clients: string[], providers: string[]): Map<string, number> {
    const map = new Map<string, number>();
    const set = (key: string, value: number) => {
      if (value !== 0) map.set(key, value);
    };
    for (const [i, userId] of clients.entries()) {
      set(accountKey({ kind: 'client_wallet', currencyCode: CURRENCY, userId }), this.wallets[i] ?? 0);
    }
    for (const [i, userId] of providers.entries()) {
      set(accountKey({ kind: 'provider_earnings', currencyCode: CURRENCY, userId }), this.earnings[i] ?? 0);
    }
    set(accountKey({ kind: 'booking_escrow', currencyCode: CURRENCY }), this.escrow);
    set(accountKey({ kind: 'platform_commission', currencyCode: CURRENCY }), this.commission);
    set(CLEARING_TOTAL, this.gateway);
    return map;
  }
}

/** One operation as the product expresses it: a reference and its lines (replays reuse an earlier one). */
interface Posting {
  reference: string;
  lines: Line[];
  payoutIndex?: number;
}

/** The gateway's clearing shards, summed: the model knows one gateway balance. */
const CLEARING_TOTAL = `gateway_clearing:${CURRENCY}:${GATEWAY}:*`;

/** Non-zero balances, with the clearing shards summed into CLEARING_TOTAL. */
function nonZero(map: Map<string, number>): Map<string, number> {
  const collapsed = new Map<string, number>();
  for (const [key, value] of map) {
    const name = key.startsWith('gateway_clearing:') ? CLEARING_TOTAL : key;
    collapsed.set(name, (collapsed.get(name) ?? 0) + value);
  }
  return new Map([...collapsed].filter(([, value]) => value !== 0));
}

function sortedEntries(map: Map<string, number>) {
  return [...map].sort(([a], [b]) => a.localeCompare(b));
}

describe('ledger arithmetic (pure): thousands of random sequences', () => {
  const clients = ['c0', 'c1', 'c2'];
  const providers = ['p0', 'p1'];

  it('matches the model, sums to zero, never goes negative, applies each reference once', () => {
    fc.assert(
      fc.property(fc.constantFrom(0, 333, 1500, 2500, 10_000), fc.array(opArb, { maxLength: 60 }), (rateBps, ops) => {
        const model = new Model(rateBps);
        const accounts = new Map<string, { kind: AccountKind; balanceMinor: number }>();
        const posted = new Set<string>();
        const history: Posting[] = [];
        const payoutRefs: string[] = [];

        const post = ({ reference, lines }: Posting): boolean => {
          if (posted.has(reference)) return true; // idempotent: nothing changes
          assertBalanced(lines);
          for (const line of lines) {
            const key = accountKey(line.account);
            if (!accounts.has(key)) accounts.set(key, { kind: line.account.kind, balanceMinor: 0 });
          }
          const result = applyLines(accounts, lines);
          if (!result.ok) return false;
          for (const [key, balance] of result.balances) {
            const account = accounts.get(key);
            if (account) account.balanceMinor = balance;
          }
          posted.add(reference);
          return true;
        };

        ops.forEach((op, step) => {
          const posting = toPosting(op, step, clients, providers, rateBps, history, payoutRefs);
          const expected = model.apply(op);
          const applied = posting ? post(posting) : true;
          expect(applied).toBe(expected);
          // Only what was applied can be replayed (a refused operation left no reference behind).
          if (posting && applied) history.push(posting);
          if (op.kind === 'payout' && applied && posting) payoutRefs.push(posting.reference);

          const balances = new Map([...accounts].map(([key, account]) => [key, account.balanceMinor]));
          expect(sortedEntries(nonZero(balances))).toEqual(sortedEntries(model.balances(clients, providers)));
          expect([...balances.values()].reduce((sum, value) => sum + value, 0)).toBe(0);
          for (const [key, account] of accounts) {
            if (account.kind !== 'gateway_clearing') expect(account.balanceMinor, key).toBeGreaterThanOrEqual(0);
          }
        });
      }),
      { numRuns: 3_000 },
    );
  });
});

function toPosting(
  op: Op,
  step: number,
  clients: string[],
  providers: string[],
  rateBps: number,
  history: Posting[],
  payoutRefs: string[],
): Posting | null {
  const reference = `step-${step}`;
  const client = (i: number) => clients[i] as string;
  const provider = (i: number) => providers[i] as string;
  switch (op.kind) {
    case 'topUp':
      return {
        reference,
        lines: topUpLines({
          userId: client(op.user),
          amountMinor: op.amount,
          currencyCode: CURRENCY,
          gateway: GATEWAY,
          reference,
        }),
      };
    case 'pay':
      return {
        reference,
        lines: walletPaymentLines({ userId: client(op.user), amountMinor: op.amount, currencyCode: CURRENCY }),
      };
    case 'refund':
      return {
        reference,
        lines: refundLines({ userId: client(op.user), amountMinor: op.amount, currencyCode: CURRENCY }),
      };
    case 'earn':
      return {
        reference,
        lines: earningLines({
          providerId: provider(op.provider),
          grossMinor: op.gross,
          currencyCode: CURRENCY,
          rateBps,
        }).lines,
      };
    case 'payout':
      return {
        reference,
        lines: payoutLines({
          userId: provider(op.provider),
          amountMinor: op.amount,
          currencyCode: CURRENCY,
          gateway: GATEWAY,
          reference,
        }),
      };
    case 'reverse': {
      const payoutRef = payoutRefs[op.payout];
      const original = history.find((posting) => posting.reference === payoutRef);
      if (!payoutRef || !original) return null;
      const debit = original.lines[0] as Line;
      const userId = 'userId' in debit.account ? debit.account.userId : '';
      return {
        reference: `reversal-of-${payoutRef}`,
        lines: payoutReversalLines({
          userId,
          amountMinor: -debit.amountMinor,
          currencyCode: CURRENCY,
          gateway: GATEWAY,
          reference: `reversal-of-${payoutRef}`,
        }),
      };
    }
    case 'replay':
      return history[op.step % Math.max(history.length, 1)] ?? null;
  }
}

describe('ledger in the database: random sequences through the services', () => {
  let t: TestApp;
  let clients: string[];
  let providers: string[];

  beforeAll(async () => {
    t = await buildTestApp();
    clients = [];
    providers = [];
    for (let i = 0; i < CLIENTS; i++) clients.push((await createTestUser(t, { role: 'client' })).id);
    for (let i = 0; i < PROVIDERS; i++) providers.push((await createTestUser(t, { role: 'provider' })).id);
  });
  afterAll(() => t.close());

  class RolledBack extends Error {}

  /** Runs one operation the way the product does; false when refused. */
  async function run(tx: Tx, posting: Posting, op: Op): Promise<boolean> {
    try {
      if (op.kind === 'pay') {
        await payFromWallet(tx, {
          userId: clients[op.user] as string,
          amountMinor: op.amount,
          currencyCode: CURRENCY,
          reference: posting.reference,
        });
      } else if (op.kind === 'refund') {
        await refundToWallet(tx, {
          userId: clients[op.user] as string,
          amountMinor: op.amount,
          currencyCode: CURRENCY,
          reference: posting.reference,
        });
      } else if (op.kind === 'earn') {
        await creditEarning(tx, {
          providerId: providers[op.provider] as string,
          grossMinor: op.gross,
          currencyCode: CURRENCY,
          reference: posting.reference,
        });
      } else {
        await postTransaction(tx, {
          type:
            op.kind === 'topUp'
              ? 'top_up'
              : op.kind === 'payout'
                ? 'payout'
                : op.kind === 'reverse'
                  ? 'payout_reversal'
                  : 'top_up',
          reference: posting.reference,
          lines: posting.lines,
        });
      }
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') return false;
      throw error;
    }
  }

  // Hundreds of rolled-back sequences on the server: minutes on a loaded machine, seconds on a quiet one.
  it('keeps the database equal to the model (each sequence rolled back afterwards)', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 30 }), async (ops) => {
        const model = new Model(1500);
        try {
          await t.deps.db.transaction(async (tx) => {
            const history: Array<Posting & { op: Op }> = [];
            const payoutRefs: string[] = [];
            for (const [step, op] of ops.entries()) {
              const posting = toPosting(op, step, clients, providers, 1500, history, payoutRefs);
              const expected = model.apply(op);
              if (!posting) continue;
              // A replay runs the original operation again with its original reference.
              const original = op.kind === 'replay' ? history.find((h) => h.reference === posting.reference)?.op : op;
              const applied = await run(tx, posting, original ?? op);
              expect(applied || op.kind === 'replay').toBe(expected || op.kind === 'replay');
              if (applied) history.push({ ...posting, op: original ?? op });
              if (op.kind === 'payout' && applied) payoutRefs.push(posting.reference);
            }
            const rows = await tx
              .select({ key: ledgerAccounts.key, balance: ledgerAccounts.balanceMinor })
              .from(ledgerAccounts)
              .where(eq(ledgerAccounts.currencyCode, CURRENCY));
            const actual = nonZero(new Map(rows.map((row) => [row.key, row.balance])));
            expect(sortedEntries(actual)).toEqual(sortedEntries(model.balances(clients, providers)));
            expect(await auditLedger(tx)).toEqual({
              unbalancedTransactions: [],
              mismatchedAccounts: [],
              negativeAccounts: [],
            });
            throw new RolledBack();
          });
        } catch (error) {
          if (!(error instanceof RolledBack)) throw error;
        }
      }),
      // PGlite runs one statement at a time and slowly; the server takes more sequences.
      { numRuns: testDriver === 'pg' ? 300 : 50 },
    );
  });
});
