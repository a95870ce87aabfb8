import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../app-error.ts';
import {
  type ChargeVerification,
  GatewayError,
  type PaymentGateway,
  type TransferResult,
  type WebhookEvent,
} from './types.ts';

/**
 * Paystack (https://paystack.com/docs/api/): transaction initialize/verify for card checkouts,
 * customer + dedicated_account for bank-transfer top-ups, transferrecipient + transfer for
 * payouts. Amounts are already in the minor unit Paystack expects (kobo). Paystack settles
 * NGN (and USD for some merchants); we declare NGN only. GBP/EUR need another gateway.
 */
export const PAYSTACK_CURRENCIES = new Set(['NGN']);
/** The bank Paystack assigns dedicated accounts at (test mode accepts "test-bank"). */
export const PAYSTACK_PREFERRED_BANK = 'wema-bank';
const TIMEOUT_MS = 15_000;

interface PaystackAnswer<T> {
  status: boolean;
  message?: string;
  data?: T;
}

interface PaystackOptions {
  baseUrl: string;
  secretKey: string | undefined;
  /** Absolute site URL; Paystack needs absolute callback URLs. */
  publicUrl?: string;
}

class NotFound extends Error {}

interface PaystackEvent {
  event?: unknown;
  data?: { reference?: unknown } | null;
}

export function createPaystackGateway(options: PaystackOptions): PaymentGateway {
  const base = options.baseUrl.replace(/\/+$/, '');

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    if (!options.secretKey) throw new GatewayError('PAYSTACK_SECRET_KEY is not set', true);
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${options.secretKey}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new GatewayError(`Paystack ${method} ${path} failed: ${(error as Error).message}`, false);
    }
    let answer: PaystackAnswer<T> | null = null;
    try {
      answer = (await response.json()) as PaystackAnswer<T>;
    } catch {
      answer = null;
    }
    const message = answer?.message ?? response.statusText;
    if (response.status === 404 || (response.status === 400 && /not found/i.test(message))) {
      throw new NotFound(message);
    }
    if (!response.ok || !answer?.status || answer.data === undefined) {
      const definitive = response.status >= 400 && response.status < 500;
      throw new GatewayError(`Paystack ${method} ${path}: ${response.status} ${message}`, definitive);
    }
    return answer.data;
  }

  async function orNull<T>(promise: Promise<T>): Promise<T | null> {
    try {
      return await promise;
    } catch (error) {
      if (error instanceof NotFound) return null;
      throw error;
    }
  }

  function transferResult(data: { status: string; transfer_code?: string | null; reason?: string | null }) {
    const status: TransferResult['status'] =
      data.status === 'success'
        ? 'success'
        : data.status === 'reversed'
          ? 'reversed'
          : ['failed', 'abandoned', 'rejected', 'blocked'].includes(data.status)
            ? 'failed'
            : 'pending';
    return { status, transferCode: data.transfer_code ?? null, reason: data.reason ?? data.status };
  }

  return {
    name: 'paystack',
    supports: (currencyCode) => PAYSTACK_CURRENCIES.has(currencyCode),
    paysOut: (currencyCode) => PAYSTACK_CURRENCIES.has(currencyCode),

    async initialize(input) {
      const callbackUrl = options.publicUrl ? new URL(input.callbackUrl, options.publicUrl).toString() : undefined;
      const data = await call<{ authorization_url: string }>('POST', '/transaction/initialize', {
        email: input.email,
        amount: input.amountMinor,
        currency: input.currencyCode,
        reference: input.reference,
        ...(callbackUrl ? { callback_url: callbackUrl } : {}),
        metadata: { language: input.language },
      });
      return { authorizationUrl: data.authorization_url };
    },

    async verify(reference): Promise<ChargeVerification | null> {
      const data = await orNull(
        call<{
          status: string;
          reference: string;
          amount: number;
          currency: string;
          paid_at?: string | null;
          customer?: { customer_code?: string } | null;
          authorization?: { receiver_bank_account_number?: string | null } | null;
          metadata?: unknown;
        }>('GET', `/transaction/verify/${encodeURIComponent(reference)}`),
      );
      if (!data) return null;
      const metadata =
        data.metadata && typeof data.metadata === 'object' ? (data.metadata as Record<string, unknown>) : {};
      const receiver =
        data.authorization?.receiver_bank_account_number ??
        (typeof metadata.receiver_account_number === 'string' ? metadata.receiver_account_number : null);
      return {
        reference: data.reference,
        // "abandoned" is Paystack's word for "initialized, not paid yet": still payable.
        status:
          data.status === 'success' ? 'success' : ['failed', 'reversed'].includes(data.status) ? 'failed' : 'pending',
        amountMinor: Number(data.amount),
        currencyCode: data.currency,
        paidAt: data.paid_at ? new Date(data.paid_at) : null,
        customerCode: data.customer?.customer_code ?? null,
        receiverAccountNumber: receiver,
      };
    },

    /**
     * x-paystack-signature over the raw bytes before anything is read. charge.success names a
     * checkout of ours or a bank transfer into a dedicated account; transfer.* a payout.
     */
    parseWebhook({ rawBody, headers }): WebhookEvent | null {
      const header = headers['x-paystack-signature'];
      const signature = Array.isArray(header) ? header[0] : header;
      if (!isValidPaystackSignature(options.secretKey, rawBody, signature)) {
        throw new AppError('PAYMENT_WEBHOOK_SIGNATURE_INVALID');
      }
      let event: PaystackEvent;
      try {
        event = JSON.parse(rawBody.toString('utf8')) as PaystackEvent;
      } catch {
        throw new AppError('BAD_REQUEST');
      }
      const reference = typeof event.data?.reference === 'string' ? event.data.reference : null;
      if (!reference) return null;
      switch (event.event) {
        case 'charge.success':
          return { type: 'charge.success', reference };
        case 'transfer.success':
        case 'transfer.failed':
        case 'transfer.reversed':
          return { type: 'transfer.updated', reference };
        default:
          return null;
      }
    },

    async createVirtualAccount(input) {
      const customer = await call<{ customer_code: string }>('POST', '/customer', {
        email: input.email,
        first_name: input.firstName,
        last_name: input.lastName,
        ...(input.phoneNumber ? { phone: input.phoneNumber } : {}),
      });
      const account = await call<{ bank: { name: string }; account_number: string; account_name: string }>(
        'POST',
        '/dedicated_account',
        { customer: customer.customer_code, preferred_bank: PAYSTACK_PREFERRED_BANK },
      );
      return {
        bankName: account.bank.name,
        accountNumber: account.account_number,
        accountName: account.account_name,
        customerCode: customer.customer_code,
      };
    },

    async createTransferRecipient(input) {
      const data = await call<{ recipient_code: string }>('POST', '/transferrecipient', {
        type: 'nuban',
        name: input.accountName,
        account_number: input.accountNumber,
        bank_code: input.bankCode,
        currency: input.currencyCode,
      });
      return { recipientCode: data.recipient_code };
    },

    async initiateTransfer(input) {
      const data = await call<{ status: string; transfer_code?: string }>('POST', '/transfer', {
        source: 'balance',
        amount: input.amountMinor,
        currency: input.currencyCode,
        recipient: input.recipientCode,
        reference: input.reference,
        reason: input.reason,
      });
      return transferResult(data);
    },

    async verifyTransfer(reference) {
      const data = await orNull(
        call<{ status: string; transfer_code?: string; reason?: string }>(
          'GET',
          `/transfer/verify/${encodeURIComponent(reference)}`,
        ),
      );
      return data ? transferResult(data) : null;
    },
  };
}

/** x-paystack-signature: HMAC SHA-512 of the raw body with the secret key, hex; compared in constant time. */
export function isValidPaystackSignature(
  secretKey: string | undefined,
  rawBody: Buffer,
  signature: string | undefined,
): boolean {
  if (!secretKey || !signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac('sha512', secretKey).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
