import type { Language } from '@app/shared/constants';
import type { DocumentList, DocumentListQuery, DocumentSummary } from '@app/shared/schemas/documents';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { issuedDocuments, ledgerTransactions } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { auditOperatorRead, isOperator, readerOf } from './access.ts';
import { toIssuedDocument } from './document-data.ts';
import { issueQueuedDocuments } from './issue.ts';
import { renderDocumentPdf } from './pdf/render-document.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'log' | 'mailer'>;

type Row = typeof issuedDocuments.$inferSelect;

function toSummary(row: Row): DocumentSummary {
  return {
    identifier: row.id,
    kind: row.kind,
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    amountMinor: row.amountMinor,
    currencyCode: row.currencyCode,
    bookingId: row.bookingId,
  };
}

/** The payer, the session's provider, or an operator may read a document. */
const readableBy = (actor: Actor) =>
  isOperator(actor)
    ? undefined
    : or(eq(issuedDocuments.payerId, actor.userId), eq(issuedDocuments.providerId, actor.userId));

/** The ledger transactions of a session (its payments and refunds), by the index on metadata. */
export async function ledgerTransactionsOfBooking(db: Tx, bookingId: string): Promise<string[]> {
  const rows = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(
      and(
        sql`${ledgerTransactions.metadata} ? 'bookingId'`,
        sql`${ledgerTransactions.metadata}->>'bookingId' = ${bookingId}`,
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * GET /documents?bookingId= | ?transactionId=: the receipts and invoices of one session or one
 * wallet transaction that the actor may read (none of someone else's: an empty list, which says
 * nothing about whether they exist). Documents still queued for them are issued first, so a
 * download offered right after a payment is there.
 */
export async function listDocuments(
  deps: Deps,
  input: { actor: Actor; query: DocumentListQuery },
): Promise<DocumentList> {
  const { bookingId, transactionId } = input.query;
  const ledgerIds = bookingId ? await ledgerTransactionsOfBooking(deps.db, bookingId) : [transactionId as string];
  await issueQueuedDocuments(deps, { ledgerTransactionIds: ledgerIds });
  const rows = await deps.db
    .select()
    .from(issuedDocuments)
    .where(
      and(
        bookingId
          ? eq(issuedDocuments.bookingId, bookingId)
          : eq(issuedDocuments.ledgerTransactionId, transactionId as string),
        readableBy(input.actor),
      ),
    )
    .orderBy(desc(issuedDocuments.issuedAt), desc(issuedDocuments.number));
  return { data: rows.map(toSummary) };
}

/**
 * GET /documents/{id}/pdf: the document rendered in the reader's language and time zone. Anyone
 * but its payer, its session's provider and an operator: NOT_FOUND. An operator's read (and any
 * read in view mode) is audited.
 */
export async function documentPdf(
  deps: Deps,
  input: { actor: Actor; documentId: string; language: Language },
): Promise<{ filename: string; pdf: Buffer }> {
  const now = deps.clock.now();
  const { document, reader } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(issuedDocuments)
      .where(and(eq(issuedDocuments.id, input.documentId), readableBy(input.actor)));
    if (!row) throw new AppError('NOT_FOUND');
    await auditOperatorRead(tx, {
      actor: input.actor,
      action: 'document.read',
      targetType: 'document',
      targetId: row.id,
      at: now,
      detail: { kind: row.kind },
    });
    return { document: toIssuedDocument(row), reader: await readerOf(tx, input.actor, input.language) };
  });
  return { filename: `${document.number}.pdf`, pdf: await renderDocumentPdf(document, reader) };
}

/**
 * The receipt (or refund receipt) of one payment or refund as a PDF, for an email attachment: the
 * payment emails call it with the ledger transaction the payment posted and the recipient's
 * language and zone. Issued first when still queued; null when the transaction owes no receipt.
 */
export async function paymentReceiptPdf(
  deps: Deps,
  input: { ledgerTransactionId: string; language: Language; timeZone: string },
): Promise<{ filename: string; pdf: Buffer } | null> {
  await issueQueuedDocuments(deps, { ledgerTransactionIds: [input.ledgerTransactionId] });
  const [row] = await deps.db
    .select()
    .from(issuedDocuments)
    .where(
      and(
        eq(issuedDocuments.ledgerTransactionId, input.ledgerTransactionId),
        or(eq(issuedDocuments.kind, 'receipt'), eq(issuedDocuments.kind, 'refund_receipt')),
      ),
    );
  if (!row) return null;
  const document = toIssuedDocument(row);
  return {
    filename: `${document.number}.pdf`,
    pdf: await renderDocumentPdf(document, { language: input.language, timeZone: input.timeZone }),
  };
}
