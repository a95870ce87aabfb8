import { MONTH_PATTERN } from '@app/shared/billing-rules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from './download-button';

/** A provider's monthly statement of one month: PDF or CSV. The month input starts at `initialMonth`. */
export function StatementDownloads({ initialMonth }: { initialMonth: string }) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(initialMonth);
  const inputId = useId();
  const valid = MONTH_PATTERN.test(month);
  return (
    <section
      aria-labelledby="statement-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="statement-heading" className="text-lg font-semibold">
        {t('documents.statement.heading')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{t('documents.statement.intro')}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            {t('documents.statement.month')}
          </label>
          <input
            id={inputId}
            type="month"
            value={month}
            max={initialMonth}
            onChange={(event) => setMonth(event.target.value)}
            aria-invalid={valid ? undefined : true}
            className="min-h-10 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          />
          {valid ? null : (
            <p role="alert" className="text-sm text-red-700">
              {t('documents.invalidMonth')}
            </p>
          )}
        </div>
        <DownloadButton
          path={`/documents/statements/${month}?format=pdf`}
          filename={`statement-${month}.pdf`}
          disabled={!valid}
          className="w-full sm:w-auto"
        >
          {t('documents.statement.pdf')}
        </DownloadButton>
        <DownloadButton
          path={`/documents/statements/${month}?format=csv`}
          filename={`statement-${month}.csv`}
          disabled={!valid}
          className="w-full sm:w-auto"
        >
          {t('documents.statement.csv')}
        </DownloadButton>
      </div>
    </section>
  );
}
