import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { GatewayError, gatewayByName } from '../../platform/payments/gateway.ts';
import { isValidPaystackSignature } from '../../platform/payments/paystack.ts';
import { syncPayout } from '../earnings/payouts.ts';
import { confirmPayment, findPayment } from './card-payments.ts';
import { applyIncomingTransfer, findVirtualAccount } from './virtual-accounts.ts';

interface PaystackEvent {
  event?: unknown;
  data?: { reference?: unknown; channel?: unknown; customer?: { customer_code?: unknown } | null } | null;
}

/**
 * POST /payment/webhook/paystack. The signature is checked over the raw bytes before anything
 * is read; then the event only tells us *what* to re-check: every charge and transfer is
 * verified through Paystack's API before any money moves, so a replayed or altered event can
 * change nothing. Answers 503 when Paystack cannot be asked (Paystack retries).
 */
export async function handlePaystackWebhook(
  deps: AppDeps,
  input: { rawBody: Buffer; signature: string | undefined },
): Promise<void> {
  if (!isValidPaystackSignature(deps.config.PAYSTACK_SECRET_KEY, input.rawBody, input.signature)) {
    throw new AppError('PAYMENT_WEBHOOK_SIGNATURE_INVALID');
  }
  let event: PaystackEvent;
  try {
    event = JSON.parse(input.rawBody.toString('utf8')) as PaystackEvent;
  } catch {
    throw new AppError('BAD_REQUEST');
  }
  const reference = typeof event.data?.reference === 'string' ? event.data.reference : null;
  if (!reference) return;
  try {
    switch (event.event) {
      case 'charge.success':
        await onChargeSuccess(deps, reference);
        return;
      case 'transfer.success':
      case 'transfer.failed':
      case 'transfer.reversed':
        await syncPayout(deps, reference);
        return;
      default:
        return;
    }
  } catch (error) {
    if (error instanceof GatewayError) throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE');
    throw error;
  }
}

/** Our own checkout (a payments row exists), or a bank transfer into a dedicated account. */
async function onChargeSuccess(deps: AppDeps, reference: string): Promise<void> {
  const payment = await findPayment(deps.db, reference);
  if (payment) {
    await confirmPayment(deps, reference, payment);
    return;
  }
  const gateway = gatewayByName(deps, 'paystack');
  const verified = await gateway.verifyCharge(reference);
  if (verified?.status !== 'success' || verified.reference !== reference) return;
  const account = await findVirtualAccount(deps.db, {
    gateway: 'paystack',
    customerCode: verified.customerCode,
    accountNumber: verified.receiverAccountNumber,
  });
  if (!account) {
    deps.log.warn({ paymentReference: reference }, 'Paystack charge matches no payment and no virtual account');
    return;
  }
  await applyIncomingTransfer(deps, {
    account,
    gatewayReference: reference,
    amountMinor: verified.amountMinor,
    currencyCode: verified.currencyCode,
    paidAt: verified.paidAt,
  });
}
