import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  bookings,
  countries,
  documentQueue,
  issuedDocuments,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  payments,
  preferenceOptions,
  providerBillingDetails,
  providerProfiles,
  states,
  therapyCategories,
  users,
} from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { rawRows } from '../../platform/prepared.ts';
import type { DocumentData, PlatformDetails, ProviderDetails, SessionDetails } from './document-data.ts';
import { emailIssuedReceipts } from './receipt-emails.ts';
import { taxLineFor } from './tax-rates.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'log'>;

/** Ledger transactions issued per run of the job; each in its own database transaction. */
const BATCH = 50;

const RECEIPT_SERIES = 'receipt';
const REFUND_SERIES = 'refund';
const invoiceSeries = (providerId: string) => `invoice:${providerId}`;

/** RC-2027-000042, RF-2027-000007, INV-3F2A9C1B-2027-0012: per series and year, from 1, without gaps. */
function documentNumber(series: string, year: number, sequence: number): string {
  if (series === RECEIPT_SERIES) return `RC-${year}-${String(sequence).padStart(6, '0')}`;
  if (series === REFUND_SERIES) return `RF-${year}-${String(sequence).padStart(6, '0')}`;
  const providerCode = series.slice('invoice:'.length, 'invoice:'.length + 8).toUpperCase();
  return `INV-${providerCode}-${year}-${String(sequence).padStart(4, '0')}`;
}

function yearIn(at: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone }).format(at));
}

/**
 * The next number of a series and year. The upsert locks the counter row until the caller's
 * transaction ends, and that transaction also inserts the document carrying the number: numbers
 * are handed out one at a time per series, and one given back by a rollback is reused.
 */
export async function takeDocumentNumber(tx: Tx, series: string, year: number): Promise<number> {
  const [row] = await rawRows<{ last_number: number }>(
    tx,
    sql`INSERT INTO document_counters (series, year, last_number) VALUES (${series}, ${year}, 1)
    ON CONFLICT (series, year) DO UPDATE SET last_number = document_counters.last_number + 1
    RETURNING last_number`,
  );
  if (!row) throw new Error('document counter answered nothing');
  return Number(row.last_number);
}

export function platformDetails(config: Deps['config']): PlatformDetails {
  return {
    legalName: config.PLATFORM_LEGAL_NAME,
    addressLines: splitLines(config.PLATFORM_ADDRESS),
    registrationNumber: config.PLATFORM_REGISTRATION_NUMBER ?? null,
    vatNumber: config.PLATFORM_VAT_NUMBER ?? null,
  };
}

function splitLines(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\||\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

interface MovedMoney {
  id: string;
  type: 'top_up' | 'booking_payment' | 'refund';
  reference: string;
  metadata: Record<string, unknown>;
  createdAt: Date;
  amountMinor: number;
  currencyCode: string;
  walletOwnerId: string | null;
}

async function loadMovement(tx: Tx, ledgerTransactionId: string): Promise<MovedMoney | undefined> {
  const [row] = await tx
    .select({
      id: ledgerTransactions.id,
      type: ledgerTransactions.type,
      reference: ledgerTransactions.reference,
      metadata: ledgerTransactions.metadata,
      createdAt: ledgerTransactions.createdAt,
      amountMinor: sql<string>`sum(${ledgerEntries.amountMinor}) FILTER (WHERE ${ledgerEntries.amountMinor} > 0)`,
      currencyCode: sql<string>`min(${ledgerAccounts.currencyCode})`,
      walletOwnerId: sql<
        string | null
      >`min(${ledgerAccounts.userId}::text) FILTER (WHERE ${ledgerAccounts.kind} = 'client_wallet')`,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerTransactions.id, ledgerTransactionId))
    .groupBy(ledgerTransactions.id);
  if (!row || (row.type !== 'top_up' && row.type !== 'booking_payment' && row.type !== 'refund')) return undefined;
  return { ...row, type: row.type, amountMinor: Number(row.amountMinor), walletOwnerId: row.walletOwnerId };
}

async function personOf(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      timezone: users.timezone,
      countryCode: countries.code,
    })
    .from(users)
    .leftJoin(countries, eq(countries.id, users.countryId))
    .where(eq(users.id, userId));
  if (!row) throw new Error(`document names an unknown user ${userId}`);
  return row;
}

async function providerDetails(tx: Tx, providerId: string): Promise<ProviderDetails & { timezone: string }> {
  const [row] = await tx
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      title: providerProfiles.title,
      timezone: users.timezone,
      officeAddress: providerProfiles.officeAddress,
      zipCode: providerProfiles.zipCode,
      countryCode: countries.code,
      countryName: countries.nameEn,
      practiceName: providerBillingDetails.practiceName,
      npi: providerBillingDetails.npi,
      licenseNumber: providerBillingDetails.licenseNumber,
      licenseState: states.code,
    })
    .from(users)
    .leftJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .leftJoin(countries, eq(countries.id, users.countryId))
    .leftJoin(providerBillingDetails, eq(providerBillingDetails.userId, users.id))
    .leftJoin(states, eq(states.id, providerBillingDetails.licenseStateId))
    .where(eq(users.id, providerId));
  if (!row) throw new Error(`document names an unknown provider ${providerId}`);
  const name = [row.title, fullName(row.firstName, row.lastName)].filter(Boolean).join(' ');
  return {
    name,
    practiceName: row.practiceName,
    addressLines: [
      ...splitLines(row.officeAddress),
      ...(row.zipCode ? [row.zipCode] : []),
      ...(row.countryName ? [row.countryName] : []),
    ],
    countryCode: row.countryCode,
    npi: row.npi,
    licenseNumber: row.licenseNumber,
    licenseState: row.licenseState ? (row.licenseState.split('-').pop() ?? row.licenseState) : null,
    timezone: row.timezone,
  };
}

interface SessionRow {
  id: string;
  clientId: string;
  providerId: string;
  priceMinor: number;
  paidAt: Date | null;
  session: SessionDetails | null;
}

async function sessionOf(tx: Tx, bookingId: string): Promise<SessionRow | undefined> {
  const [row] = await tx
    .select({
      id: bookings.id,
      clientId: bookings.clientId,
      providerId: bookings.providerId,
      priceMinor: bookings.priceMinor,
      paidAt: bookings.paidAt,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      modalityKey: bookings.modalityKey,
      therapyKey: therapyCategories.key,
      therapyEn: therapyCategories.nameEn,
      therapyDe: therapyCategories.nameDe,
      modalityEn: preferenceOptions.nameEn,
      modalityDe: preferenceOptions.nameDe,
    })
    .from(bookings)
    .leftJoin(therapyCategories, eq(therapyCategories.id, bookings.therapyCategoryId))
    .leftJoin(
      preferenceOptions,
      and(eq(preferenceOptions.list, 'modality'), eq(preferenceOptions.key, bookings.modalityKey)),
    )
    .where(eq(bookings.id, bookingId));
  if (!row) return undefined;
  const session: SessionDetails | null =
    row.startsAt && row.endsAt
      ? {
          therapyKey: row.therapyKey,
          therapy: row.therapyEn && row.therapyDe ? { en: row.therapyEn, de: row.therapyDe } : null,
          modalityKey: row.modalityKey,
          modality: row.modalityEn && row.modalityDe ? { en: row.modalityEn, de: row.modalityDe } : null,
          startsAt: row.startsAt.toISOString(),
          endsAt: row.endsAt.toISOString(),
          durationMinutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
        }
      : null;
  return { ...row, session };
}

async function paymentOf(tx: Tx, ledgerTransactionId: string) {
  const [row] = await tx
    .select({ userId: payments.userId, reference: payments.reference, channel: payments.channel })
    .from(payments)
    .where(eq(payments.ledgerTransactionId, ledgerTransactionId));
  return row;
}

async function invoiceNumberOf(tx: Tx, bookingId: string): Promise<string | null> {
  const [row] = await tx
    .select({ number: issuedDocuments.number })
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.bookingId, bookingId), eq(issuedDocuments.kind, 'invoice')));
  return row?.number ?? null;
}

/**
 * Issues what one ledger transaction owes, inside the caller's transaction: a receipt (a refund
 * receipt for a refund) and, for the payment of a session that is paid, the provider's invoice.
 */
async function issueFor(tx: Tx, deps: Deps, ledgerTransactionId: string, now: Date): Promise<void> {
  const moved = await loadMovement(tx, ledgerTransactionId);
  if (!moved) return;
  const bookingId = typeof moved.metadata.bookingId === 'string' ? moved.metadata.bookingId : null;
  const payment = await paymentOf(tx, moved.id);
  const booking = bookingId ? await sessionOf(tx, bookingId) : undefined;
  const payerId = moved.walletOwnerId ?? payment?.userId ?? booking?.clientId;
  if (!payerId) throw new Error(`ledger transaction ${moved.id} names no payer`);
  const payer = await personOf(tx, payerId);
  const provider = booking ? await providerDetails(tx, booking.providerId) : null;
  const metadataChannel = moved.metadata.channel;
  const channel: DocumentData['channel'] =
    moved.type === 'refund'
      ? 'wallet'
      : metadataChannel === 'card' || metadataChannel === 'wallet' || metadataChannel === 'bank_transfer'
        ? metadataChannel
        : null;
  const paymentReference =
    payment?.reference ??
    (typeof moved.metadata.paymentReference === 'string' ? moved.metadata.paymentReference : null);
  const { timezone: providerZone, ...providerPrinted } = provider ?? { timezone: 'UTC' };
  const base = {
    version: 1 as const,
    event: moved.type,
    channel,
    paymentReference,
    paidAt: moved.createdAt.toISOString(),
    payer: { name: fullName(payer.firstName, payer.lastName), countryCode: payer.countryCode },
    platform: platformDetails(deps.config),
    provider: provider ? (providerPrinted as ProviderDetails) : null,
    session: booking?.session ?? null,
  };

  const insert = async (
    kind: DocumentData['kind'],
    series: string,
    timeZone: string,
    amountMinor: number,
    extra: Pick<DocumentData, 'tax' | 'invoiceNumber'>,
  ) => {
    const year = yearIn(now, timeZone);
    const sequence = await takeDocumentNumber(tx, series, year);
    const number = documentNumber(series, year, sequence);
    const data: DocumentData = { ...base, kind, ...extra };
    await tx.insert(issuedDocuments).values({
      kind,
      series,
      year,
      sequence,
      number,
      ledgerTransactionId: moved.id,
      bookingId: booking?.id ?? null,
      payerId,
      providerId: booking?.providerId ?? null,
      amountMinor,
      currencyCode: moved.currencyCode,
      issuedAt: now,
      data: data as unknown as Record<string, unknown>,
    });
    return number;
  };

  let invoiceNumber = booking ? await invoiceNumberOf(tx, booking.id) : null;
  const paysTheSession =
    moved.type === 'booking_payment' && booking?.paidAt && booking.session && booking.priceMinor === moved.amountMinor;
  if (paysTheSession && !invoiceNumber && booking && provider) {
    invoiceNumber = await insert('invoice', invoiceSeries(booking.providerId), providerZone, booking.priceMinor, {
      tax: taxLineFor(provider.countryCode, booking.priceMinor),
      invoiceNumber: null,
    });
  }
  const refund = moved.type === 'refund';
  await insert(
    refund ? 'refund_receipt' : 'receipt',
    refund ? REFUND_SERIES : RECEIPT_SERIES,
    'UTC',
    moved.amountMinor,
    {
      tax: null,
      invoiceNumber,
    },
  );
}

/**
 * Issues, inside the caller's transaction, what a person's queued payments and refunds owe (the
 * erasure of an account: its documents must be issued with the name they are owed under before
 * the name is removed). Answers how many ledger transactions it issued for.
 */
export async function issueQueuedFor(tx: Tx, deps: Deps, userId: string): Promise<number> {
  const queued = await rawRows<{ id: string }>(
    tx,
    sql`SELECT DISTINCT q.ledger_transaction_id AS id
      FROM document_queue q
      JOIN ledger_transactions t ON t.id = q.ledger_transaction_id
      JOIN ledger_entries e ON e.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = e.account_id
      LEFT JOIN payments p ON p.ledger_transaction_id = t.id
      LEFT JOIN bookings b ON t.metadata ? 'bookingId' AND b.id = (t.metadata->>'bookingId')::uuid
      WHERE a.user_id = ${userId} OR p.user_id = ${userId} OR b.client_id = ${userId} OR b.provider_id = ${userId}`,
  );
  const now = deps.clock.now();
  for (const { id } of queued) {
    const [claimed] = await tx
      .select({ id: documentQueue.ledgerTransactionId })
      .from(documentQueue)
      .where(eq(documentQueue.ledgerTransactionId, id))
      .for('update');
    if (!claimed) continue;
    await issueFor(tx, deps, id, now);
    await tx.delete(documentQueue).where(eq(documentQueue.ledgerTransactionId, id));
  }
  return queued.length;
}

/**
 * Issues the documents of queued ledger transactions (all of them up to a batch, or the ones
 * named), one database transaction each: the queue row is claimed FOR UPDATE (the job skips rows
 * another process holds; a named request waits for them, so a reader finds them issued), the
 * documents are inserted with their numbers, and the row is deleted. Then the payer is emailed
 * each new receipt (receipt-emails.ts), after the commit: a PDF is not drawn while the series'
 * counter is locked. Answers how many it issued.
 */
export async function issueQueuedDocuments(
  deps: Deps & Pick<AppDeps, 'mailer'>,
  input: { ledgerTransactionIds?: readonly string[] } = {},
): Promise<number> {
  const named = input.ledgerTransactionIds;
  if (named && named.length === 0) return 0;
  const waiting = await deps.db
    .select({ id: documentQueue.ledgerTransactionId })
    .from(documentQueue)
    .where(named ? inArray(documentQueue.ledgerTransactionId, [...named]) : undefined)
    .orderBy(asc(documentQueue.createdAt))
    .limit(BATCH);
  const issuedIds: string[] = [];
  for (const { id } of waiting) {
    try {
      const done = await deps.db.transaction(async (tx) => {
        const claim = tx
          .select({ id: documentQueue.ledgerTransactionId })
          .from(documentQueue)
          .where(eq(documentQueue.ledgerTransactionId, id));
        const [claimed] = await (named ? claim.for('update') : claim.for('update', { skipLocked: true }));
        if (!claimed) return false;
        await issueFor(tx, deps, id, deps.clock.now());
        await tx.delete(documentQueue).where(eq(documentQueue.ledgerTransactionId, id));
        return true;
      });
      if (done) issuedIds.push(id);
    } catch (error) {
      // Left queued for the next run; a payment is never refused for its paperwork.
      deps.log.error({ err: error, ledgerTransactionId: id }, 'issuing documents failed');
    }
  }
  await emailIssuedReceipts(deps, { ledgerTransactionIds: issuedIds });
  return issuedIds.length;
}
