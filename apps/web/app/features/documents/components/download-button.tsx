import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, downloadFile } from '#app/api/client';
import { Button, type ButtonProps } from '#app/ui/button';
import { useToast } from '#app/ui/toast';

/** A button that downloads a file from the API (with the session's token) and says why when it cannot. */
export function DownloadButton({
  path,
  filename,
  children,
  ...rest
}: Omit<ButtonProps, 'onClick'> & { path: string; filename: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadFile(path, filename);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('documents.downloadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" {...rest} loading={busy} onClick={onClick}>
      {children}
    </Button>
  );
}
