/**
 * The rules of the ledger, free of any database: account names, what a valid transaction is,
 * how balances move and when a posting is refused, and the commission split. The posting
 * statement in ledger.ts applies the same rules in SQL; the property test runs thousands of
 * random sequences through these functions and through the database against a naive model.
 */

export const ACCOUNT_KINDS = [
  'client_wallet',
  'provider_earnings',
  'booking_escrow',
  'platform_commission',
  'gateway_clearing',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** The outside world's side of the books: may go below zero. Every other account may not. */
export function mayGoNegative(kind: AccountKind): boolean {
  return kind === 'gateway_clearing';
}

export type AccountRef =
  | { kind: 'client_wallet' | 'provider_earnings'; currencyCode: string; userId: string }
  | { kind: 'platform_commission'; currencyCode: string }
  /** Without a shard: the one escrow account of before the shards (money paid into it stays there). */
  | { kind: 'booking_escrow'; currencyCode: string; shard?: number }
  | { kind: 'gateway_clearing'; currencyCode: string; gateway: string; shard: number };

/**
 * Gateway clearing takes part in every top-up and payout; as one row it would make every
 * confirmation wait for the previous one's commit. It is kept as this many shard accounts
 * per gateway and currency (the gateway's balance is their sum); a posting picks its shard
 * from its reference, so the same event always lands on the same shard.
 */
export const CLEARING_SHARDS = 16;

/** FNV-1a of the reference, modulo CLEARING_SHARDS. */
export function clearingShard(reference: string): number {
  return fnv1a(reference) % CLEARING_SHARDS;
}

/**
 * Booking escrow takes part in every booking payment; as one row it would make every payment
 * wait for the previous one's commit (the row stays locked until then). It is kept as this many
 * shard accounts per currency (escrow is their sum); a booking's money goes into the shard of its
 * id, and its refund or earning takes it from the account its payment credited (escrow.ts).
 */
export const ESCROW_SHARDS = 16;

/** FNV-1a of the booking id, modulo ESCROW_SHARDS. */
export function escrowShard(bookingId: string): number {
  return fnv1a(bookingId) % ESCROW_SHARDS;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The unique name of an account: kind:currency[:owner][:shard]. */
export function accountKey(ref: AccountRef): string {
  switch (ref.kind) {
    case 'client_wallet':
    case 'provider_earnings':
      return `${ref.kind}:${ref.currencyCode}:${ref.userId}`;
    case 'gateway_clearing':
      return `${ref.kind}:${ref.currencyCode}:${ref.gateway}:${ref.shard}`;
    case 'booking_escrow':
      return ref.shard === undefined
        ? `${ref.kind}:${ref.currencyCode}`
        : `${ref.kind}:${ref.currencyCode}:${ref.shard}`;
    default:
      return `${ref.kind}:${ref.currencyCode}`;
  }
}

export interface Line {
  account: AccountRef;
  /** Signed minor units: positive credits the account. */
  amountMinor: number;
}

export class UnbalancedTransactionError extends Error {}

/** A transaction is 2+ lines on distinct accounts of one currency, non-zero integers summing to zero. */
export function assertBalanced(lines: readonly Line[]): void {
  if (lines.length < 2) throw new UnbalancedTransactionError('a transaction needs at least two lines');
  const keys = new Set<string>();
  let sum = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountMinor) || line.amountMinor === 0) {
      throw new UnbalancedTransactionError(`line amount must be a non-zero integer, got ${line.amountMinor}`);
    }
    if (line.account.currencyCode !== lines[0]?.account.currencyCode) {
      throw new UnbalancedTransactionError('all lines of a transaction share one currency');
    }
    const key = accountKey(line.account);
    if (keys.has(key)) throw new UnbalancedTransactionError(`account ${key} appears twice`);
    keys.add(key);
    sum += line.amountMinor;
  }
  if (sum !== 0) throw new UnbalancedTransactionError(`lines sum to ${sum}, not 0`);
}

export interface AccountState {
  kind: AccountKind;
  balanceMinor: number;
}

export type ApplyResult =
  | { ok: true; balances: Map<string, number> }
  | { ok: false; shortAccount: string; balanceMinor: number; neededMinor: number };

/**
 * New balances after the lines, keyed like `accounts`; refuses (ok: false) when an account
 * that may not go negative would.
 */
export function applyLines(accounts: ReadonlyMap<string, AccountState>, lines: readonly Line[]): ApplyResult {
  const balances = new Map<string, number>();
  for (const line of lines) {
    const key = accountKey(line.account);
    const account = accounts.get(key);
    if (!account) throw new Error(`account ${key} is not loaded`);
    const next = account.balanceMinor + line.amountMinor;
    if (next < 0 && !mayGoNegative(account.kind)) {
      return { ok: false, shortAccount: key, balanceMinor: account.balanceMinor, neededMinor: -line.amountMinor };
    }
    balances.set(key, next);
  }
  return { ok: true, balances };
}

/** 15% unless a country has its own rate (commission_rates). */
export const DEFAULT_COMMISSION_BPS = 1500;

/**
 * The platform's commission on a gross amount, rounded half up to the minor unit, and what is
 * left for the provider. Big integers so no amount loses precision.
 */
export function splitCommission(grossMinor: number, rateBps: number): { commissionMinor: number; netMinor: number } {
  if (!Number.isSafeInteger(grossMinor) || grossMinor <= 0) throw new Error('gross must be a positive integer');
  if (!Number.isInteger(rateBps) || rateBps < 0 || rateBps > 10_000) throw new Error('rate must be 0..10000 bps');
  const commissionMinor = Number((BigInt(grossMinor) * BigInt(rateBps) + 5_000n) / 10_000n);
  return { commissionMinor, netMinor: grossMinor - commissionMinor };
}
