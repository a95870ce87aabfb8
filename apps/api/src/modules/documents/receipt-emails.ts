import { type Language, languageOf } from '@app/shared/constants';
import { and, eq, inArray } from 'drizzle-orm';
import { issuedDocuments, ledgerTransactions, users } from '../../db/schema/index.ts';
import { appLink, renderActionEmail } from '../../platform/action-email.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { toIssuedDocument } from './document-data.ts';
import { documentFormatter } from './format.ts';
import { renderDocumentPdf } from './pdf/render-document.ts';

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'config' | 'log'>;

/** Which payment email a receipt goes with (words under emails.payments.<template>). */
export type ReceiptEmailTemplate = 'cardPayment' | 'topUp' | 'transferTopUp' | 'refund';

/**
 * The payment email of a receipt just issued, or null when the receipt needs none: a card payment
 * (of a session, or a top-up), a bank transfer credited to the wallet and a refund to the wallet
 * are emailed with their receipt; a wallet payment of a session is told by the session's
 * confirmation.
 */
export function receiptEmailTemplate(
  kind: 'receipt' | 'refund_receipt' | 'invoice',
  movement: { type: string; channel: unknown },
): ReceiptEmailTemplate | null {
  if (kind === 'refund_receipt') return 'refund';
  if (kind !== 'receipt') return null;
  if (movement.channel === 'bank_transfer') return movement.type === 'top_up' ? 'transferTopUp' : null;
  if (movement.channel !== 'card') return null;
  return movement.type === 'top_up' ? 'topUp' : 'cardPayment';
}

/**
 * Emails the payer of each given ledger transaction its payment email with the receipt PDF, in
 * the payer's language and time zone, read from their record now. Called once per ledger
 * transaction, right after its documents were issued (issue.ts): the queue row that was claimed
 * then is gone, so no receipt is emailed twice. A failure is logged and left: the payment and
 * its receipt stand, and the receipt can be downloaded from the wallet.
 */
export async function emailIssuedReceipts(deps: Deps, input: { ledgerTransactionIds: readonly string[] }) {
  if (input.ledgerTransactionIds.length === 0) return 0;
  const rows = await deps.db
    .select({
      document: issuedDocuments,
      movement: { type: ledgerTransactions.type, metadata: ledgerTransactions.metadata },
      payer: {
        email: users.email,
        firstName: users.firstName,
        language: users.language,
        timezone: users.timezone,
        deletedAt: users.deletedAt,
      },
    })
    .from(issuedDocuments)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, issuedDocuments.ledgerTransactionId))
    .innerJoin(users, eq(users.id, issuedDocuments.payerId))
    .where(
      and(
        inArray(issuedDocuments.ledgerTransactionId, [...input.ledgerTransactionIds]),
        inArray(issuedDocuments.kind, ['receipt', 'refund_receipt']),
      ),
    );
  let sent = 0;
  for (const row of rows) {
    const metadata = row.movement.metadata as Record<string, unknown>;
    const template = receiptEmailTemplate(row.document.kind, { type: row.movement.type, channel: metadata.channel });
    if (!template || row.payer.deletedAt) continue;
    try {
      const language: Language = languageOf(row.payer.language);
      const timeZone = row.payer.timezone || 'UTC';
      const document = toIssuedDocument(row.document);
      const pdf = await renderDocumentPdf(document, { language, timeZone });
      const f = documentFormatter(language, timeZone);
      // Amounts as the PDF prints them: in the reader's language ("10.000,00 ₦" in German).
      const amount = f.money(document.amountMinor, document.currencyCode);
      const t = (key: string, params: Record<string, unknown> = {}) =>
        translate(language, `emails.payments.${key}`, { amount, ...params });
      const reference = document.data.paymentReference;
      const { text, html } = renderActionEmail({
        greeting: row.payer.firstName ? t('greeting', { name: row.payer.firstName }) : t('greetingNoName'),
        intro: t(`${template}.intro`),
        lines: [
          t('amount'),
          t('when', { when: f.dateTime(new Date(document.data.paidAt)) }),
          reference ? t('reference', { reference }) : null,
          t('attached', { number: document.number }),
        ].filter((line): line is string => Boolean(line)),
        action: t('action'),
        link: appLink(deps.config, language, '/wallet/'),
        signature: t('signature'),
      });
      await deps.mailer.send({
        to: row.payer.email,
        subject: t(`${template}.subject`),
        text,
        html,
        language,
        template: `payments.${template}`,
        attachments: [{ filename: `${document.number}.pdf`, contentType: 'application/pdf', content: pdf }],
      });
      sent++;
    } catch (error) {
      deps.log.error({ err: error, documentId: row.document.id }, 'payment email could not be sent');
    }
  }
  return sent;
}
