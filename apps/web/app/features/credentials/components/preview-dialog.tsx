import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#app/ui/dialog';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { Spinner } from '#app/ui/spinner';
import { CREDENTIAL_MODALS } from '../modals';

const PREVIEWABLE = new Set(['application/pdf', 'image/png', 'image/jpeg']);

/**
 * "preview files": the file in an embedded frame. The signed link answers as a download, so the
 * bytes are fetched and shown from a local blob: URL (PDF and images); Word files offer a download.
 */
export function PreviewDialog() {
  const { t } = useTranslation();
  const binding = useModalBinding(CREDENTIAL_MODALS.preview);
  const file = useModals().propsOf(CREDENTIAL_MODALS.preview)?.file;
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!binding.open || !file || !PREVIEWABLE.has(file.contentType)) return;
    let url: string | null = null;
    let cancelled = false;
    setFailed(false);
    fetch(file.url, { credentials: 'same-origin' })
      .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(String(response.status)))))
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(new Blob([blob], { type: file.contentType }));
        setBlobUrl(url);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
      setBlobUrl(null);
    };
  }, [binding.open, file]);

  return (
    <Dialog {...binding} title={t('credentials.files.previewTitle')} description={file?.filename} size="lg">
      {file && PREVIEWABLE.has(file.contentType) && !failed ? (
        blobUrl ? (
          <iframe src={blobUrl} title={file.filename} className="h-[70vh] w-full rounded-lg border border-slate-200" />
        ) : (
          <Spinner />
        )
      ) : (
        <p className="text-sm text-slate-700">{t('credentials.files.noPreview')}</p>
      )}
      {file ? (
        <a className="mt-4 inline-block font-medium text-brand-700 underline" href={file.url} download={file.filename}>
          {t('credentials.files.download')}
        </a>
      ) : null}
    </Dialog>
  );
}
