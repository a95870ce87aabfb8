import type { CsvMapping } from '@app/shared/schemas/clients';
import { CSV_IMPORT_MAX_ROWS } from '@app/shared/schemas/clients';
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { AppError } from '../../platform/app-error.ts';

/** The first line's most frequent separator outside quotes: `;` (German spreadsheets), `,` or a tab. */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as keyof typeof counts] += 1;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[',']) return '\t';
  return ',';
}

export interface ParsedCsv {
  headers: string[];
  /** Data rows with their line in the file (the header is line 1). */
  rows: Array<{ line: number; cells: string[] }>;
  delimiter: ',' | ';' | '\t';
}

/**
 * Reads an uploaded CSV with csv-parse: UTF-8 with or without BOM, `,` `;` or tab separated,
 * quoted fields (commas, separators and line breaks inside quotes), blank lines skipped.
 */
export function parseClientsCsv(bytes: Buffer): ParsedCsv {
  const text = bytes.toString('utf8');
  const delimiter = detectDelimiter(text.replace(/^\uFEFF/, ''));
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(bytes, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      info: true,
      max_record_size: 64 * 1024,
      to: CSV_IMPORT_MAX_ROWS + 2,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    if (error instanceof CsvError) {
      throw new AppError('CSV_UNREADABLE', { line: (error as unknown as { lines?: number }).lines ?? 0 });
    }
    throw error;
  }
  const [header, ...data] = records;
  if (!header) throw new AppError('CSV_EMPTY');
  if (data.length > CSV_IMPORT_MAX_ROWS) throw new AppError('CSV_TOO_MANY_ROWS', { maximum: CSV_IMPORT_MAX_ROWS });
  return {
    headers: header.record.map((cell) => cell.trim()),
    rows: data.map((entry) => ({ line: entry.info.lines, cells: entry.record })),
    delimiter,
  };
}

/** Header words that mean each field, compared without case, spaces, dashes or underscores. */
const SYNONYMS: Record<keyof CsvMapping, string[]> = {
  firstName: ['firstname', 'first', 'givenname', 'forename', 'vorname'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'nachname', 'familienname'],
  fullName: ['name', 'fullname', 'clientname', 'vollständigername'],
  email: ['email', 'emailaddress', 'mail', 'emailadresse', 'mailadresse'],
  language: ['language', 'lang', 'sprache'],
};

const squash = (header: string) => header.toLowerCase().replace(/[\s_\-.]/g, '');

/** The mapping found from the headers, overridden by the provider's choices (unknown headers dropped). */
export function resolveMapping(headers: readonly string[], chosen: CsvMapping = {}): CsvMapping {
  const mapping: CsvMapping = {};
  for (const field of Object.keys(SYNONYMS) as Array<keyof CsvMapping>) {
    const found = headers.find((header) => SYNONYMS[field].includes(squash(header)));
    if (found) mapping[field] = found;
  }
  for (const [field, header] of Object.entries(chosen) as Array<[keyof CsvMapping, string | undefined]>) {
    if (header === undefined) continue;
    if (header === '') delete mapping[field];
    else if (headers.includes(header)) mapping[field] = header;
  }
  if (mapping.firstName && mapping.lastName) delete mapping.fullName;
  return mapping;
}

/** Fields the mapping cannot fill: email, and a name (first and last, or one full-name column). */
export function missingFields(mapping: CsvMapping): Array<'firstName' | 'lastName' | 'email'> {
  const missing: Array<'firstName' | 'lastName' | 'email'> = [];
  if (!mapping.firstName && !mapping.fullName) missing.push('firstName');
  if (!mapping.lastName && !mapping.fullName) missing.push('lastName');
  if (!mapping.email) missing.push('email');
  return missing;
}

/**
 * A full name as people write it: "Müller, Hans" (last name first, as lists and spreadsheets
 * sort) is split at its comma; "Hans Müller" at its last space.
 */
export function splitFullName(value: string): { firstName: string; lastName: string } {
  const full = value.replace(/\s+/g, ' ').trim();
  const comma = full.indexOf(',');
  if (comma > 0) return { firstName: full.slice(comma + 1).trim(), lastName: full.slice(0, comma).trim() };
  const space = full.lastIndexOf(' ');
  return space > 0
    ? { firstName: full.slice(0, space), lastName: full.slice(space + 1) }
    : { firstName: full, lastName: '' };
}

/** One row's values under a mapping; a full name is split by `splitFullName`. */
export function rowValues(
  headers: readonly string[],
  cells: readonly string[],
  mapping: CsvMapping,
): { firstName: string; lastName: string; email: string; language: string } {
  const cell = (header: string | undefined) => (header ? (cells[headers.indexOf(header)] ?? '').trim() : '');
  let firstName = cell(mapping.firstName);
  let lastName = cell(mapping.lastName);
  if ((!mapping.firstName || !mapping.lastName) && mapping.fullName) {
    const full = splitFullName(cell(mapping.fullName));
    if (!mapping.firstName) firstName = full.firstName;
    if (!mapping.lastName) lastName = full.lastName;
  }
  return { firstName, lastName, email: cell(mapping.email), language: cell(mapping.language).toLowerCase() };
}

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first)
 * gets a leading apostrophe, so it is shown as text (OWASP "CSV injection"). Every export goes
 * through this.
 */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A CSV document (comma-separated, quoted as needed, CRLF, BOM for spreadsheets) with every cell neutralized. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | null>>): string {
  return stringify([header.map(neutralizeCell), ...rows.map((row) => row.map((cell) => neutralizeCell(cell ?? '')))], {
    bom: true,
    record_delimiter: 'windows',
    quoted_match: /[",\r\n;]/,
  });
}
