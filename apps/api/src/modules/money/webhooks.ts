import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { GatewayError, type PaymentGateway, type WebhookDelivery } from '../../platform/payments/gateway.ts';
import { confirmPayment, findPayment } from './card-payments.ts';
import { syncPayout } from './payouts.ts';
import { applyIncomingTransfer, findVirtualAccount } from './virtual-accounts.ts';
import { recordWebhookEvent, webhookEventApplied } from './webhook-events.ts';

/**
 * POST /payment/webhook/:gateway. The gateway checks the signature over the raw bytes before
 * anything is read (parseWebhook); then the event only tells us *what* to re-check: every
 * charge and transfer is verified through the gateway's API before any money moves, so a
 * replayed or altered event can change nothing. Answers 503 when the gateway cannot be asked
 * (gateways retry).
 */
export async function handleGatewayWebhook(
  deps: AppDeps,
  input: { gateway: PaymentGateway; delivery: WebhookDelivery },
): Promise<void> {
  const gateway = input.gateway.name;
  const count = (outcome: 'applied' | 'duplicate' | 'ignored' | 'refused' | 'failed') =>
    deps.events.outcome({ kind: 'webhook', gateway, outcome });
  let event: ReturnType<PaymentGateway['parseWebhook']>;
  try {
    event = input.gateway.parseWebhook(input.delivery);
  } catch (error) {
    count('refused'); // a bad or stale signature
    throw error;
  }
  if (!event) return count('ignored');
  const { eventId } = event;
  // An event applied before (a replay within the signature's tolerance, a retry) changes nothing.
  if (eventId && (await webhookEventApplied(deps, { gateway, eventId }))) return count('duplicate');
  try {
    switch (event.type) {
      case 'charge.success':
        await onChargeSuccess(deps, input.gateway, event.reference);
        break;
      case 'charge.updated':
        await onChargeUpdated(deps, event.reference);
        break;
      case 'transfer.updated':
        await syncPayout(deps, event.reference);
        break;
    }
  } catch (error) {
    count('failed');
    if (error instanceof GatewayError) throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE');
    throw error;
  }
  if (eventId) await recordWebhookEvent(deps, { gateway, event: { ...event, eventId } });
  count('applied');
}

/**
 * A checkout of ours changed at the gateway (paid, failed, expired): whatever the event says,
 * the payment is verified again and takes the gateway's present state, so events arriving late
 * or out of order all end in the same place.
 */
async function onChargeUpdated(deps: AppDeps, reference: string): Promise<void> {
  const payment = await findPayment(deps.db, reference);
  if (!payment) {
    deps.log.warn({ paymentReference: reference }, 'gateway checkout event names no payment of ours');
    return;
  }
  await confirmPayment(deps, reference, payment);
}

/** Our own checkout (a payments row exists), or a bank transfer into a dedicated account. */
async function onChargeSuccess(deps: AppDeps, gateway: PaymentGateway, reference: string): Promise<void> {
  const payment = await findPayment(deps.db, reference);
  if (payment) {
    await confirmPayment(deps, reference, payment);
    return;
  }
  const verified = await gateway.verify(reference);
  if (verified?.status !== 'success' || verified.reference !== reference) return;
  const account = await findVirtualAccount(deps.db, {
    gateway: gateway.name,
    customerCode: verified.customerCode,
    accountNumber: verified.receiverAccountNumber,
  });
  if (!account) {
    deps.log.warn({ paymentReference: reference }, 'gateway charge matches no payment and no virtual account');
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
