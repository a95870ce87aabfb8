import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { useToast } from '#app/ui/toast';
import { useDeleteNote } from '../api/delete-note';
import { NOTE_MODALS } from '../lib/modals';

/** "Delete session note" / "Delete client note": asks once, then deletes and says so. */
export function DeleteNoteDialog() {
  const { t } = useTranslation();
  const toast = useToast();
  const modals = useModals();
  const binding = useModalBinding(NOTE_MODALS.remove);
  const note = modals.propsOf(NOTE_MODALS.remove)?.note;
  const remove = useDeleteNote();
  const isSession = note?.type === 'booking';
  return (
    <Dialog {...binding} title={t(isSession ? 'notes.deleteSessionTitle' : 'notes.deleteClientTitle')}>
      <p className="text-sm text-slate-700">{t('notes.deleteBody', { title: note?.title ?? '' })}</p>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => modals.closeAll()}>
          {t('notes.cancel')}
        </Button>
        <Button
          variant="danger"
          loading={remove.isPending}
          onClick={async () => {
            if (!note) return;
            try {
              toast.success((await remove.mutateAsync(note.identifier)).message);
              modals.closeAll();
            } catch (error) {
              toast.error(error instanceof ApiError ? error.message : String(error));
            }
          }}
        >
          {t('notes.deleteConfirm')}
        </Button>
      </div>
    </Dialog>
  );
}
