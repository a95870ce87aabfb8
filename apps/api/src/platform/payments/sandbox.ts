import { createHash, randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxCharges } from '../../db/schema/index.ts';
import { AppError } from '../app-error.ts';
import type { Clock } from '../clock.ts';
import { prepared } from '../prepared.ts';
import type { ChargeVerification, PaymentGateway } from './types.ts';

interface SandboxDeps {
  db: Db;
  clock: Clock;
}

export const SANDBOX_BANK_NAME = 'Sandbox Bank';

/** The checkout page the sandbox "gateway" sends payers to (served by the API when DEV_TOOLS). */
export function sandboxCheckoutPath(reference: string, language: 'en' | 'de' = 'en'): string {
  return `${language === 'de' ? '/de' : ''}/sandbox/checkout/${encodeURIComponent(reference)}`;
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

/**
 * A stand-in for a real gateway in development and tests. It keeps its own books
 * (sandbox_charges): the payer approves or declines on the sandbox checkout page, and verify
 * reads that decision back, so our side runs exactly the code a real gateway would drive.
 * Virtual accounts get random 10-digit numbers; transfers (payouts) settle at once.
 */
export function createSandboxGateway(deps: SandboxDeps): PaymentGateway {
  const { db } = deps;
  const chargeByReference = prepared(db, 'sandbox_charge_by_reference', (name) =>
    db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, sql.placeholder('reference')))
      .prepare(name),
  );
  return {
    name: 'sandbox',
    supports: () => true,
    paysOut: () => true,

    async initialize(input) {
      await db
        .insert(sandboxCharges)
        .values({
          reference: input.reference,
          amountMinor: input.amountMinor,
          currencyCode: input.currencyCode,
          email: input.email,
          callbackUrl: input.callbackUrl,
        })
        .onConflictDoNothing();
      // The payer returns to a German page: show them the German checkout too.
      const language = input.callbackUrl.startsWith('/de/') ? 'de' : 'en';
      return { authorizationUrl: sandboxCheckoutPath(input.reference, language) };
    },

    async verify(reference): Promise<ChargeVerification | null> {
      const [charge] = await chargeByReference.execute({ reference });
      if (!charge) return null;
      return {
        reference: charge.reference,
        status: charge.status === 'success' ? 'success' : charge.status === 'failed' ? 'failed' : 'pending',
        amountMinor: charge.amountMinor,
        currencyCode: charge.currencyCode,
        paidAt: charge.status === 'success' ? charge.decidedAt : null,
        customerCode: null,
        receiverAccountNumber: null,
      };
    },

    /**
     * The sandbox sends no webhooks: its checkout page and simulated transfers notify the money
     * module in-process. A delivery to /payment/webhook/sandbox is refused like a forged one.
     */
    parseWebhook() {
      throw new AppError('PAYMENT_WEBHOOK_SIGNATURE_INVALID');
    },

    async createVirtualAccount(input) {
      const accountNumber = `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
      return {
        bankName: SANDBOX_BANK_NAME,
        accountNumber,
        accountName: `${input.firstName} ${input.lastName}`.trim(),
        customerCode: `SBX_${shortHash(input.userId)}`,
      };
    },

    async createTransferRecipient(input) {
      return { recipientCode: `RCP_sbx_${shortHash(`${input.bankCode}:${input.accountNumber}`)}` };
    },

    async initiateTransfer(input) {
      return { status: 'success', transferCode: `TRF_sbx_${shortHash(input.reference)}` };
    },

    /** The sandbox bank pays out whatever it is asked to: every transfer it is asked about settled. */
    async verifyTransfer(reference) {
      return { status: 'success', transferCode: `TRF_sbx_${shortHash(reference)}` };
    },
  };
}

/** The payer's decision on the sandbox checkout page; null when the charge is unknown or already decided. */
export async function decideSandboxCharge(deps: SandboxDeps, reference: string, decision: 'success' | 'failed') {
  const [charge] = await deps.db
    .update(sandboxCharges)
    .set({ status: decision, decidedAt: deps.clock.now() })
    .where(and(eq(sandboxCharges.reference, reference), eq(sandboxCharges.status, 'pending')))
    .returning();
  return charge ?? null;
}

export async function findSandboxCharge(deps: Pick<SandboxDeps, 'db'>, reference: string) {
  const [charge] = await deps.db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reference));
  return charge ?? null;
}
