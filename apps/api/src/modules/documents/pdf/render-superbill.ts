import type { Language } from '@app/shared/constants';
import type { IssuedDocument, PlatformDetails } from '../document-data.ts';
import { documentFormatter } from '../format.ts';
import { PdfPage } from './layout.ts';
import { inLanguage, pdfWords, platformFooter } from './words.ts';

export interface SuperbillLine {
  invoice: IssuedDocument;
  cpt: string | null;
  placeOfService: string;
  diagnoses: string[];
  npi: string | null;
  license: string | null;
  licenseState: string | null;
}

/**
 * A superbill: the patient, each provider with their NPI and licence, and per session the date,
 * CPT code, place of service, diagnoses, fee and amount paid. Sessions are grouped by provider
 * (an insurer reads one rendering provider per claim line).
 */
export async function renderSuperbillPdf(
  input: {
    patientName: string;
    lines: SuperbillLine[];
    period: { from: string; to: string } | null;
    platform: PlatformDetails;
    issuedAt: Date;
  },
  reader: { language: Language; timeZone: string },
): Promise<Buffer> {
  const t = pdfWords(reader.language);
  const f = documentFormatter(reader.language, reader.timeZone);
  const page = new PdfPage({
    title: t('superbill'),
    language: reader.language,
    author: input.platform.legalName,
    createdAt: input.issuedAt,
  });
  const facts: Array<[string, string]> = [[t('issued'), f.date(input.issuedAt)]];
  if (input.period) facts.push([t('period'), `${f.date(input.period.from)} – ${f.date(input.period.to)}`]);
  else if (input.lines[0]) facts.push([t('number'), input.lines[0].invoice.number]);
  page.header({ brand: input.platform.legalName, title: t('superbill'), facts });

  const byProvider = new Map<string, SuperbillLine[]>();
  for (const line of input.lines) {
    const key = line.invoice.providerId ?? '';
    byProvider.set(key, [...(byProvider.get(key) ?? []), line]);
  }
  const firstProvider = input.lines[0];
  page.parties([
    { label: t('patient'), lines: [input.patientName || t('deletedUser')] },
    ...(byProvider.size === 1 && firstProvider ? [providerBlock(firstProvider, t)] : []),
  ]);
  if (input.lines.length === 0) page.paragraph(t('noSessions'));

  let charges = 0;
  const currency = input.lines[0]?.invoice.currencyCode ?? 'USD';
  for (const lines of byProvider.values()) {
    const first = lines[0];
    if (!first) continue;
    if (byProvider.size > 1) page.parties([providerBlock(first, t)]);
    page.table(
      [
        { header: t('dateOfService'), width: 0.2 },
        { header: t('service'), width: 0.22 },
        { header: t('cpt'), width: 0.1 },
        { header: t('pos'), width: 0.07 },
        { header: t('diagnosis'), width: 0.17 },
        { header: t('units'), width: 0.08, align: 'right' },
        { header: t('fee'), width: 0.16, align: 'right' },
      ],
      lines.map((line) => {
        const session = line.invoice.data.session;
        charges += line.invoice.amountMinor;
        return [
          session ? f.dateTime(session.startsAt) : '',
          inLanguage(session?.therapy ?? null, reader.language) ?? t('session'),
          line.cpt ?? t('notBillable'),
          line.placeOfService,
          line.diagnoses.length > 0 ? line.diagnoses.join(', ') : t('noDiagnosis'),
          '1',
          f.money(line.invoice.amountMinor, line.invoice.currencyCode),
        ];
      }),
    );
  }
  if (input.lines.length > 0) {
    page.totals([
      [t('totalCharges'), f.money(charges, currency)],
      [t('totalPaidSuperbill'), f.money(charges, currency)],
    ]);
  }
  page.paragraph(t('superbillNote'), { muted: true, size: 8.5 });
  return page.finish(platformFooter(input.platform, t));
}

function providerBlock(line: SuperbillLine, t: ReturnType<typeof pdfWords>) {
  const provider = line.invoice.data.provider;
  const lines = [provider?.practiceName ?? provider?.name ?? ''];
  if (provider?.practiceName) lines.push(provider.name);
  lines.push(...(provider?.addressLines ?? []));
  if (line.npi) lines.push(`${t('npi')}: ${line.npi}`);
  if (line.license) {
    lines.push(
      `${t('license')}: ${line.licenseState ? t('licenseValue', { number: line.license, state: line.licenseState }) : line.license}`,
    );
  }
  return { label: t('provider'), lines };
}
