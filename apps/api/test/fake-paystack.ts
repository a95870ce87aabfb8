import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the parts of Paystack's API we use, on 127.0.0.1:<random port>: the
 * adapter talks to it over real HTTP exactly as it would to api.paystack.co. Tests drive the
 * "outside world" through its helpers (a payer pays, a bank transfer arrives, a transfer
 * fails) and get correctly signed webhooks from it.
 */

export interface FakeTransaction {
  reference: string;
  amount: number;
  currency: string;
  email: string;
  /** Paystack's words: abandoned (initialized, unpaid), success, failed, reversed. */
  status: string;
  channel: 'card' | 'dedicated_nuban';
  paidAt: string | null;
  customerCode: string | null;
  receiverAccountNumber: string | null;
}

export interface FakeTransfer {
  reference: string;
  amount: number;
  currency: string;
  recipient: string;
  status: string;
  transferCode: string;
}

export interface FakeRequest {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

export interface FakePaystack {
  url: string;
  secretKey: string;
  transactions: Map<string, FakeTransaction>;
  transfers: Map<string, FakeTransfer>;
  requests: FakeRequest[];
  /** What POST /transfer answers for new transfers (default pending: the webhook decides). */
  transferStatusOnCreate: 'pending' | 'success' | 'failed';
  /** The next request whose path matches answers this status (e.g. 500 for an outage). */
  failNext(pathPattern: RegExp, status: number, message?: string): void;
  /** The payer completes (or fails) the checkout; amount/currency may be tampered for tests. */
  pay(reference: string, override?: Partial<Pick<FakeTransaction, 'amount' | 'currency' | 'status'>>): FakeTransaction;
  /** A bank transfer arrives in a dedicated account: a new successful dedicated_nuban charge. */
  receiveTransfer(accountNumber: string, amount: number): FakeTransaction;
  setTransferStatus(reference: string, status: string): void;
  /** A webhook as Paystack would send it: body and signed headers. */
  webhook(event: string, data: Record<string, unknown>): { payload: string; headers: Record<string, string> };
  chargeEvent(transaction: FakeTransaction): { payload: string; headers: Record<string, string> };
  transferEvent(event: string, reference: string): { payload: string; headers: Record<string, string> };
  close(): Promise<void>;
}

function code(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

function digits(count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(randomInt(0, 10));
  return out;
}

export function signPaystack(secretKey: string, payload: string): string {
  return createHmac('sha512', secretKey).update(payload).digest('hex');
}

export async function startFakePaystack(secretKey = 'sk_test_fake_paystack_secret'): Promise<FakePaystack> {
  const transactions = new Map<string, FakeTransaction>();
  const transfers = new Map<string, FakeTransfer>();
  const customers = new Map<string, { code: string; email: string; firstName: string; lastName: string }>();
  const accounts = new Map<string, { customerCode: string; accountNumber: string; accountName: string }>();
  const recipients = new Map<string, { accountNumber: string; bankCode: string; name: string }>();
  const requests: FakeRequest[] = [];
  const failures: Array<{ pattern: RegExp; status: number; message: string }> = [];

  const transactionData = (t: FakeTransaction) => ({
    id: Number.parseInt(randomBytes(3).toString('hex'), 16),
    domain: 'test',
    status: t.status,
    reference: t.reference,
    amount: t.amount,
    currency: t.currency,
    paid_at: t.paidAt,
    channel: t.channel,
    gateway_response: t.status === 'success' ? 'Successful' : 'Declined',
    customer: { email: t.email, customer_code: t.customerCode },
    authorization:
      t.channel === 'dedicated_nuban'
        ? { channel: 'dedicated_nuban', receiver_bank_account_number: t.receiverAccountNumber }
        : { channel: 'card', last4: '4081' },
    metadata: t.channel === 'dedicated_nuban' ? { receiver_account_number: t.receiverAccountNumber } : {},
  });

  async function readBody(request: IncomingMessage): Promise<Record<string, unknown> | null> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (chunks.length === 0) return null;
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return null;
    }
  }

  function send(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  const ok = (response: ServerResponse, message: string, data: unknown) =>
    send(response, 200, { status: true, message, data });
  const refuse = (response: ServerResponse, status: number, message: string) =>
    send(response, status, { status: false, message });

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname;
    const body = await readBody(request);
    requests.push({ method: request.method ?? 'GET', path, body });

    if (request.headers.authorization !== `Bearer ${secretKey}`) return refuse(response, 401, 'Invalid key');
    const failure = failures.findIndex((f) => f.pattern.test(path));
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      return refuse(response, f?.status ?? 500, f?.message ?? 'Fake failure');
    }

    if (request.method === 'POST' && path === '/transaction/initialize') {
      const reference = String(body?.reference ?? code('T'));
      if (transactions.has(reference)) return refuse(response, 400, 'Duplicate Transaction Reference');
      if (typeof body?.email !== 'string' || !Number.isInteger(body?.amount)) {
        return refuse(response, 400, 'Invalid email or amount');
      }
      transactions.set(reference, {
        reference,
        amount: body.amount as number,
        currency: String(body.currency ?? 'NGN'),
        email: body.email,
        status: 'abandoned',
        channel: 'card',
        paidAt: null,
        customerCode: null,
        receiverAccountNumber: null,
      });
      const accessCode = code('ac');
      return ok(response, 'Authorization URL created', {
        authorization_url: `https://checkout.paystack.test/${accessCode}`,
        access_code: accessCode,
        reference,
      });
    }

    const verifyCharge = path.match(/^\/transaction\/verify\/(.+)$/);
    if (request.method === 'GET' && verifyCharge) {
      const transaction = transactions.get(decodeURIComponent(verifyCharge[1] ?? ''));
      if (!transaction) return refuse(response, 400, 'Transaction reference not found');
      return ok(response, 'Verification successful', transactionData(transaction));
    }

    if (request.method === 'POST' && path === '/customer') {
      const email = String(body?.email ?? '');
      const existing = customers.get(email);
      const customer = existing ?? {
        code: code('CUS'),
        email,
        firstName: String(body?.first_name ?? ''),
        lastName: String(body?.last_name ?? ''),
      };
      customers.set(email, customer);
      return ok(response, 'Customer created', { customer_code: customer.code, email });
    }

    if (request.method === 'POST' && path === '/dedicated_account') {
      const customerCode = String(body?.customer ?? '');
      const customer = [...customers.values()].find((c) => c.code === customerCode);
      if (!customer) return refuse(response, 400, 'Customer not found');
      const account = accounts.get(customerCode) ?? {
        customerCode,
        accountNumber: `7${digits(9)}`,
        accountName: `THERAPYHUB/${customer.firstName} ${customer.lastName}`.toUpperCase(),
      };
      accounts.set(customerCode, account);
      return ok(response, 'NUBAN successfully created', {
        bank: { name: 'Wema Bank', id: 20, slug: 'wema-bank' },
        account_name: account.accountName,
        account_number: account.accountNumber,
        assigned: true,
        currency: 'NGN',
        active: true,
        customer: { customer_code: customerCode, email: customer.email },
      });
    }

    if (request.method === 'POST' && path === '/transferrecipient') {
      const accountNumber = String(body?.account_number ?? '');
      if (!/^\d{10}$/.test(accountNumber) || accountNumber === '0000000000') {
        return refuse(response, 422, 'Cannot resolve account');
      }
      const recipientCode = code('RCP');
      recipients.set(recipientCode, { accountNumber, bankCode: String(body?.bank_code), name: String(body?.name) });
      return ok(response, 'Transfer recipient created successfully', { recipient_code: recipientCode, active: true });
    }

    if (request.method === 'POST' && path === '/transfer') {
      const reference = String(body?.reference ?? '');
      if (!/^[a-z0-9_-]{16,50}$/.test(reference)) return refuse(response, 400, 'Invalid transfer reference');
      if (transfers.has(reference)) return refuse(response, 400, 'Duplicate Transfer Reference');
      if (!recipients.has(String(body?.recipient))) return refuse(response, 400, 'Recipient not found');
      const transfer: FakeTransfer = {
        reference,
        amount: Number(body?.amount),
        currency: String(body?.currency ?? 'NGN'),
        recipient: String(body?.recipient),
        status: fake.transferStatusOnCreate,
        transferCode: code('TRF'),
      };
      transfers.set(reference, transfer);
      return ok(response, 'Transfer has been queued', {
        reference,
        amount: transfer.amount,
        currency: transfer.currency,
        status: transfer.status,
        transfer_code: transfer.transferCode,
      });
    }

    const verifyTransfer = path.match(/^\/transfer\/verify\/(.+)$/);
    if (request.method === 'GET' && verifyTransfer) {
      const transfer = transfers.get(decodeURIComponent(verifyTransfer[1] ?? ''));
      if (!transfer) return refuse(response, 400, 'Transfer not found');
      return ok(response, 'Transfer retrieved', {
        reference: transfer.reference,
        amount: transfer.amount,
        currency: transfer.currency,
        status: transfer.status,
        transfer_code: transfer.transferCode,
      });
    }

    return refuse(response, 404, `No route ${request.method} ${path}`);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const webhook = (event: string, data: Record<string, unknown>) => {
    const payload = JSON.stringify({ event, data });
    return {
      payload,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystack(secretKey, payload) },
    };
  };

  const fake: FakePaystack = {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    transactions,
    transfers,
    requests,
    transferStatusOnCreate: 'pending',
    failNext(pattern, status, message = 'Fake failure') {
      failures.push({ pattern, status, message });
    },
    pay(reference, override = {}) {
      const transaction = transactions.get(reference);
      if (!transaction) throw new Error(`fake paystack: no transaction ${reference}`);
      Object.assign(transaction, { status: 'success', paidAt: new Date().toISOString() }, override);
      return transaction;
    },
    receiveTransfer(accountNumber, amount) {
      const account = [...accounts.values()].find((a) => a.accountNumber === accountNumber);
      if (!account) throw new Error(`fake paystack: no dedicated account ${accountNumber}`);
      const customer = [...customers.values()].find((c) => c.code === account.customerCode);
      const transaction: FakeTransaction = {
        reference: `${digits(12)}`,
        amount,
        currency: 'NGN',
        email: customer?.email ?? '',
        status: 'success',
        channel: 'dedicated_nuban',
        paidAt: new Date().toISOString(),
        customerCode: account.customerCode,
        receiverAccountNumber: accountNumber,
      };
      transactions.set(transaction.reference, transaction);
      return transaction;
    },
    setTransferStatus(reference, status) {
      const transfer = transfers.get(reference);
      if (!transfer) throw new Error(`fake paystack: no transfer ${reference}`);
      transfer.status = status;
    },
    webhook,
    chargeEvent: (t) => webhook('charge.success', transactionData(t)),
    transferEvent: (event, reference) => {
      const transfer = transfers.get(reference);
      return webhook(event, {
        reference,
        amount: transfer?.amount,
        currency: transfer?.currency,
        status: event.split('.')[1],
        transfer_code: transfer?.transferCode,
      });
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
  return fake;
}
