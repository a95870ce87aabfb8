import { isLanguage, type Language } from '@app/shared/constants';
import {
  type CsvImportReport,
  type CsvMapping,
  CsvMappingSchema,
  type CsvRowReport,
  ImportedClientSchema,
} from '@app/shared/schemas/clients';
import { parseMessage } from '@app/shared/zod';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { rateLimitRule } from '../../platform/rate-limits.ts';
import { MAX_UPLOAD_BYTES, sniffFile } from '../../platform/uploads/sniff.ts';
import { assertApprovedProvider } from './approved.ts';
import { missingFields, parseClientsCsv, resolveMapping, rowValues } from './csv.ts';
import { existingClientEmails, type ImportRow, insertClients, invitationsFor } from './import-clients.ts';
import { claimInvitations, inviteAfterAnswer } from './invites.ts';

type ImportDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'log' | 'events'>;

/** The multipart fields of POST /clients/import/csv besides `file`. */
export interface CsvImportFields {
  dryRun?: string;
  /** JSON of CsvMapping: the provider's choice of column per field. */
  mapping?: string;
  allowInvite?: string;
  /** The invitation language for people without an account (default: the request's). */
  language?: string;
}

const truthy = (value: string | undefined) => value === 'true' || value === '1' || value === 'on';

function parseMapping(raw: string | undefined): CsvMapping {
  if (!raw) return {};
  try {
    const parsed = CsvMappingSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  throw new AppError('VALIDATION_FAILED', {}, { mapping: ['validation.invalidFormat'] });
}

const FIELD_LABELS = {
  firstName: 'clients.fields.firstName',
  lastName: 'clients.fields.lastName',
  email: 'clients.fields.email',
};

/**
 * POST /clients/import/csv (multipart `file`, `dryRun`, `mapping`, `allowInvite`, `language`).
 * The dry run reports every row: ok, invalid (with the reasons, translated), or a duplicate of
 * an existing client or of an earlier row (its line); nothing is written. Without `dryRun`, the
 * valid rows are written in one transaction (all or nothing) and reported `imported`; a row
 * that became a client meanwhile (a concurrent import) is reported as a duplicate.
 */
export async function importClientsCsv(
  deps: ImportDeps,
  input: { actor: Actor; language: Language; file: Buffer | null; fields: CsvImportFields },
): Promise<CsvImportReport> {
  if (input.actor.role !== 'provider') throw new AppError('FORBIDDEN');
  await assertApprovedProvider(deps.db, input.actor.userId);
  if (!input.file) throw new AppError('FILE_REQUIRED');
  if (input.file.length > MAX_UPLOAD_BYTES) throw new AppError('FILE_TOO_LARGE');
  if (!(await sniffFile(input.file, ['csv']))) throw new AppError('UNSUPPORTED_FILE_TYPE');
  const dryRun = input.fields.dryRun === undefined ? true : truthy(input.fields.dryRun);
  const inviteLanguage: Language = isLanguage(input.fields.language) ? input.fields.language : input.language;
  const providerId = input.actor.userId;
  const csv = parseClientsCsv(input.file);
  const mapping = resolveMapping(csv.headers, parseMapping(input.fields.mapping));
  const missing = missingFields(mapping);
  const t = (key: string, params: Record<string, unknown> = {}) => translate(input.language, key, params);

  const base = { headers: csv.headers, mapping, missing, delimiter: csv.delimiter };
  if (missing.length > 0) {
    if (!dryRun) throw new AppError('CSV_MAPPING_INCOMPLETE');
    return {
      ...base,
      dryRun,
      message: t('clients.csv.mapColumns'),
      rows: [],
      counts: { total: csv.rows.length, ok: 0, invalid: 0, duplicate: 0, imported: 0, invited: 0 },
    };
  }

  // Check every row, then who is already a client, then duplicates inside the file.
  const checked = csv.rows.map(({ line, cells }): { report: CsvRowReport; row: ImportRow | null } => {
    const values = rowValues(csv.headers, cells, mapping);
    const parsed = ImportedClientSchema.safeParse({
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
    });
    const report: CsvRowReport = {
      line,
      status: 'ok',
      reasons: [],
      duplicateOf: null,
      duplicateLine: null,
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email.toLowerCase(),
    };
    if (!parsed.success) {
      report.status = 'invalid';
      report.reasons = parsed.error.issues.map((issue) => {
        const field = String(issue.path[0] ?? '') as keyof typeof FIELD_LABELS;
        const { key, params } = parseMessage(issue.message);
        return `${FIELD_LABELS[field] ? t(FIELD_LABELS[field]) : field}: ${t(key, params)}`;
      });
      return { report, row: null };
    }
    const language = isLanguage(values.language) ? values.language : inviteLanguage;
    const row: ImportRow = { ...parsed.data, language };
    report.firstName = row.firstName;
    report.lastName = row.lastName;
    report.email = row.email;
    return { report, row };
  });
  const existing = await existingClientEmails(
    deps.db,
    providerId,
    checked.flatMap((item) => (item.row ? [item.row.email] : [])),
  );
  const firstLine = new Map<string, number>();
  for (const item of checked) {
    if (!item.row) continue;
    if (existing.has(item.row.email)) {
      item.report.status = 'duplicate';
      item.report.duplicateOf = 'existing';
      item.report.reasons = [t('clients.csv.duplicateExisting')];
      item.row = null;
      continue;
    }
    const earlier = firstLine.get(item.row.email);
    if (earlier !== undefined) {
      item.report.status = 'duplicate';
      item.report.duplicateOf = 'row';
      item.report.duplicateLine = earlier;
      item.report.reasons = [t('clients.csv.duplicateRow', { line: earlier })];
      item.row = null;
      continue;
    }
    firstLine.set(item.row.email, item.report.line);
  }

  const valid = checked.flatMap((item) => (item.row ? [item.row] : []));
  let imported = 0;
  let invited = 0;
  if (!dryRun && valid.length > 0) {
    const now = deps.clock.now();
    const allowance = rateLimitRule(deps.config, 'clientInvitesPerProvider');
    const result = await deps.db.transaction(async (tx) => {
      const written = await insertClients(tx, { providerId, rows: valid, source: 'csv', now });
      const claimed = truthy(input.fields.allowInvite)
        ? await claimInvitations(tx, { providerId, now, allowance, candidates: invitationsFor(valid, written) })
        : [];
      return { written, claimed };
    });
    const writtenEmails = new Set(result.written.map((item) => item.email));
    for (const item of checked) {
      if (!item.row) continue;
      if (writtenEmails.has(item.row.email)) {
        item.report.status = 'imported';
      } else {
        item.report.status = 'duplicate';
        item.report.duplicateOf = 'existing';
        item.report.reasons = [t('clients.csv.duplicateExisting')];
      }
    }
    imported = result.written.length;
    invited = result.claimed.length;
    inviteAfterAnswer(deps, {
      providerId,
      recordIds: result.written.map((item) => item.recordId),
      invitations: result.claimed,
    });
  }

  const rows = checked.map((item) => item.report);
  const count = (status: CsvRowReport['status']) => rows.filter((row) => row.status === status).length;
  const counts = {
    total: rows.length,
    ok: count('ok'),
    invalid: count('invalid'),
    duplicate: count('duplicate'),
    imported,
    invited,
  };
  return {
    ...base,
    dryRun,
    message: dryRun
      ? t('clients.csv.dryRunSummary', { ok: counts.ok, invalid: counts.invalid, duplicate: counts.duplicate })
      : t('clients.csv.importSummary', { count: imported }),
    rows,
    counts,
  };
}
