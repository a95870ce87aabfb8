import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { Button } from '#app/ui/button';
import { useToast } from '#app/ui/toast';
import { getCalendarFile } from '../api/get-calendar-file';

/** Saves a text as a file the browser downloads (a blob behind a temporary link). */
function saveFile(text: string, name: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** "Add to calendar": downloads the session's .ics (the API's, from the same calendar library as the reminders). */
export function AddToCalendarButton({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      saveFile(await getCalendarFile(bookingId), 'session.ics', 'text/calendar');
    } catch (error) {
      showServerError(error, { toast, t });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" loading={busy} onClick={() => void download()} data-testid="add-to-calendar">
      {t('nextSteps.addToCalendar')}
    </Button>
  );
}
