import type { Language } from '@app/shared/constants';
import { stringify } from 'csv-stringify/sync';
import { pdfWords } from './pdf/words.ts';
import type { Statement } from './statement.ts';

/** Minor units as a plain decimal a spreadsheet reads in any locale ("1234.50"). */
const decimal = (minor: number) => (minor / 100).toFixed(2);

/** A cell a spreadsheet would run as a formula (=, +, -, @ first) is written as text. */
const cell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * The statement as CSV, one row per session earned and per payout: headers in the reader's
 * language, instants in ISO 8601 (UTC), amounts as plain decimals, so spreadsheets and
 * accounting tools read it the same everywhere.
 */
export function statementCsv(statement: Statement, language: Language): string {
  const t = pdfWords(language);
  const header = [
    'type',
    'date',
    'reference',
    'client',
    'service',
    'gross',
    'commission',
    'net',
    'payout',
    'status',
    'currency',
  ].map((key) => t(`csv.${key}`));
  const sessions = statement.sessions.map((session) => [
    t('csv.session'),
    (session.startsAt ?? session.earnedAt).toISOString(),
    session.bookingId ?? '',
    cell(session.clientName),
    cell(session.therapy?.[language] ?? ''),
    decimal(session.grossMinor),
    decimal(session.commissionMinor),
    decimal(session.netMinor),
    '',
    '',
    session.currencyCode,
  ]);
  const payouts = statement.payouts.map((payout) => [
    t('csv.payoutRow'),
    payout.createdAt.toISOString(),
    payout.reference,
    '',
    '',
    '',
    '',
    '',
    decimal(payout.amountMinor),
    payout.status,
    payout.currencyCode,
  ]);
  // A byte-order mark so spreadsheet programs open the UTF-8 names (Müller, Okafor-Nwosu) correctly.
  return `\ufeff${stringify([header, ...sessions, ...payouts])}`;
}
