import type { Language } from '@app/shared/constants';
import { documentFormatter } from '../format.ts';
import type { Statement } from '../statement.ts';
import { PdfPage } from './layout.ts';
import { inLanguage, pdfWords, platformFooter } from './words.ts';

/** A provider's monthly statement: a summary per currency, the sessions earned, the payouts. */
export async function renderStatementPdf(
  statement: Statement,
  reader: { language: Language; timeZone: string },
): Promise<Buffer> {
  const t = pdfWords(reader.language);
  const f = documentFormatter(reader.language, reader.timeZone);
  const title = t('statement');
  const page = new PdfPage({
    title: `${title} ${statement.month}`,
    language: reader.language,
    author: statement.platform.legalName,
    createdAt: statement.generatedAt,
  });
  page.header({
    brand: statement.platform.legalName,
    title,
    facts: [
      [t('period'), f.month(statement.month)],
      [t('issued'), f.date(statement.generatedAt)],
    ],
  });
  page.parties([
    { label: t('provider'), lines: [statement.provider.name || t('deletedUser')] },
    {
      label: t('platform'),
      lines: [
        statement.platform.legalName,
        ...statement.platform.addressLines,
        ...(statement.platform.vatNumber ? [t('vatNumber', { value: statement.platform.vatNumber })] : []),
      ],
    },
  ]);

  page.heading(t('summary'));
  page.table(
    [
      { header: t('sessions'), width: 0.16, align: 'right' },
      { header: t('gross'), width: 0.21, align: 'right' },
      { header: t('commission'), width: 0.21, align: 'right' },
      { header: t('netEarnings'), width: 0.21, align: 'right' },
      { header: t('payouts'), width: 0.21, align: 'right' },
    ],
    statement.totals.length > 0
      ? statement.totals.map((total) => [
          String(total.sessions),
          f.money(total.grossMinor, total.currencyCode),
          f.money(total.commissionMinor, total.currencyCode),
          f.money(total.netMinor, total.currencyCode),
          f.money(total.payoutsMinor, total.currencyCode),
        ])
      : [['0', '', '', '', '']],
  );

  page.heading(t('statementSessions'));
  if (statement.sessions.length === 0) page.paragraph(t('noSessions'), { muted: true });
  else {
    page.table(
      [
        { header: t('date'), width: 0.2 },
        { header: t('client'), width: 0.19 },
        { header: t('service'), width: 0.17 },
        { header: t('gross'), width: 0.14, align: 'right' },
        { header: t('commission'), width: 0.16, align: 'right' },
        { header: t('netEarnings'), width: 0.14, align: 'right' },
      ],
      statement.sessions.map((session) => [
        f.dateTime(session.startsAt ?? session.earnedAt),
        session.clientName || t('deletedUser'),
        inLanguage(session.therapy, reader.language) ?? t('session'),
        f.money(session.grossMinor, session.currencyCode),
        f.money(session.commissionMinor, session.currencyCode),
        f.money(session.netMinor, session.currencyCode),
      ]),
    );
  }

  page.heading(t('statementPayouts'));
  if (statement.payouts.length === 0) page.paragraph(t('noPayouts'), { muted: true });
  else {
    page.table(
      [
        { header: t('date'), width: 0.28 },
        { header: t('referenceColumn'), width: 0.38 },
        { header: t('status'), width: 0.16 },
        { header: t('amount'), width: 0.18, align: 'right' },
      ],
      statement.payouts.map((payout) => [
        f.dateTime(payout.createdAt),
        payout.reference,
        t(`payoutStatus.${payout.status}`),
        f.money(payout.amountMinor, payout.currencyCode),
      ]),
    );
  }
  page.paragraph(t('statementNote'), { muted: true, size: 8.5 });
  return page.finish(platformFooter(statement.platform, t));
}
