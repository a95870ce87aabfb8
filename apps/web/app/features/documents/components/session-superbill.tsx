import { useTranslation } from 'react-i18next';
import { DownloadButton } from './download-button';

/**
 * A US client's superbills of a paid session with a US provider: this session's, and the month's
 * (all their paid sessions with US providers that month, in their time zone).
 */
export function SessionSuperbill({ bookingId, month }: { bookingId: string; month: string }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="superbill-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="superbill-heading" className="text-lg font-semibold">
        {t('documents.superbill.heading')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{t('documents.superbill.intro')}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <DownloadButton
          path={`/documents/superbills/sessions/${encodeURIComponent(bookingId)}/pdf`}
          filename="superbill.pdf"
          className="w-full sm:w-auto"
        >
          {t('documents.superbill.session')}
        </DownloadButton>
        <DownloadButton
          path={`/documents/superbills/months/${month}/pdf`}
          filename={`superbill-${month}.pdf`}
          className="w-full sm:w-auto"
        >
          {t('documents.superbill.month')}
        </DownloadButton>
      </div>
    </section>
  );
}
