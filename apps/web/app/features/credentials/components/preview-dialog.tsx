import { useTranslation } from 'react-i18next';
import { Dialog } from '#app/ui/dialog';
import { FilePreviewFrame } from '#app/ui/file-preview';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { CREDENTIAL_MODALS } from '../lib/modals';

/**
 * "preview files": the file in an embedded frame (PDF and images, from a local blob: URL; see
 * FilePreviewFrame); Word files offer a download.
 */
export function PreviewDialog() {
  const { t } = useTranslation();
  const binding = useModalBinding(CREDENTIAL_MODALS.preview);
  const file = useModals().propsOf(CREDENTIAL_MODALS.preview)?.file;

  return (
    <Dialog {...binding} title={t('credentials.files.previewTitle')} description={file?.filename} size="lg">
      {file && binding.open ? (
        <FilePreviewFrame
          file={file}
          fallback={<p className="text-sm text-slate-700">{t('credentials.files.noPreview')}</p>}
        />
      ) : null}
      {file ? (
        <a className="mt-4 inline-block font-medium text-brand-700 underline" href={file.url} download={file.filename}>
          {t('credentials.files.download')}
        </a>
      ) : null}
    </Dialog>
  );
}
