import { hasSuperbill } from '@app/shared/billing-rules';
import type { Language } from '@app/shared/constants';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Tx } from '../../db/client.ts';
import {
  bookings,
  documentQueue,
  issuedDocuments,
  ledgerTransactions,
  providerBillingDetails,
  states,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { readDiagnosesForSuperbill } from '../notes/diagnoses.ts';
import { readerOf } from './access.ts';
import { cptCodeFor, OFFICE_PLACE_OF_SERVICE } from './billing-codes.ts';
import type { IssuedDocument } from './document-data.ts';
import { toIssuedDocument } from './document-data.ts';
import { issueQueuedDocuments, platformDetails } from './issue.ts';
import { renderSuperbillPdf, type SuperbillLine } from './pdf/render-superbill.ts';
import { ledgerTransactionsOfBooking } from './read-documents.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'log' | 'mailer'>;

const IN_PERSON = 'in-person';

/** The provider's current US identifiers: a superbill is not a numbered document, so it prints today's. */
async function currentIdentifiers(deps: Deps, providerIds: string[]) {
  if (providerIds.length === 0)
    return new Map<string, { npi: string | null; license: string | null; state: string | null }>();
  const rows = await deps.db
    .select({
      userId: providerBillingDetails.userId,
      npi: providerBillingDetails.npi,
      licenseNumber: providerBillingDetails.licenseNumber,
      state: states.code,
    })
    .from(providerBillingDetails)
    .leftJoin(states, eq(states.id, providerBillingDetails.licenseStateId))
    .where(inArray(providerBillingDetails.userId, providerIds));
  return new Map(
    rows.map((row) => [
      row.userId,
      { npi: row.npi, license: row.licenseNumber, state: row.state ? (row.state.split('-').pop() ?? row.state) : null },
    ]),
  );
}

async function render(
  deps: Deps,
  input: { actor: Actor; language: Language; invoices: IssuedDocument[]; period: { from: string; to: string } | null },
  name: string,
): Promise<{ filename: string; pdf: Buffer }> {
  const diagnoses = await readDiagnosesForSuperbill(deps, {
    readerId: input.actor.userId,
    bookingIds: input.invoices.map((invoice) => invoice.bookingId as string),
  });
  const identifiers = await currentIdentifiers(deps, [
    ...new Set(input.invoices.map((invoice) => invoice.providerId as string)),
  ]);
  const lines: SuperbillLine[] = input.invoices.map((invoice) => {
    const session = invoice.data.session;
    const diagnosis = diagnoses.get(invoice.bookingId as string);
    const current = identifiers.get(invoice.providerId as string);
    const provider = invoice.data.provider;
    return {
      invoice,
      cpt: cptCodeFor(session?.therapyKey ?? null, session?.durationMinutes ?? 60),
      placeOfService:
        session?.modalityKey === IN_PERSON ? OFFICE_PLACE_OF_SERVICE : (diagnosis?.placeOfService ?? '10'),
      diagnoses: diagnosis?.codes ?? [],
      npi: current?.npi ?? provider?.npi ?? null,
      license: current?.license ?? provider?.licenseNumber ?? null,
      licenseState: current?.state ?? provider?.licenseState ?? null,
    };
  });
  const [patient] = await deps.db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, input.actor.userId));
  const reader = await readerOf(deps.db, input.actor, input.language);
  const pdf = await renderSuperbillPdf(
    {
      patientName: [patient?.firstName, patient?.lastName].filter(Boolean).join(' '),
      lines,
      period: input.period,
      platform: platformDetails(deps.config),
      issuedAt: deps.clock.now(),
    },
    reader,
  );
  return { filename: `superbill-${name}.pdf`, pdf };
}

/**
 * GET /documents/superbills/sessions/{bookingId}/pdf: the client's superbill of one paid session
 * with a US provider. Someone else's session: NOT_FOUND; unpaid or not in US dollars: 409.
 */
export async function sessionSuperbill(
  deps: Deps,
  input: { actor: Actor; bookingId: string; language: Language },
): Promise<{ filename: string; pdf: Buffer }> {
  const [booking] = await deps.db
    .select({ id: bookings.id, currencyCode: bookings.currencyCode })
    .from(bookings)
    .where(and(eq(bookings.id, input.bookingId), eq(bookings.clientId, input.actor.userId)));
  if (!booking) throw new AppError('NOT_FOUND');
  if (!hasSuperbill(booking)) throw new AppError('SUPERBILL_UNAVAILABLE');
  await issueQueuedDocuments(deps, { ledgerTransactionIds: await ledgerTransactionsOfBooking(deps.db, booking.id) });
  const [invoice] = await deps.db
    .select()
    .from(issuedDocuments)
    .where(
      and(
        eq(issuedDocuments.bookingId, booking.id),
        eq(issuedDocuments.kind, 'invoice'),
        eq(issuedDocuments.payerId, input.actor.userId),
      ),
    );
  if (!invoice) throw new AppError('SUPERBILL_UNAVAILABLE');
  return render(deps, { ...input, invoices: [toIssuedDocument(invoice)], period: null }, invoice.number);
}

/** The client's session payments still waiting for their documents (the queue is short: seconds' worth). */
async function queuedSessionPayments(db: Tx, clientId: string): Promise<string[]> {
  const rows = await db
    .select({ id: documentQueue.ledgerTransactionId })
    .from(documentQueue)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, documentQueue.ledgerTransactionId))
    .innerJoin(bookings, sql`${bookings.id} = (${ledgerTransactions.metadata}->>'bookingId')::uuid`)
    .where(eq(bookings.clientId, clientId));
  return rows.map((row) => row.id);
}

/**
 * GET /documents/superbills/months/{month}/pdf: every paid session with a US provider whose
 * session falls in the month (the client's time zone), on one superbill.
 */
export async function monthSuperbill(
  deps: Deps,
  input: { actor: Actor; month: string; language: Language },
): Promise<{ filename: string; pdf: Buffer }> {
  await issueQueuedDocuments(deps, { ledgerTransactionIds: await queuedSessionPayments(deps.db, input.actor.userId) });
  const reader = await readerOf(deps.db, input.actor, input.language);
  const start = DateTime.fromISO(`${input.month}-01`, { zone: reader.timeZone }).startOf('month');
  const end = start.plus({ months: 1 });
  const rows = await deps.db
    .select()
    .from(issuedDocuments)
    .where(
      and(
        eq(issuedDocuments.payerId, input.actor.userId),
        eq(issuedDocuments.kind, 'invoice'),
        eq(issuedDocuments.currencyCode, 'USD'),
        sql`(${issuedDocuments.data}->'session'->>'startsAt')::timestamptz >= ${start.toUTC().toISO()}::timestamptz`,
        sql`(${issuedDocuments.data}->'session'->>'startsAt')::timestamptz < ${end.toUTC().toISO()}::timestamptz`,
      ),
    )
    .orderBy(asc(sql`${issuedDocuments.data}->'session'->>'startsAt'`));
  return render(
    deps,
    {
      ...input,
      invoices: rows.map(toIssuedDocument),
      period: { from: start.toUTC().toISO() as string, to: end.minus({ milliseconds: 1 }).toUTC().toISO() as string },
    },
    input.month,
  );
}
