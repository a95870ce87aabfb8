import type { Language } from '@app/shared/constants';
import { MAX_UPLOAD_BYTES } from '@app/shared/constants';
import type { CsvImportReport, CsvMapping, CsvRowReport } from '@app/shared/schemas/clients';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import { FieldMessages } from '#app/ui/field';
import { SelectField } from '#app/ui/form-fields';
import { useImportClientsCsv } from '../api/import-clients';

const MAPPED_FIELDS = ['firstName', 'lastName', 'fullName', 'email', 'language'] as const;
const STATUS_KEYS: Record<CsvRowReport['status'], string> = {
  ok: 'statusOk',
  invalid: 'statusInvalid',
  duplicate: 'statusDuplicate',
  imported: 'statusImported',
};
const STATUS_STYLES: Record<CsvRowReport['status'], string> = {
  ok: 'bg-emerald-50 text-emerald-900',
  invalid: 'bg-red-50 text-red-800',
  duplicate: 'bg-amber-50 text-amber-900',
  imported: 'bg-brand-50 text-brand-800',
};

/**
 * Import from a CSV file (/clients/imported/): upload, check (a dry run: the header mapping and
 * each row's result), change the mapping and check again, then import the valid rows at once.
 */
export function CsvImport({ language }: { language: Language }) {
  const { t } = useTranslation();
  const id = useId();
  const run = useImportClientsCsv();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [mapping, setMapping] = useState<CsvMapping>({});
  const [allowInvite, setAllowInvite] = useState(false);
  const [report, setReport] = useState<CsvImportReport | null>(null);

  const send = async (dryRun: boolean, chosen: CsvMapping) => {
    if (!file) {
      setFileError(t('errors.FILE_REQUIRED'));
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setFileError(t('errors.FILE_TOO_LARGE'));
      return;
    }
    setFileError(undefined);
    try {
      const answer = await run.mutateAsync({ file, dryRun, mapping: chosen, allowInvite, language });
      setReport(answer);
      setMapping(answer.mapping);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setFileError(error.message);
    }
  };

  const check = (event: FormEvent) => {
    event.preventDefault();
    setReport(null);
    void send(true, {});
  };

  const reset = () => {
    setFile(null);
    setReport(null);
    setMapping({});
  };

  const ready = report?.dryRun ? report.counts.ok : 0;

  return (
    <section
      id="csv-import"
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('clients.csvImport.title')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{t('clients.csvImport.intro')}</p>
      {report && !report.dryRun ? (
        <div className="flex flex-col gap-3">
          <p role="status" className="rounded-xl bg-emerald-50 p-3 text-sm font-medium text-emerald-900">
            {t('clients.csvImport.done', { count: report.counts.imported })}
          </p>
          <ReportTable report={report} />
          <Button variant="secondary" className="self-start" onClick={reset}>
            {t('clients.csvImport.another')}
          </Button>
        </div>
      ) : (
        <form onSubmit={check} noValidate className="flex flex-col gap-4" data-testid="csv-import">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-file`} className="text-sm font-medium">
              {t('clients.csvImport.file')}
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              className="text-sm"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? `${id}-file-error` : undefined}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setReport(null);
                setMapping({});
              }}
            />
            <FieldMessages id={`${id}-file`} error={fileError} />
          </div>
          <Button type="submit" variant="secondary" loading={run.isPending && !report} className="self-start">
            {t('clients.csvImport.check')}
          </Button>
          {report ? (
            <>
              <fieldset className="flex flex-col gap-3">
                <legend className="text-sm font-semibold">{t('clients.csvImport.mapping')}</legend>
                <p className="text-sm text-slate-600">{t('clients.csvImport.mappingHint')}</p>
                <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
                  {MAPPED_FIELDS.map((field) => (
                    <SelectField
                      key={field}
                      label={t(`clients.fields.${field}`)}
                      emptyLabel={t('clients.csvImport.notMapped')}
                      options={report.headers.map((header) => ({ value: header, label: header }))}
                      value={mapping[field] ?? ''}
                      onChange={(event) => setMapping((current) => ({ ...current, [field]: event.target.value }))}
                    />
                  ))}
                </div>
                {report.missing.length > 0 ? (
                  <p role="alert" className="text-sm text-red-700">
                    {t('clients.csvImport.missing', {
                      fields: report.missing.map((field) => t(`clients.fields.${field}`)).join(', '),
                    })}
                  </p>
                ) : null}
                <Button
                  variant="secondary"
                  className="self-start"
                  loading={run.isPending}
                  onClick={() => send(true, mapping)}
                >
                  {t('clients.csvImport.recheck')}
                </Button>
              </fieldset>
              {report.missing.length === 0 ? (
                <>
                  <p className="text-sm font-medium text-slate-800" role="status">
                    {t('clients.csvImport.summary', report.counts)}
                  </p>
                  <ReportTable report={report} />
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={allowInvite}
                      onChange={(event) => setAllowInvite(event.target.checked)}
                    />
                    {t('clients.csvImport.allowInvite')}
                  </label>
                  {ready > 0 ? (
                    <Button
                      className="self-start"
                      loading={run.isPending}
                      onClick={() => send(false, mapping)}
                      data-testid="csv-commit"
                    >
                      {t('clients.csvImport.commit', { count: ready })}
                    </Button>
                  ) : (
                    <p className="text-sm text-slate-600">{t('clients.csvImport.nothingToImport')}</p>
                  )}
                </>
              ) : null}
            </>
          ) : null}
        </form>
      )}
    </section>
  );
}

function ReportTable({ report }: { report: CsvImportReport }) {
  const { t } = useTranslation();
  return (
    <div className="max-h-96 overflow-auto rounded-xl border border-slate-200">
      <table className="w-full text-left text-sm" data-testid="csv-report">
        <caption className="sr-only">{t('clients.csvImport.report')}</caption>
        <thead className="sticky top-0 bg-slate-50">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('clients.csvImport.line')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('clients.fields.fullName')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('clients.fields.email')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('clients.csvImport.status')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('clients.csvImport.reason')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {report.rows.map((row) => (
            <tr key={row.line}>
              <td className="px-3 py-2 tabular-nums">{row.line}</td>
              <td className="px-3 py-2">{`${row.firstName} ${row.lastName}`.trim()}</td>
              <td className="px-3 py-2 break-all">{row.email}</td>
              <td className="px-3 py-2">
                <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STATUS_STYLES[row.status])}>
                  {t(`clients.csvImport.${STATUS_KEYS[row.status]}`)}
                </span>
              </td>
              <td className="px-3 py-2 text-slate-700">{row.reasons.join('; ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
