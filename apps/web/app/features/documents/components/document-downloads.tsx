import type { Language } from '@app/shared/constants';
import { useTranslation } from 'react-i18next';
import { money } from '#app/lib/money';
import { useReaderDates } from '#app/lib/reader-dates';
import { Spinner } from '#app/ui/spinner';
import { type DocumentsOf, useDocuments } from '../api/list-documents';
import { DownloadButton } from './download-button';

/**
 * The receipts and invoices of one session or wallet transaction, each with its PDF download
 * (in the page's language). Shown on the appointment and the transaction screens.
 */
export function DocumentDownloads({ of, language }: { of: DocumentsOf; language: Language }) {
  const when = useReaderDates();
  const { t } = useTranslation();
  const documents = useDocuments(of);
  return (
    <section
      aria-labelledby="documents-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="documents-heading" className="mb-3 text-lg font-semibold">
        {t('documents.heading')}
      </h2>
      {documents.isPending ? (
        <Spinner />
      ) : documents.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {documents.error.message}
        </p>
      ) : documents.data.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('documents.none')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {documents.data.data.map((document) => {
            const kind = t(`documents.kinds.${document.kind}`);
            return (
              <li
                key={document.identifier}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-medium">
                    {kind} <span className="font-mono text-sm break-all">{document.number}</span>
                  </p>
                  <p className="text-sm text-slate-600">
                    <time dateTime={document.issuedAt}>{when.date(document.issuedAt)}</time> ·{' '}
                    {money(document.amountMinor, document.currencyCode, language)}
                  </p>
                </div>
                <DownloadButton
                  path={`/documents/${document.identifier}/pdf`}
                  filename={`${document.number}.pdf`}
                  aria-label={t('documents.download', { kind, number: document.number })}
                  className="w-full sm:w-auto"
                >
                  {t('documents.pdfButton')}
                </DownloadButton>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
