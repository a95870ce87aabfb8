import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, downloadFile } from '#app/api/client';
import { Button } from '#app/ui/button';
import { useToast } from '#app/ui/toast';

/** Downloads the signed copy (PDF) of one signature with the session's token. */
export function DownloadSignedCopy({
  signatureId,
  version,
  label,
}: {
  signatureId: string;
  version: number;
  label: string;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadFile(`/consent/signatures/${encodeURIComponent(signatureId)}/pdf`, `consent-v${version}.pdf`);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('documents.downloadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" loading={busy} onClick={onClick} data-testid="download-signed-consent">
      {label}
    </Button>
  );
}
