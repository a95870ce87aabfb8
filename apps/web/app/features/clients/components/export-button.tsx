import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { Button } from '#app/ui/button';
import { useToast } from '#app/ui/toast';
import { exportClients } from '../api/export-clients';

/** "Export CSV": fetches the list (with the bearer token) and saves it as clients.csv. */
export function ExportButton() {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const csv = await exportClients();
          const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
          const link = document.createElement('a');
          link.href = url;
          link.download = 'clients.csv';
          link.click();
          setTimeout(() => URL.revokeObjectURL(url), 1000);
        } catch (error) {
          toast.error(error instanceof ApiError ? error.message : String(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('clients.exportCsv')}
    </Button>
  );
}
