import type { PaymentStatus } from '@app/shared/schemas/wallet';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { decideSandboxCharge, findSandboxCharge } from '../../platform/payments/sandbox.ts';
import { confirmPayment } from './card-payments.ts';
import { references } from './references.ts';
import { applyIncomingTransfer, findVirtualAccount } from './virtual-accounts.ts';

/** The callback path with the gateway's query (?trxref=&reference=, as Paystack sends it). */
export function callbackWithReference(callbackUrl: string, reference: string): string {
  const url = new URL(callbackUrl, 'http://sandbox.invalid');
  url.searchParams.set('trxref', reference);
  url.searchParams.set('reference', reference);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The payer's Approve/Decline on the sandbox checkout page. The sandbox gateway records the
 * decision in its own books, then notifies us the way a real gateway's webhook would: our side
 * verifies through the gateway and credits (or fails) the payment.
 */
export async function decideSandboxPayment(
  deps: AppDeps,
  input: { reference: string; decision: 'approve' | 'decline' },
): Promise<{ reference: string; status: PaymentStatus; redirectUrl: string; changed: boolean }> {
  const charge = await findSandboxCharge(deps, input.reference);
  if (!charge) throw new AppError('NOT_FOUND');
  const decided = await decideSandboxCharge(deps, input.reference, input.decision === 'approve' ? 'success' : 'failed');
  const payment = await confirmPayment(deps, input.reference);
  return {
    reference: input.reference,
    status: payment?.status ?? (charge.status === 'success' ? 'success' : 'failed'),
    redirectUrl: callbackWithReference(charge.callbackUrl, input.reference),
    changed: decided !== null,
  };
}

/** A simulated bank transfer into a sandbox virtual account (the sandbox bank's notification). */
export async function simulateSandboxTransfer(
  deps: AppDeps,
  input: { accountNumber: string; amountMinor: number; reference?: string },
) {
  const account = await findVirtualAccount(deps.db, { gateway: 'sandbox', accountNumber: input.accountNumber });
  if (!account) throw new AppError('NOT_FOUND');
  const reference = input.reference ?? references.newSandboxTransfer();
  const result = await applyIncomingTransfer(deps, {
    account,
    gatewayReference: reference,
    amountMinor: input.amountMinor,
    currencyCode: account.currencyCode,
    paidAt: deps.clock.now(),
  });
  return { reference, credited: result.credited, amount: input.amountMinor, currencyCode: account.currencyCode };
}
