import { intlLocale } from '@app/shared/constants';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { refusalText } from '#app/lib/error-text';
import { Button } from '#app/ui/button';
import { Spinner } from '#app/ui/spinner';
import { useToast } from '#app/ui/toast';
import { useDataExport } from '../api/get-data-export';
import { useRequestDataExport } from '../api/request-data-export';

function fileSize(bytes: number, language: string): string {
  const kb = bytes / 1024;
  const format = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: kb >= 1024 ? 2 : 0 });
  return kb >= 1024 ? `${format.format(kb / 1024)} MB` : `${format.format(Math.max(1, kb))} KB`;
}

/**
 * /security "Download your data" (GDPR Art. 15/20): prepare a copy (a background job on the
 * server), watch it get ready, download the JSON archive through its short-lived link.
 */
export function DataExportSection() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const state = useDataExport();
  const start = useRequestDataExport();
  const current = state.data?.export ?? null;
  const busy = current?.status === 'pending' || current?.status === 'running';

  async function prepare() {
    try {
      await start.mutateAsync();
      toast.success(t('hardening.dataExport.started'));
    } catch (error) {
      showServerError(error, { toast, t });
    }
  }

  if (state.isPending) return <Spinner />;
  if (state.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {refusalText(state.error) ?? t('common.failedToLoad')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4" data-testid="data-export">
      <p className="text-sm text-slate-700">{t('hardening.dataExport.intro')}</p>
      {busy ? (
        <p className="flex items-center gap-2 text-sm text-slate-700" role="status">
          <Spinner />
          {t(current?.status === 'running' ? 'hardening.dataExport.running' : 'hardening.dataExport.pending')}
        </p>
      ) : null}
      {current?.status === 'failed' ? (
        <p role="alert" className="text-sm text-red-700">
          {t('hardening.dataExport.failed')}
        </p>
      ) : null}
      {current?.status === 'ready' && current.download && current.expiresAt ? (
        <div className="flex flex-col gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900">
          <p role="status">
            {t('hardening.dataExport.ready', {
              size: fileSize(current.sizeBytes ?? 0, i18n.language),
              until: new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'long' }).format(
                new Date(current.expiresAt),
              ),
            })}
          </p>
          <a
            href={current.download.url}
            download
            onClick={() => void state.refetch()}
            className="inline-flex min-h-10 items-center self-start rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t('hardening.dataExport.download')}
          </a>
        </div>
      ) : null}
      {busy ? null : (
        <Button variant="secondary" className="self-start" onClick={prepare} loading={start.isPending}>
          {current ? t('hardening.dataExport.again') : t('hardening.dataExport.start')}
        </Button>
      )}
    </div>
  );
}
