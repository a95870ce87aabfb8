import { useTranslation } from 'react-i18next';
import { errorText } from '#app/lib/error-text';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { useToast } from '#app/ui/toast';
import { useDeleteClientPicture } from '../api/delete-client-picture';
import { PROFILE_MODALS } from '../lib/modals';

/** Delete picture (SPEC.md §2, side text "Are you sure"): removes the picture or chosen avatar. */
export function DeletePictureDialog() {
  const { t } = useTranslation();
  const toast = useToast();
  const modals = useModals();
  const binding = useModalBinding(PROFILE_MODALS.deletePicture);
  const remove = useDeleteClientPicture();

  async function confirm() {
    try {
      await remove.mutateAsync();
      toast.success(t('profiles.imageDeleted'));
      modals.closeAll();
    } catch (error) {
      toast.error(errorText(t, error));
    }
  }

  return (
    <Dialog
      {...binding}
      title={t('profileScreens.deletePicture.title')}
      description={t('profileScreens.deletePicture.text')}
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => modals.closeAll()} disabled={remove.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" onClick={confirm} loading={remove.isPending}>
          {t('profileScreens.deletePicture.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
