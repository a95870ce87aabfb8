import type { Language } from '@app/shared/constants';
import type { IssuedDocument } from '../document-data.ts';
import { documentFormatter } from '../format.ts';
import { PdfPage } from './layout.ts';
import { inLanguage, pdfWords, platformFooter } from './words.ts';

const TITLE_KEYS = { receipt: 'receipt', refund_receipt: 'refundReceipt', invoice: 'invoice' } as const;

/** A receipt, refund receipt or invoice as a PDF, in the reader's language and time zone. */
export async function renderDocumentPdf(
  document: IssuedDocument,
  reader: { language: Language; timeZone: string },
): Promise<Buffer> {
  const t = pdfWords(reader.language);
  const f = documentFormatter(reader.language, reader.timeZone);
  const { data } = document;
  const title = t(TITLE_KEYS[document.kind]);
  const page = new PdfPage({
    title: `${title} ${document.number}`,
    language: reader.language,
    author: data.platform.legalName,
    createdAt: document.issuedAt,
  });
  const invoice = document.kind === 'invoice';
  const provider = data.provider;
  const issuerName = invoice && provider ? (provider.practiceName ?? provider.name) : data.platform.legalName;

  const facts: Array<[string, string]> = [
    [t('number'), document.number],
    [t('issued'), f.date(document.issuedAt)],
  ];
  if (invoice && data.session) facts.push([t('serviceDate'), f.date(data.session.startsAt)]);
  page.header({ brand: issuerName, title, facts });

  const platformLines = [data.platform.legalName, ...data.platform.addressLines];
  if (data.platform.vatNumber) platformLines.push(t('vatNumber', { value: data.platform.vatNumber }));
  const payerLabel = document.kind === 'refund_receipt' ? t('refundedTo') : invoice ? t('billedTo') : t('receivedFrom');
  const payerLines = [data.payer.name || t('deletedUser')];
  if (invoice && provider) {
    const providerLines = [provider.practiceName ?? provider.name];
    if (provider.practiceName) providerLines.push(provider.name);
    providerLines.push(...provider.addressLines);
    page.parties([
      { label: t('from'), lines: providerLines },
      { label: payerLabel, lines: payerLines },
      { label: t('collectedBy'), lines: platformLines },
    ]);
  } else {
    page.parties([
      { label: t('issuedBy'), lines: platformLines },
      { label: payerLabel, lines: payerLines },
    ]);
  }

  const session = data.session;
  const therapy = inLanguage(session?.therapy ?? null, reader.language) ?? t('session');
  const modality = inLanguage(session?.modality ?? null, reader.language);
  const description =
    session && provider
      ? t(modality ? 'sessionWithModality' : 'sessionWith', { therapy, modality, provider: provider.name })
      : t(`events.${data.event}`);
  page.table(
    [
      { header: t('description'), width: 0.42 },
      { header: t('dateTime'), width: 0.28 },
      { header: t('duration'), width: 0.12, align: 'right' },
      { header: t('amount'), width: 0.18, align: 'right' },
    ],
    [
      [
        document.kind === 'refund_receipt' && session ? `${t('events.refund')}: ${description}` : description,
        session ? f.dateTime(session.startsAt) : f.dateTime(data.paidAt),
        session ? t('minutes', { count: session.durationMinutes }) : '',
        f.money(document.amountMinor, document.currencyCode),
      ],
    ],
  );

  const totals: Array<[string, string]> = [];
  if (data.tax) {
    totals.push([t('net'), f.money(document.amountMinor - data.tax.amountMinor, document.currencyCode)]);
    totals.push([
      t('taxLine', { label: t(data.tax.labelKey), rate: f.percent(data.tax.rateBps) }),
      f.money(data.tax.amountMinor, document.currencyCode),
    ]);
  }
  totals.push([
    document.kind === 'refund_receipt' ? t('totalRefunded') : invoice ? t('total') : t('totalPaid'),
    f.money(document.amountMinor, document.currencyCode),
  ]);
  page.totals(totals);

  if (document.kind !== 'refund_receipt' && data.channel) {
    page.paragraph(t(`paidBy.${data.channel}`, { date: f.dateTime(data.paidAt) }));
  }
  if (document.kind === 'refund_receipt') page.paragraph(t('refundedToWallet', { date: f.dateTime(data.paidAt) }));
  if (data.paymentReference) page.paragraph(t('reference', { reference: data.paymentReference }), { muted: true });
  if (!invoice && data.invoiceNumber) page.paragraph(t('relatesTo', { number: data.invoiceNumber }), { muted: true });
  if (invoice && provider) {
    page.paragraph(
      t('agentNote', { platform: data.platform.legalName, provider: provider.practiceName ?? provider.name }),
      {
        muted: true,
        size: 8.5,
      },
    );
    if (!data.tax) page.paragraph(t('noTax'), { muted: true, size: 8.5 });
  }
  return page.finish(platformFooter(data.platform, t));
}
