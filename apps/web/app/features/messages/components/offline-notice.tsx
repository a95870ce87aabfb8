import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '#app/lib/live-socket';

/** Says so while the live connection is down (it reconnects by itself). */
export function OfflineNotice() {
  const { t } = useTranslation();
  const status = useLiveStatus();
  if (status !== 'offline') return null;
  return (
    <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="messages-offline">
      {t('messages.offline')}
    </p>
  );
}
