import { desc, eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { issuedDocuments } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { AccountDeletingHandler, PersonalDataContributor } from '../../platform/events.ts';
import { issueQueuedFor } from './issue.ts';

/**
 * The documents' part of a data export: every receipt and invoice the person paid or (a provider)
 * issued, by number, kind, amount and date; the PDFs are downloaded from the app.
 */
export const documentsPersonalData: PersonalDataContributor = {
  section: 'documents',
  async collect(tx: Tx, { userId }) {
    const rows = await tx
      .select({
        identifier: issuedDocuments.id,
        kind: issuedDocuments.kind,
        number: issuedDocuments.number,
        issuedAt: issuedDocuments.issuedAt,
        amountMinor: issuedDocuments.amountMinor,
        currencyCode: issuedDocuments.currencyCode,
        bookingId: issuedDocuments.bookingId,
        role: sql<
          'payer' | 'provider'
        >`CASE WHEN ${issuedDocuments.payerId} = ${userId} THEN 'payer' ELSE 'provider' END`,
      })
      .from(issuedDocuments)
      .where(or(eq(issuedDocuments.payerId, userId), eq(issuedDocuments.providerId, userId)))
      .orderBy(desc(issuedDocuments.issuedAt));
    return { documents: rows.map((row) => ({ ...row, issuedAt: row.issuedAt.toISOString() })) };
  },
};

/**
 * The documents' part of erasing an account: receipts and invoices are bookkeeping records that
 * tax law makes the platform and the providers keep, unchanged, for 10 years (docs/privacy.md).
 * What the person's payments still owe is issued first, under their name (the handler runs before
 * auth anonymises the account); nothing issued is changed; the person is told how many are kept.
 */
export const documentsErasure =
  (deps: Pick<AppDeps, 'clock' | 'config' | 'log' | 'db'>): AccountDeletingHandler =>
  async (tx, { userId }) => {
    await issueQueuedFor(tx, deps, userId);
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(issuedDocuments)
      .where(or(eq(issuedDocuments.payerId, userId), eq(issuedDocuments.providerId, userId)));
    return row?.count ? [{ kind: 'documents' as const, count: row.count }] : [];
  };
