import { type AccountRef, clearingShard, type Line, splitCommission } from './ledger-math.ts';

/**
 * The shape of every money movement the product makes, as ledger lines. The services post
 * these; the property test runs random sequences of them against a naive model.
 */

const wallet = (userId: string, currencyCode: string): AccountRef => ({ kind: 'client_wallet', currencyCode, userId });
const earnings = (userId: string, currencyCode: string): AccountRef => ({
  kind: 'provider_earnings',
  currencyCode,
  userId,
});
/** Booking escrow: a shard (ESCROW_SHARDS), or the unsharded account of before (undefined). */
const escrow = (currencyCode: string, shard?: number): AccountRef =>
  shard === undefined ? { kind: 'booking_escrow', currencyCode } : { kind: 'booking_escrow', currencyCode, shard };
/** The clearing shard for this posting (see CLEARING_SHARDS). */
const clearing = (gateway: string, currencyCode: string, reference: string): AccountRef => ({
  kind: 'gateway_clearing',
  currencyCode,
  gateway,
  shard: clearingShard(reference),
});

/** Two lines: `amountMinor` leaves one account and arrives in the other. */
function move(from: AccountRef, to: AccountRef, amountMinor: number): Line[] {
  return [
    { account: from, amountMinor: -amountMinor },
    { account: to, amountMinor },
  ];
}

/** Money verified at a gateway lands in a wallet (card or bank transfer top-up). */
export function topUpLines(input: {
  userId: string;
  amountMinor: number;
  currencyCode: string;
  gateway: string;
  reference: string;
}): Line[] {
  return move(
    clearing(input.gateway, input.currencyCode, input.reference),
    wallet(input.userId, input.currencyCode),
    input.amountMinor,
  );
}

/** A card payment for a booking goes from the gateway straight into escrow. */
export function cardBookingPaymentLines(input: {
  amountMinor: number;
  currencyCode: string;
  gateway: string;
  reference: string;
  escrowShard?: number;
}): Line[] {
  return move(
    clearing(input.gateway, input.currencyCode, input.reference),
    escrow(input.currencyCode, input.escrowShard),
    input.amountMinor,
  );
}

/** A booking paid from the wallet: wallet → escrow. */
export function walletPaymentLines(input: {
  userId: string;
  amountMinor: number;
  currencyCode: string;
  escrowShard?: number;
}): Line[] {
  return move(
    wallet(input.userId, input.currencyCode),
    escrow(input.currencyCode, input.escrowShard),
    input.amountMinor,
  );
}

/** A refund: escrow → wallet. */
export function refundLines(input: {
  userId: string;
  amountMinor: number;
  currencyCode: string;
  escrowShard?: number;
}): Line[] {
  return move(
    escrow(input.currencyCode, input.escrowShard),
    wallet(input.userId, input.currencyCode),
    input.amountMinor,
  );
}

/** An earning: escrow → provider (net) + platform (commission); zero lines left out. */
export function earningLines(input: {
  providerId: string;
  grossMinor: number;
  currencyCode: string;
  rateBps: number;
  escrowShard?: number;
}): { lines: Line[]; netMinor: number; commissionMinor: number } {
  const { commissionMinor, netMinor } = splitCommission(input.grossMinor, input.rateBps);
  const lines: Line[] = [{ account: escrow(input.currencyCode, input.escrowShard), amountMinor: -input.grossMinor }];
  if (netMinor > 0) lines.push({ account: earnings(input.providerId, input.currencyCode), amountMinor: netMinor });
  if (commissionMinor > 0) {
    lines.push({
      account: { kind: 'platform_commission', currencyCode: input.currencyCode },
      amountMinor: commissionMinor,
    });
  }
  return { lines, netMinor, commissionMinor };
}

/** A payout leaves through the gateway: earnings → clearing. */
export function payoutLines(input: {
  userId: string;
  amountMinor: number;
  currencyCode: string;
  gateway: string;
  reference: string;
}): Line[] {
  return move(
    earnings(input.userId, input.currencyCode),
    clearing(input.gateway, input.currencyCode, input.reference),
    input.amountMinor,
  );
}

/** A failed or reversed payout comes back: clearing → earnings. */
export function payoutReversalLines(input: {
  userId: string;
  amountMinor: number;
  currencyCode: string;
  gateway: string;
  reference: string;
}): Line[] {
  return move(
    clearing(input.gateway, input.currencyCode, input.reference),
    earnings(input.userId, input.currencyCode),
    input.amountMinor,
  );
}

/** An earning taken back (the session did not take place): provider (net) + platform (commission) → the client's wallet. */
export function earningReversalLines(input: {
  providerId: string;
  clientId: string;
  currencyCode: string;
  netMinor: number;
  commissionMinor: number;
}): Line[] {
  const lines: Line[] = [];
  if (input.netMinor > 0)
    lines.push({ account: earnings(input.providerId, input.currencyCode), amountMinor: -input.netMinor });
  if (input.commissionMinor > 0) {
    lines.push({
      account: { kind: 'platform_commission', currencyCode: input.currencyCode },
      amountMinor: -input.commissionMinor,
    });
  }
  lines.push({
    account: wallet(input.clientId, input.currencyCode),
    amountMinor: input.netMinor + input.commissionMinor,
  });
  return lines;
}
